import { describe, expect, it } from 'vitest';
import { findLiveWords } from './listing-bitset.js';
import { FacetIndex, type FacetList } from './listing-facets.js';

/** A small deterministic random generator (mulberry32), so a failure repeats. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The rule of spec 3 `availableFilters` as listing-facets.ts states it, written plainly: names in `${name}=` order, values by count then value, 100 at most. */
function reference(pairsOfMembers: string[][]): FacetList {
  const counts = new Map<string, Map<string, number>>();
  for (const pairs of pairsOfMembers) {
    for (const pair of new Set(pairs)) {
      const i = pair.indexOf('=');
      const [name, value] = [pair.slice(0, i), pair.slice(i + 1)];
      if (!counts.has(name)) counts.set(name, new Map());
      counts.get(name)!.set(value, (counts.get(name)!.get(value) ?? 0) + 1);
    }
  }
  return [...counts.keys()]
    .sort((a, b) => (`${a}=` < `${b}=` ? -1 : 1))
    .map((name) => ({
      name,
      options: Object.fromEntries([...counts.get(name)!.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, 100)),
    }));
}

describe('FacetIndex.count', () => {
  const rnd = random(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  // Names whose order differs with and without the '=' (code-unit order of `${name}=`), values with digits, case and '='.
  const NAMES = ['A', 'A B', 'Ab', 'a', 'Ä', 'Size', 'Size mm', 'OE'];
  const value = () => (rnd() < 0.3 ? String(Math.floor(rnd() * 300)) : rnd() < 0.5 ? pick(['front', 'Front', 'rear', 'x=y', 'Ü', 'ü', '']) : `v${Math.floor(rnd() * 400)}`);

  it('formats counts as the plain rule does: name order, count then value, at most 100 values, also after new values came, counted either way', () => {
    const facets = new FacetIndex();
    const slots: string[][] = [];
    const ids: number[][] = [];
    const place = (slot: number, pairs: string[]) => {
      slots[slot] = pairs;
      ids[slot] = facets.setSlotFacets(slot, ids[slot] ?? [], pairs);
    };
    for (let s = 0; s < 3000; s++) place(s, Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => `${pick(NAMES)}=${value()}`));
    for (let round = 0; round < 20; round++) {
      const members = new Uint32Array(Math.ceil(slots.length / 32));
      const chosen: string[][] = [];
      const share = rnd();
      for (let s = 0; s < slots.length; s++) {
        if (rnd() < share) {
          members[s >>> 5] |= 1 << (s & 31);
          chosen.push(slots[s]);
        }
      }
      const expected = reference(chosen);
      expect(facets.count(members, ids)).toEqual(expected);
      // Both ways of counting (by members, by posting lists) give the rule's answer, keys in the same order.
      for (const by of ['members', 'postings'] as const) expect(JSON.stringify(facets.count(members, ids, by))).toBe(JSON.stringify(expected));
      // Reading only the words that hold a member (a search's LiveWords) counts the same.
      const live = findLiveWords(members, { words: new Int32Array(members.length), n: 0 });
      for (const by of [undefined, 'members', 'postings'] as const) expect(JSON.stringify(facets.count(members, ids, by, live))).toBe(JSON.stringify(expected));
      // New names and values between rounds: the ranks are made again.
      for (let k = 0; k < 5; k++) place(Math.floor(rnd() * slots.length), [`${pick(NAMES)}${round}=${value()}`, `${pick(NAMES)}=new${round}-${k}`]);
    }
  });
});
