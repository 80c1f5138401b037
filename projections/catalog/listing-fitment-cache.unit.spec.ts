/**
 * The kept fitting bitsets of FitmentIndex (listing-fitment.ts `fittingBits`, docs/architecture.md "Vehicle fitment", Speed): after
 * any sequence of product changes, each kept vehicle's bitset equals the union made afresh (`fitting`), for
 * generations, model years, make, model, generation and year-range applications, universal and unknown parts, and
 * while the index grows.
 */
import { describe, expect, it } from 'vitest';
import type { Application, ChosenVehicle, Fitment } from '../../domain/fitment/fitment.js';
import { FitmentIndex } from './listing-fitment.js';

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VEHICLES: ChosenVehicle[] = [
  { make: 'mg', model: 'mgb', generation: '1962-1980', from: '1962-05', to: '1980-10' },
  { make: 'mg', model: 'mgb', year: 1972 },
  { make: 'mg', model: 'mgb', year: 1985 },
  { make: 'triumph', model: 'tr6', generation: '1968-1976', from: '1968-01', to: '1976-12' },
  { make: 'triumph', model: 'tr6', year: 1970 },
  { make: 'rover', model: 'mini', generation: '1991-on', from: '1991-01', to: null },
  { make: 'rover', model: 'mini', year: 2000 },
];

function someFitment(next: () => number): Fitment | null {
  const r = next();
  if (r < 0.15) return null;
  if (r < 0.25) return { mode: 'universal', applications: [] };
  if (r < 0.3) return { mode: 'not-vehicle-specific', applications: [] };
  const apps: Application[] = [];
  const n = 1 + Math.floor(next() * 3);
  for (let i = 0; i < n; i++) {
    const v = VEHICLES[Math.floor(next() * VEHICLES.length)]!;
    const k = next();
    if (k < 0.15) apps.push({ kind: 'make', make: v.make, label: v.make });
    else if (k < 0.35) apps.push({ kind: 'model', make: v.make, model: v.model, label: v.model });
    else if (k < 0.7 && 'generation' in v) apps.push({ kind: 'generation', make: v.make, model: v.model, generation: v.generation, from: v.from, to: v.to, label: v.generation });
    else {
      const from = 1960 + Math.floor(next() * 45);
      apps.push({ kind: 'years', make: v.make, model: v.model, fromYear: from, toYear: from + Math.floor(next() * 8), label: `${from}` });
    }
  }
  return { mode: 'applications', applications: apps };
}

describe('FitmentIndex kept fitting bitsets', () => {
  it('equal a fresh union after every change, while the index grows', () => {
    const next = random(42);
    const index = new FitmentIndex();
    let slots = 0;
    let words = 0;
    const grow = (n: number) => {
      const need = Math.ceil(n / 32);
      if (need > words) index.grow((words = Math.max(need, Math.ceil(words * 1.5))));
    };
    for (let round = 0; round < 2000; round++) {
      if (slots < 3000 && (slots < 50 || next() < 0.5)) {
        grow(slots + 1);
        index.setSlot(slots++, someFitment(next), true);
      } else index.setSlot(Math.floor(next() * slots), someFitment(next), false);
      if (round % 50 === 0) for (const v of VEHICLES) index.fittingBits(v); // keep every vehicle
      if (round % 97 === 0) {
        for (const v of VEHICLES) {
          const fresh = new Uint32Array(words);
          index.fitting(v, fresh);
          expect([...index.fittingBits(v)], JSON.stringify(v)).toEqual([...fresh]);
        }
      }
    }
    for (const v of VEHICLES) {
      const fresh = new Uint32Array(words);
      index.fitting(v, fresh);
      expect([...index.fittingBits(v)]).toEqual([...fresh]);
    }
  });
});
