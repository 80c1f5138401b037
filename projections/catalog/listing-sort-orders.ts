/**
 * The sort orders of the listing index (listing-index.ts; spec 9 sort options): five permutations of the product
 * slots with each slot's rank in them, read forwards or backwards: last change (newest first), creation order, gross
 * price, Estonian name (Estonian collation: õ, ä, ö, ü after w) and English name. Names sort by a numeric rank of
 * the distinct names in collation order, so comparing two slots never calls the collator. A changed slot moves to
 * its new place (binary search); a bulk change re-sorts. `pageOf` reads one page of a set of slots in an order.
 */
import { allWords, forEach, has, type LiveWords, popcount } from './listing-bitset.js';
import type { IndexSort, SlotColumns } from './listing-index-types.js';

const collators = { et: new Intl.Collator('et'), en: new Intl.Collator('en') };

/** -1, 0 or 1 as `a` is below, equal to or above `b`. */
export const cmp = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

/** One sort order: the slots in order and each slot's rank in it. */
export class SortOrder {
  perm = new Int32Array(0);
  rank = new Int32Array(0);
  constructor(readonly compare: (a: number, b: number) => number) {}

  /** Sorts slots 0 .. n-1 from scratch. */
  rebuild(n: number): void {
    const perm = new Int32Array(n);
    for (let i = 0; i < n; i++) perm[i] = i;
    perm.sort(this.compare);
    this.perm = perm;
    this.rank = new Int32Array(n);
    for (let i = 0; i < n; i++) this.rank[perm[i]] = i;
  }

  /** Moves `slot` (already in the order, or the new last slot when `isNew`) to where its current keys belong. */
  place(slot: number, isNew: boolean): void {
    let perm = this.perm;
    let from: number;
    if (isNew) {
      const next = new Int32Array(perm.length + 1);
      next.set(perm);
      this.perm = perm = next;
      const rank = new Int32Array(perm.length);
      rank.set(this.rank);
      this.rank = rank;
      from = perm.length - 1;
      perm[from] = slot;
    } else from = this.rank[slot];
    // Take the slot out, then binary-search its place among the others.
    perm.copyWithin(from, from + 1);
    const others = perm.length - 1;
    let lo = 0;
    let hi = others;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(perm[mid], slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    perm.copyWithin(lo + 1, lo, others);
    perm[lo] = slot;
    const start = Math.min(lo, from);
    const end = Math.max(lo, from);
    for (let i = start; i <= end; i++) this.rank[perm[i]] = i;
  }
}

/** The five sort orders over the slots of `cols`, with the name ranks they sort names by. */
export class SortOrders {
  /** Per slot, the rank of its Estonian / English name among the distinct names (fractional between renumberings). */
  private readonly nameRankEt: number[] = [];
  private readonly nameRankEn: number[] = [];
  /** Name to rank, and the distinct names in collation order, per language. */
  private readonly nameRanks = { et: new Map<string, number>(), en: new Map<string, number>() };
  private readonly sortedNames: { et: string[]; en: string[] } = { et: [], en: [] };
  readonly modified: SortOrder;
  readonly seq: SortOrder;
  readonly price: SortOrder;
  readonly nameEt: SortOrder;
  readonly nameEn: SortOrder;
  private readonly all: SortOrder[];

  constructor(private readonly cols: SlotColumns) {
    const { modified, seq, gross } = cols;
    const { nameRankEt, nameRankEn } = this;
    this.modified = new SortOrder((a, b) => cmp(modified[b], modified[a]) || cmp(seq[b], seq[a]) || a - b);
    this.seq = new SortOrder((a, b) => cmp(seq[a], seq[b]) || a - b);
    this.price = new SortOrder((a, b) => cmp(gross[a], gross[b]) || cmp(seq[a], seq[b]) || a - b);
    this.nameEt = new SortOrder((a, b) => cmp(nameRankEt[a], nameRankEt[b]) || cmp(seq[a], seq[b]) || a - b);
    this.nameEn = new SortOrder((a, b) => cmp(nameRankEn[a], nameRankEn[b]) || cmp(seq[a], seq[b]) || a - b);
    this.all = [this.modified, this.seq, this.price, this.nameEt, this.nameEn];
  }

  /** Ranks every name of slots 0 .. n-1 and re-sorts every order (after a bulk change). */
  rebuild(n: number): void {
    this.rebuildNameRanks(n);
    this.rebuildOrders(n);
  }

  /**
   * Moves a changed slot to its place in every order (`isNew`: the slot is the new last one), giving its names a
   * rank first; `n` is the number of slots.
   */
  place(slot: number, isNew: boolean, n: number): void {
    if (this.rankName(slot, n)) return;
    for (const order of this.all) order.place(slot, isNew);
  }

  /** The order of a sort option and whether it is read backwards. */
  orderFor(sort: IndexSort, language: 'et' | 'en'): { order: SortOrder; reverse: boolean } {
    switch (sort) {
      case '-modified_at':
        return { order: this.modified, reverse: false };
      case 'id':
        return { order: this.seq, reverse: false };
      case '-id':
        return { order: this.seq, reverse: true };
      case 'total_price':
        return { order: this.price, reverse: false };
      case '-total_price':
        return { order: this.price, reverse: true };
      case 'name':
        return { order: language === 'et' ? this.nameEt : this.nameEn, reverse: false };
      case '-name':
        return { order: language === 'et' ? this.nameEt : this.nameEn, reverse: true };
    }
  }

