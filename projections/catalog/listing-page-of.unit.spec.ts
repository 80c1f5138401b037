/**
 * `pageOf` (listing-sort-orders.ts) against a brute-force order: for random member sets, small and large (the gathered
 * path sorts the bucket's ranks, the walking path reads the order), with and without buckets, forwards and
 * backwards, at several offsets, a page is the members sorted by bucket then rank, sliced.
 */
import { describe, expect, it } from 'vitest';
import { findLiveWords, set } from './listing-bitset.js';
import { pageOf, pageOfBuckets, SortOrder } from './listing-sort-orders.js';

function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

describe('pageOf', () => {
  it('equals the brute-force page for sparse and dense sets, buckets, both directions and several offsets', () => {
    const next = random(7);
    const n = 5000;
    const key = Array.from({ length: n }, () => Math.floor(next() * 100000));
    const order = new SortOrder((a, b) => key[a]! - key[b]! || a - b);
    order.rebuild(n);
    const scratch = new Uint8Array(n);
    for (const density of [0.002, 0.03, 0.3, 0.9]) {
      const members = new Uint32Array(Math.ceil(n / 32));
      const list: number[] = [];
      for (let s = 0; s < n; s++) if (next() < density) (set(members, s), list.push(s));
      for (const bucketed of [false, true]) {
        const bucketOf = bucketed ? (s: number) => s % 3 : null;
        for (const reverse of [false, true]) {
          const expected = [...list].sort((a, b) => (bucketOf ? bucketOf(a) - bucketOf(b) : 0) || (reverse ? order.rank[b]! - order.rank[a]! : order.rank[a]! - order.rank[b]!));
          for (const offset of [0, 24, 48, list.length - 5]) {
            const page = pageOf(members, bucketOf, bucketed ? 3 : 1, order, reverse, Math.max(0, offset), 24, scratch, n);
            expect(page.total).toBe(list.length);
            expect(page.slots, `density ${density}, bucketed ${bucketed}, reverse ${reverse}, offset ${offset}`).toEqual(expected.slice(Math.max(0, offset), Math.max(0, offset) + 24));
            // Given only the words that hold a member (a search's LiveWords), the same page (`scratch` still holds the buckets).
            const counts = bucketed ? [0, 1, 2].map((b) => list.filter((s) => s % 3 === b).length) : null;
            const live = findLiveWords(members, { words: new Int32Array(members.length), n: 0 });
            expect(pageOfBuckets(members, counts, order, reverse, Math.max(0, offset), 24, scratch, n, live).slots).toEqual(page.slots);
          }
        }
      }
    }
  });
});
