/**
 * The listing index's vehicle filter (docs/architecture.md "Vehicle fitment", Speed): a vehicle is answered the way a facet is, with
 * bitsets (one bit per slot) kept on every product change, never by scanning fitment per request:
 * - `universal`: universal-fit and not-vehicle-specific products (shown with every vehicle);
 * - `unknown`: products without fitment data (hidden with a vehicle, counted as `hiddenUnknown`, shown on request);
 * - per make, per make + model and per make + model + generation: the products with such an application;
 * - per make + model, the generation and year-range applications with their month ranges, for the overlap a model
 *   year or another generation needs (a handful per model, checked with domain/fitment's `applicationCovers`).
 * What fits a vehicle is then `universal | make | model | generation | (ranged applications covering it)`: the same
 * answer as domain/fitment `answerFitment` per product (tests/fitment-listing.int.spec.ts checks it by brute force).
 */
import { applicationInterval, type ChosenVehicle, type Fitment, vehicleInterval } from '../../domain/fitment/fitment.js';
import { clear, grown, set } from './listing-bitset.js';

/** Vehicles whose fitting bitsets are kept (each one bit per product: ~12 KB at 100,000 products). */
const FITTING_CACHE_SIZE = 256;

/** A generation or year-range application's kind and month interval (domain/fitment `applicationInterval`), made once. */
type Ranged = { years: boolean; lo: number; hi: number };

export class FitmentIndex {
  private words32 = 0;
  universal = new Uint32Array(0);
  unknown = new Uint32Array(0);
  private readonly byMake = new Map<string, Uint32Array<ArrayBuffer>>();
  private readonly byModel = new Map<string, Uint32Array<ArrayBuffer>>();
  private readonly byGeneration = new Map<string, Uint32Array<ArrayBuffer>>();
  /** `make.model` -> slot -> its generation and year-range applications. */
  private readonly ranged = new Map<string, Map<number, Ranged[]>>();
  /** Each slot's fitment (null: unknown), for the per-product answer. */
  private readonly fitmentOf: (Fitment | null)[] = [];
  /**
   * The fitting bitsets (universal included) of the vehicles asked for lately, least recently asked first, at most
   * FITTING_CACHE_SIZE: kept exact on every product change (`setSlot` decides the changed slot again in each), so a
   * listing with a vehicle takes its bitset without a union per request.
   */
  private readonly fittingCache = new Map<string, { vehicle: ChosenVehicle; bits: Uint32Array<ArrayBuffer> }>();

  /** Makes room for `words` 32-bit words per bitset (called by the index when it grows). */
  grow(words: number): void {
    if (words <= this.words32) return;
    this.universal = grown(this.universal, words);
    this.unknown = grown(this.unknown, words);
    for (const map of [this.byMake, this.byModel, this.byGeneration]) for (const [k, bits] of map) map.set(k, grown(bits, words));
    for (const entry of this.fittingCache.values()) entry.bits = grown(entry.bits, words);
    this.words32 = words;
  }

  /** The slot's fitment, null when unknown. */
  fitment(slot: number): Fitment | null {
    return this.fitmentOf[slot] ?? null;
  }

  private bitsIn(map: Map<string, Uint32Array<ArrayBuffer>>, key: string): Uint32Array<ArrayBuffer> {
    let bits = map.get(key);
    if (!bits) map.set(key, (bits = new Uint32Array(this.words32)));
    return bits;
  }

  private mark(slot: number, fitment: Fitment | null, on: boolean): void {
    const op = on ? set : clear;
    if (!fitment || fitment.mode === 'unknown' || (fitment.mode === 'applications' && !fitment.applications.length)) return op(this.unknown, slot);
    if (fitment.mode !== 'applications') return op(this.universal, slot);
    for (const a of fitment.applications) {
      if (a.kind === 'make') op(this.bitsIn(this.byMake, a.make), slot);
      else if (a.kind === 'model') op(this.bitsIn(this.byModel, `${a.make}.${a.model}`), slot);
      else {
        if (a.kind === 'generation') op(this.bitsIn(this.byGeneration, `${a.make}.${a.model}.${a.generation}`), slot);
        const key = `${a.make}.${a.model}`;
        let perSlot = this.ranged.get(key);
        if (!perSlot) this.ranged.set(key, (perSlot = new Map()));
        const [lo, hi] = applicationInterval(a)!;
        if (on) perSlot.set(slot, [...(perSlot.get(slot) ?? []), { years: a.kind === 'years', lo, hi }]);
        else perSlot.delete(slot);
      }
    }
  }

  /** Sets one slot's fitment (null: unknown), replacing what it had. */
  setSlot(slot: number, fitment: Fitment | null, isNew: boolean): void {
    if (!isNew) this.mark(slot, this.fitmentOf[slot] ?? null, false);
    this.fitmentOf[slot] = fitment && fitment.mode !== 'unknown' ? fitment : null;
    this.mark(slot, this.fitmentOf[slot], true);
    for (const { vehicle, bits } of this.fittingCache.values()) (this.slotFits(slot, vehicle) ? set : clear)(bits, slot);
  }