  private rebuildOrders(n: number): void {
    for (const order of this.all) order.rebuild(n);
  }

  private rebuildNameRanks(n: number): void {
    for (const lang of ['et', 'en'] as const) {
      const names = lang === 'et' ? this.cols.nameEt : this.cols.nameEn;
      const distinct = [...new Set(names.slice(0, n))].sort(collators[lang].compare);
      this.sortedNames[lang] = distinct;
      const ranks = this.nameRanks[lang];
      ranks.clear();
      distinct.forEach((name, i) => ranks.set(name, i));
      const target = lang === 'et' ? this.nameRankEt : this.nameRankEn;
      for (let s = 0; s < n; s++) target[s] = ranks.get(names[s])!;
    }
  }

  /**
   * Gives the slot's names a rank (a new name gets one between its neighbours in collation order). Returns true
   * when it had to renumber every name and re-sort every order (the slot is then already in place).
   */
  private rankName(slot: number, n: number): boolean {
    for (const lang of ['et', 'en'] as const) {
      const name = lang === 'et' ? this.cols.nameEt[slot] : this.cols.nameEn[slot];
      const target = lang === 'et' ? this.nameRankEt : this.nameRankEn;
      let rank = this.nameRanks[lang].get(name);
      if (rank === undefined) {
        const sorted = this.sortedNames[lang];
        let lo = 0;
        let hi = sorted.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (collators[lang].compare(sorted[mid], name) < 0) lo = mid + 1;
          else hi = mid;
        }
        const before = lo > 0 ? this.nameRanks[lang].get(sorted[lo - 1])! : -1;
        const after = lo < sorted.length ? this.nameRanks[lang].get(sorted[lo])! : before + 2;
        rank = (before + after) / 2;
        sorted.splice(lo, 0, name);
        this.nameRanks[lang].set(name, rank);
        if (!(rank > before && rank < after)) {
          // Out of room between two neighbours (after many inserts): renumber every name.
          this.rebuild(n);
          return true;
        }
      }
      target[slot] = rank;
    }
    return false;
  }
}

/**
 * Slots `offset` .. `offset + limit - 1` of the members of `members`, ordered by bucket (0 first; `bucketOf` null:
 * one bucket), then by `order` (backwards when `reverse`). Small buckets are gathered and sorted by rank; big ones
 * are read by walking the order. `scratch` (one byte per slot, overwritten) holds each member's bucket; `n` is the
 * number of slots.
 * @returns the page's slots and the number of members.
 */
export function pageOf(
  members: Uint32Array,
  bucketOf: ((slot: number) => number) | null,
  buckets: number,
  order: SortOrder,
  reverse: boolean,
  offset: number,
  limit: number,
  scratch: Uint8Array,
  n: number,
): { slots: number[]; total: number } {
  const counts = new Array<number>(buckets).fill(0);
  if (bucketOf) {
    forEach(members, (s) => {
      const b = bucketOf(s);
      scratch[s] = b;
      counts[b]++;
    });
  } else counts[0] = popcount(members);
  return pageOfBuckets(members, bucketOf ? counts : null, order, reverse, offset, limit, scratch, n);
}

/**
 * `pageOf` with the buckets already made: `counts` the members per bucket, `scratch[slot]` each member's bucket (null:
 * one bucket, `scratch` not read). For a caller that fills the buckets by bitset passes (a search's relevance).
 * @returns the page's slots and the number of members.
 */
export function pageOfBuckets(
  members: Uint32Array,
  counts: number[] | null,
  order: SortOrder,
  reverse: boolean,
  offset: number,
  limit: number,
  scratch: Uint8Array,
  n: number,
  live: LiveWords = allWords(members),
): { slots: number[]; total: number } {
  const bucketed = counts !== null;
  const sizes = counts ?? [popcount(members)];
  const total = sizes.reduce((a, b) => a + b, 0);
  const out: number[] = [];
  let before = 0;
  for (let b = 0; b < sizes.length && out.length < limit; b++) {
    const size = sizes[b];
    const start = Math.max(0, offset - before);
    before += size;
    if (start >= size) continue;
    const take = Math.min(limit - out.length, size - start);
    const inBucket = bucketed ? (s: number) => has(members, s) && scratch[s] === b : (s: number) => has(members, s);
    if (size * 16 < n) {
      // The bucket's ranks in a typed array, sorted numerically (no comparator calls); perm[rank] is the slot again.
      const ranks = new Int32Array(size);
      const rank = order.rank;
      let k = 0;
      // The set bits walked in place (no callback per member: this runs over every member of a search).
      const words = live.words;
      for (let j = 0; j < live.n; j++) {
        const w = words[j];
        let x = members[w];
        while (x !== 0) {
          const t = x & -x;
          const s = (w << 5) + 31 - Math.clz32(t);
          if (!bucketed || scratch[s] === b) ranks[k++] = rank[s];
          x ^= t;
        }
      }
      ranks.sort();
      const perm = order.perm;
      for (let i = start; i < start + take; i++) out.push(perm[ranks[reverse ? size - 1 - i : i]]);
    } else {
      const perm = order.perm;
      let skip = start;
      let need = take;
      const step = reverse ? -1 : 1;
      for (let i = reverse ? perm.length - 1 : 0; i >= 0 && i < perm.length && need > 0; i += step) {
        const s = perm[i];
        if (!inBucket(s)) continue;
        if (skip > 0) skip--;
        else {
          out.push(s);
          need--;
        }
      }
    }
  }
  return { slots: out, total };
}
