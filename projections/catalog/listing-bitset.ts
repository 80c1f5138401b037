/**
 * Sets of product slots for the listing index (listing-index.ts): bitsets (Uint32Array, bit `slot & 31` of word
 * `slot >>> 5`), posting lists (unordered arrays of slots), and the per-query scratch bitsets. Plain functions over
 * typed arrays: the listing's hot path, so nothing here allocates per call but `grown` and a pool miss.
 */

/** Set bits of one 32-bit word. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Number of slots in the set. */
export function popcount(bits: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) if (bits[i] !== 0) n += popcount32(bits[i]);
  return n;
}

/** Is `slot` in the set? */
export const has = (bits: Uint32Array, slot: number) => ((bits[slot >>> 5] >>> (slot & 31)) & 1) === 1;

/** Adds `slot` to the set. */
export const set = (bits: Uint32Array, slot: number) => {
  bits[slot >>> 5] |= 1 << (slot & 31);
};

/** Removes `slot` from the set. */
export const clear = (bits: Uint32Array, slot: number) => {
  bits[slot >>> 5] &= ~(1 << (slot & 31));
};

/**
 * The words of a bitset that hold any member: `words[0 .. n-1]` are their indices, ascending. A search's later passes
 * (facet counts, relevance buckets, the page) read only these: a search matching a few hundred products touches a
 * few hundred of the ~3,300 words of a 105,000-slot bitset (docs/architecture.md "Caches, hot routes and recorded
 * searches").
 */
export interface LiveWords {
  words: Int32Array;
  n: number;
}

/** Every word of `bits` as live (the callers that have no list at hand); `words` is made once per length. */
const allWordsOf = new Map<number, Int32Array>();
export function allWords(bits: Uint32Array): LiveWords {
  let words = allWordsOf.get(bits.length);
  if (!words) allWordsOf.set(bits.length, (words = Int32Array.from({ length: bits.length }, (_, i) => i)));
  return { words, n: bits.length };
}

/** Writes the indices of the nonzero words of `bits` to `out.words` (at least as long as `bits`) and their number to `out.n`. */
export function findLiveWords(bits: Uint32Array, out: LiveWords): LiveWords {
  const words = out.words;
  let n = 0;
  for (let w = 0; w < bits.length; w++) if (bits[w] !== 0) words[n++] = w;
  out.n = n;
  return out;
}

/** Calls `fn` for every set bit, in slot order. */
export function forEach(bits: Uint32Array, fn: (slot: number) => void): void {
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w];
    while (x !== 0) {
      const t = x & -x;
      fn((w << 5) + 31 - Math.clz32(t));
      x ^= t;
    }
  }
}

/** A copy of `bits` with room for `words` 32-bit words (the new ones empty). */
export function grown(bits: Uint32Array<ArrayBuffer>, words: number): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(words);
  next.set(bits);
  return next;
}

/** Removes `slot` from a posting list (order not kept: the last slot takes its place). */
export function removeFrom(list: number[] | undefined, slot: number): void {
  if (!list) return;
  const i = list.indexOf(slot);
  if (i >= 0) {
    list[i] = list[list.length - 1];
    list.pop();
  }
}

/** Appends `slot` to the posting list of `key`, making the list when missing. */
export function pushTo<K>(map: Map<K, number[]>, key: K, slot: number): void {
  const list = map.get(key);
  if (list) list.push(slot);
  else map.set(key, [slot]);
}

/**
 * Zeroed bitsets for one query, recycled by the next (queries run synchronously, one at a time): `reset` at the start
 * of a query, then `take` as many as it needs. A bitset is allocated only the first time a query needs that many, or
 * after the index grew.
 */
export class ScratchBits {
  private pool: Uint32Array[] = [];
  private used = 0;
  /** Bitset length in 32-bit words (the index's capacity). */
  words = 0;

  /** Starts a query: every bitset may be taken again. */
  reset(): void {
    this.used = 0;
  }

  /** The number taken so far, for `release`. */
  mark(): number {
    return this.used;
  }

  /** Gives back the bitsets taken since `mark` (a loop over many scopes reuses one). */
  release(mark: number): void {
    this.used = mark;
  }

  /** A zeroed bitset of `words` words for this query only. */
  take(): Uint32Array {
    let bits = this.pool[this.used];
    if (!bits || bits.length !== this.words) this.pool[this.used] = bits = new Uint32Array(this.words);
    else bits.fill(0);
    this.used++;
    return bits;
  }
}