  /** Whether one slot fits `vehicle`: the rule of `fitting` for one slot (universal, make, model, generation, ranges). */
  private slotFits(slot: number, vehicle: ChosenVehicle): boolean {
    const fitment = this.fitmentOf[slot];
    if (!fitment || (fitment.mode === 'applications' && !fitment.applications.length)) return false;
    if (fitment.mode !== 'applications') return true;
    const [vLo, vHi] = vehicleInterval(vehicle);
    const byYear = !('generation' in vehicle);
    for (const a of fitment.applications) {
      if (a.make !== vehicle.make) continue;
      if (a.kind === 'make') return true;
      if (a.model !== vehicle.model) continue;
      if (a.kind === 'model') return true;
      if (a.kind === 'generation' && !byYear && a.generation === (vehicle as { generation: string }).generation) return true;
      if (a.kind === 'years' || byYear) {
        const [lo, hi] = applicationInterval(a)!;
        if (lo <= vHi && vLo <= hi) return true;
      }
    }
    return false;
  }

  /**
   * The slots that fit `vehicle` (as `fitting`, universal included), made once and then kept exact on every change
   * while among the FITTING_CACHE_SIZE vehicles asked for last. Read only: the caller must not change it.
   */
  fittingBits(vehicle: ChosenVehicle): Uint32Array {
    const key = 'generation' in vehicle ? `${vehicle.make}.${vehicle.model}.${vehicle.generation}` : `${vehicle.make}.${vehicle.model}.${vehicle.year}`;
    const hit = this.fittingCache.get(key);
    if (hit) {
      this.fittingCache.delete(key);
      this.fittingCache.set(key, hit);
      return hit.bits;
    }
    const bits = new Uint32Array(this.words32);
    this.fitting(vehicle, bits);
    if (this.fittingCache.size >= FITTING_CACHE_SIZE) this.fittingCache.delete(this.fittingCache.keys().next().value!);
    this.fittingCache.set(key, { vehicle, bits });
    return bits;
  }

  /**
   * Writes into `out` (all words overwritten) the slots that fit `vehicle`: universal, make, model, generation, ranges.
   * `withUniversal` false leaves the universal and not-vehicle-specific parts out (a vehicle landing page lists the
   * parts made for the vehicle).
   */
  fitting(vehicle: ChosenVehicle, out: Uint32Array, withUniversal = true): void {
    if (withUniversal) out.set(this.universal);
    else out.fill(0);
    const or = (bits: Uint32Array | undefined) => {
      if (bits) for (let i = 0; i < out.length; i++) out[i] |= bits[i];
    };
    const model = `${vehicle.make}.${vehicle.model}`;
    or(this.byMake.get(vehicle.make));
    or(this.byModel.get(model));
    if ('generation' in vehicle) or(this.byGeneration.get(`${model}.${vehicle.generation}`));
    // The same rule as domain/fitment `applicationCovers` for these kinds (make and model already match by the key):
    // a generation vehicle takes year ranges that overlap it (its own generation came from byGeneration above);
    // a model year takes generations and year ranges that overlap the year.
    const [vLo, vHi] = vehicleInterval(vehicle);
    const byYear = !('generation' in vehicle);
    for (const [slot, apps] of this.ranged.get(model) ?? []) {
      for (const a of apps) {
        if ((a.years || byYear) && a.lo <= vHi && vLo <= a.hi) {
          set(out, slot);
          break;
        }
      }
    }
  }

  /**
   * Writes into `out` (all words overwritten) the slots with an application to the whole model or to any part of it:
   * the make, the model, any of its generations or year ranges (a model's landing page, `/vehicles/{make}/{model}`).
   * Universal parts are left out.
   */
  fittingModel(make: string, model: string, out: Uint32Array): void {
    out.fill(0);
    const key = `${make}.${model}`;
    for (const bits of [this.byMake.get(make), this.byModel.get(key)]) if (bits) for (let i = 0; i < out.length; i++) out[i] |= bits[i];
    for (const slot of this.ranged.get(key)?.keys() ?? []) set(out, slot);
  }

  /** Whether any slot has an application naming the make (`model` given: the make as a whole, or that model). */
  mayHaveParts(make: string, model?: string): boolean {
    if (this.byMake.has(make)) return true;
    if (model === undefined) {
      for (const key of this.byModel.keys()) if (key.startsWith(`${make}.`)) return true;
      for (const key of this.ranged.keys()) if (key.startsWith(`${make}.`)) return true;
      return false;
    }
    return this.byModel.has(`${make}.${model}`) || (this.ranged.get(`${make}.${model}`)?.size ?? 0) > 0;
  }
}
