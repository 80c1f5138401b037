/**
 * Facet counting for the listing index (listing-index.ts; spec 3 "Product list response": `availableFilters`).
 * Every distinct `name=value` pair gets a facet id with its posting list of slots. Counts over the listed,
 * statically visible products are maintained per category subtree (and for the whole catalog, key '') on every
 * change, so a page without search, price bounds or timed products reads them without counting; other pages count
 * over their matching set (`count`). Formatted lists are memoised per key until the next change.
 */
import { allWords, has, type LiveWords, popcount32, removeFrom, set } from './listing-bitset.js';

/** Most values listed per facet. */
const MAX_FACET_VALUES = 100;

/** One facet of `availableFilters`: its name and the count per value. */
export type FacetList = { name: string; options: Record<string, number> }[];

/** An own property key JSON.stringify and Object.keys put first, in ascending order: an array index (ECMA-262 "array index", 0 .. 2^32 - 2 in canonical form). */
function isArrayIndex(key: string): boolean {
  if (key.length === 0 || key.length > 10 || (key.length > 1 && key.charCodeAt(0) === 48)) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return Number(key) <= 4294967294;
}

/**
 * One facet counted for one request (`FacetIndex.count`): its values and counts as two arrays in the order the
 * `options` object's own keys have (array-index keys first in ascending numeric order, then the others in the order
 * given), so its labelled JSON is written straight from them (api/plugins/filter-labels.ts labeledFacetsJsonText)
 * without making an object of up to 100 keys that V8 keeps as a hash table. `options` is made on first read, as an
 * own enumerable property, so JSON.stringify and every other reader see the same plain facet as before.
 */
export class CountedFacet {
  declare readonly options: Record<string, number>;
  // Private fields, not properties: JSON.stringify and spreads see `name` and `options` only, as on a plain facet.
  readonly #values: readonly string[];
  readonly #counts: readonly number[];

  /** Values in the key order of `options`. */
  get orderedValues(): readonly string[] {
    return this.#values;
  }

  /** Counts aligned with `orderedValues`. */
  get orderedCounts(): readonly number[] {
    return this.#counts;
  }

  /** @param values and counts in insertion order (count descending, then value), at most MAX_FACET_VALUES. */
  constructor(
    readonly name: string,
    values: string[],
    counts: number[],
  ) {
    let indices = 0;
    for (const v of values) if (isArrayIndex(v)) indices++;
    if (indices === 0) {
      this.#values = values;
      this.#counts = counts;
    } else {
      const order = values.map((_, i) => i);
      const numeric = order.filter((i) => isArrayIndex(values[i])).sort((a, b) => Number(values[a]) - Number(values[b]));
      const rest = order.filter((i) => !isArrayIndex(values[i]));
      const sorted = [...numeric, ...rest];
      this.#values = sorted.map((i) => values[i]);
      this.#counts = sorted.map((i) => counts[i]);
    }
    let options: Record<string, number> | undefined;
    Object.defineProperty(this, 'options', {
      enumerable: true,
      get: () => {
        if (!options) {
          options = {};
          for (let i = 0; i < this.#values.length; i++) setOption(options, this.#values[i], this.#counts[i]);
        }
        return options;
      },
    });
  }
}

/**
 * The facet lists the index hands out again until a change (a category's maintained counts, a vehicle listing's):
 * worth memoising their JSON (api/routes/products labeledFacetsJson); a search's, counted per request, are not.
 */
const keptLists = new WeakSet<FacetList>();

/** Whether `list` is one the index hands out again until a change (see `keptLists`), not one counted for one request. */
export function isKeptFacetList(list: FacetList): boolean {
  return keptLists.has(list);
}

/** The facets of the product slots and their maintained counts. */
export class FacetIndex {
  private readonly idOf = new Map<string, number>();
  private readonly names: string[] = [];
  private readonly values: string[] = [];
  private readonly postings: number[][] = [];
  /**
   * Per facet id, its posting list as a bitset, made on first use for a posting of at least as many slots as the
   * bitset has words (so it never takes more memory than the list), dropped when the posting changes: a filter on a
   * common value ORs words instead of setting its slots one by one.
   */
  private readonly postingBits: (Uint32Array | undefined)[] = [];
  /** Facet counts per category subtree; key '' is the whole catalog. */
  private counts = new Map<string, Map<number, number>>();
  private memo = new Map<string, FacetList>();
  /**
   * Per facet id, the rank of its name among the distinct names (in `format`'s name order) and of its value among
   * all values (code-unit order), and the ids by value rank; made again on the first `format` after new ids came.
   */
  private nameRank = new Int32Array(0);
  private valueRank = new Int32Array(0);
  private idByValueRank = new Int32Array(0);
  private distinctNames = 0;
  /** Count per facet id during one `count` (all zero between calls). */
  private scratch = new Int32Array(0);
  /** The facet ids counted in `scratch` during one `count`, in the order first counted. */
  private touched = new Int32Array(0);
  /**
   * Every slot's facet ids in one array, for counting by members: slot s's are `flatIds[flatStart[s]]` up to
   * `flatStart[s + 1]`, made from `flatOf` (the index's per-slot arrays) of `flatSlots` slots; `flatOf` null after a change.
   */
  private flatIds = new Int32Array(0);
  private flatStart = new Int32Array(1);
  private flatOf: number[][] | null = null;
  private flatSlots = 0;
  /** `formatCounted`'s packed sort keys (reused). */
  private keys = new Float64Array(0);
  /** Slots in all posting lists together (each slot's number of facet ids, summed), kept by `setSlotFacets`. */
  private postingTotal = 0;
  /** What counting by posting lists costs (see `postingsCheaper`) for bitsets of `postingCostWords` words; -1: not known since a change. */
  private postingCost = -1;
  private postingCostWords = 0;

  /** The id of a `name=value` pair, made on first sight. */
  idFor(pair: string): number {
    let id = this.idOf.get(pair);
    if (id === undefined) {
      id = this.names.length;
      const i = pair.indexOf('=');
      this.idOf.set(pair, id);
      this.names.push(pair.slice(0, i));
      this.values.push(pair.slice(i + 1));
      this.postings.push([]);
    }
    return id;
  }

  /**
   * Moves `slot` from the posting lists of `old` to those of the pairs `pairs`.
   * @returns the slot's facet ids now (`old` itself when unchanged).
   */
  setSlotFacets(slot: number, old: number[], pairs: string[]): number[] {
    const ids = [...new Set(pairs)].map((f) => this.idFor(f));
    if (old.length === ids.length && old.every((f, i) => f === ids[i])) return old;
    for (const f of old) {
      removeFrom(this.postings[f], slot);
      this.postingBits[f] = undefined;
    }
    for (const f of ids) {
      this.postings[f].push(slot);
      this.postingBits[f] = undefined;
    }
    this.postingTotal += ids.length - old.length;
    this.postingCost = -1;
    this.flatOf = null;
    return ids;
  }

  /** Adds `sign` (+1 or -1) to the counts under `key` of the facets `ids` (one slot's contribution). */
  add(key: string, ids: number[], sign: 1 | -1): void {
    let counts = this.counts.get(key);
    if (!counts) this.counts.set(key, (counts = new Map()));
    for (const f of ids) {
      const next = (counts.get(f) ?? 0) + sign;
      if (next === 0) counts.delete(f);
      else counts.set(f, next);
    }
  }

  /** Forgets every count (before they are recounted from the rows). */
  resetCounts(): void {
    this.counts = new Map([['', new Map()]]);
    this.memo.clear();
  }

  /** Forgets the formatted lists (after any change). */
  changed(): void {
    this.memo.clear();
  }

  /** Sets in `bits` the slots holding any of `values` of facet `name`. */
  addMatches(name: string, values: string[], bits: Uint32Array): void {
    for (const v of values) {
      const id = this.idOf.get(`${name}=${v}`);
      if (id === undefined) continue;
      const posting = this.postings[id];
      if (posting.length < bits.length) {
        for (const s of posting) set(bits, s);
        continue;
      }
      const own = this.keptBits(id, bits.length);
      for (let w = 0; w < bits.length; w++) bits[w] |= own[w];
    }
  }

  /** Facet `id`'s kept posting bitset of `words` words (see `postingBits`), made when missing. */
  private keptBits(id: number, words: number): Uint32Array {
    let own = this.postingBits[id];
    if (!own || own.length !== words) {
      this.postingBits[id] = own = new Uint32Array(words);
      for (const s of this.postings[id]) set(own, s);
    }
    return own;
  }

  /** The maintained counts of a category subtree (or '' for all), formatted once per change. */
  maintained(key: string): FacetList {
    let memo = this.memo.get(key);
    if (!memo) {
      memo = this.format(this.counts.get(key) ?? new Map());
      keptLists.add(memo);
      this.memo.set(key, memo);
    }
    return memo;
  }

  /** Marks a counted list the caller hands out again until a change (`isKeptFacetList`). */
  keep(list: FacetList): FacetList {
    keptLists.add(list);
    return list;
  }

  /**
   * Counts the facets of the slots in `members` (`facetIdsOf`: each slot's facet ids, as `setSlotFacets` returned
   * them), formatted. Two ways, the cheaper chosen by the set's size: walking the members and their facet ids (a
   * search's few matches), or walking the posting lists, each checked against the members, a posting at least as big
   * as a bitset's words by AND and popcount of its kept bitset (a search matching most of the catalog: 'mann', '11').
   * `by` forces one way (the unit spec checks both against a plain rule). `live`: the words of `members` that hold
   * any member (listing-bitset.ts LiveWords; default every word), so a few matches cost a few words' reads.
   */
  count(members: Uint32Array, facetIdsOf: number[][], by?: 'members' | 'postings', live: LiveWords = allWords(members)): FacetList {
    if (by === 'postings' || (by === undefined && this.postingsCheaper(members, live, facetIdsOf.length))) return this.formatCounted(this.countByPostings(members));
    // Counted in a typed array indexed by facet id (zeroed again by `formatCounted`), then only the touched ids are formatted.
    const c = this.countScratch();
    this.flatten(facetIdsOf);
    return this.formatCounted(countMembers(members, live, this.flatStart, this.flatIds, c, this.touched));
  }

  /**
   * Makes `flatIds`/`flatStart` from `facetIdsOf` when they were made from another array, another number of slots,
   * or before a slot's facets changed (`setSlotFacets`); once per change, about 5 ms at 105,000 products.
   */
  private flatten(facetIdsOf: number[][]): void {
    if (this.flatOf === facetIdsOf && this.flatSlots === facetIdsOf.length) return;
    const slots = facetIdsOf.length;
    let total = 0;
    for (let s = 0; s < slots; s++) total += facetIdsOf[s]?.length ?? 0;
    const start = new Int32Array(slots + 1);
    const flat = new Int32Array(total);
    let at = 0;
    for (let s = 0; s < slots; s++) {
      start[s] = at;
      const ids = facetIdsOf[s];
      if (ids) for (let i = 0; i < ids.length; i++) flat[at++] = ids[i];
    }
    start[slots] = at;
    this.flatStart = start;
    this.flatIds = flat;
    this.flatOf = facetIdsOf;
    this.flatSlots = slots;
  }

  /** `scratch` sized for every facet id (all zero), with `touched` as long. */
  private countScratch(): Int32Array {
    if (this.scratch.length < this.names.length) {
      this.scratch = new Int32Array(Math.max(this.names.length, this.scratch.length * 2));
      this.touched = new Int32Array(this.scratch.length);
    }
    return this.scratch;
  }

  /**
   * Whether counting by posting lists costs less than by members: the members' visits (their number times one plus
   * the slots' mean number of facet ids) against the postings' checks (a posting's length, or a bitset's words when
   * it is at least that long; summed again after a change).
   */
  private postingsCheaper(members: Uint32Array, live: LiveWords, slots: number): boolean {
    if (!slots || this.postingTotal === 0) return false;
    const words = members.length;
    if (this.postingCost < 0 || this.postingCostWords !== words) {
      let cost = 0;
      for (const posting of this.postings) cost += Math.min(posting.length, words);
      this.postingCost = cost;
      this.postingCostWords = words;
    }
    let size = 0;
    for (let i = 0; i < live.n; i++) size += popcount32(members[live.words[i]]);
    return size * (1 + this.postingTotal / slots) > this.postingCost + this.postings.length;
  }

  /** The counts of the facets of `members` by posting lists (see `count`), in `scratch` (counts above 0) and `touched`: returns how many. */
  private countByPostings(members: Uint32Array): number {
    const c = this.countScratch();
    const touched = this.touched;
    let k = 0;
    const words = members.length;
    for (let f = 0; f < this.postings.length; f++) {
      const posting = this.postings[f];
      if (!posting.length) continue;
      let n = 0;
      if (posting.length >= words) {
        const own = this.keptBits(f, words);
        for (let w = 0; w < words; w++) {
          const x = members[w] & own[w];
          if (x !== 0) n += popcount32(x);
        }
      } else for (let i = 0; i < posting.length; i++) if (has(members, posting[i])) n++;
      if (n > 0) {
        c[f] = n;
        touched[k++] = f;
      }
    }
    return k;
  }

  /** `formatCounted` of a map of facet id to count (the maintained counts; once per change). */
  private format(counts: Map<number, number>): FacetList {
    const c = this.countScratch();
    let k = 0;
    for (const [f, n] of counts) {
      c[f] = n;
      this.touched[k++] = f;
    }
    return this.formatCounted(k);
  }

  /**
   * The `k` facet ids of `touched` with their counts in `scratch` (zeroed again here) as the facet list: facets by
   * name (names in code-unit order), values by count then value, at most MAX_FACET_VALUES each. Sorted as
   * one Float64Array of packed keys (name rank, count descending, value rank): no comparator call per pair, which
   * took a twentieth of a search's CPU (bench:catalog-load); `formatByComparator` when the keys would not fit 52 bits.
   * Each `options` object is filled in place (no entry pair per value) and the keys' array is reused.
   */
  private formatCounted(k: number): FacetList {
    const c = this.scratch;
    const touched = this.touched;
    this.rankIds();
    let maxCount = 0;
    for (let i = 0; i < k; i++) if (c[touched[i]] > maxCount) maxCount = c[touched[i]];
    const valueSpan = spanOf(this.names.length);
    const countSpan = spanOf(maxCount + 1);
    if (spanOf(this.distinctNames) * countSpan * valueSpan > 2 ** 52) {
      const counts = new Map<number, number>();
      for (let i = 0; i < k; i++) {
        counts.set(touched[i], c[touched[i]]);
        c[touched[i]] = 0;
      }
      return this.formatByComparator(counts);
    }
    if (this.keys.length < k) this.keys = new Float64Array(Math.max(k, this.keys.length * 2));
    const keys = this.keys.subarray(0, k);
    for (let i = 0; i < k; i++) {
      const f = touched[i];
      keys[i] = (this.nameRank[f] * countSpan + (countSpan - 1 - c[f])) * valueSpan + this.valueRank[f];
      c[f] = 0;
    }
    keys.sort();
    const out: FacetList = [];
    let name = -1;
    let values: string[] = [];
    let counts: number[] = [];
    let lastId = -1;
    for (let i = 0; i < k; i++) {
      // The spans are powers of two, so each division is exact and its floor the field above: no `%` on doubles,
      // which V8 calls out to fmod for (keys pass 2^31).
      const key = keys[i];
      const rest = Math.floor(key / valueSpan);
      const value = key - rest * valueSpan;
      const nameRank = Math.floor(rest / countSpan);
      const inverted = rest - nameRank * countSpan;
      const id = this.idByValueRank[value];
      if (nameRank !== name) {
        if (values.length) out.push(new CountedFacet(this.names[lastId], values, counts));
        values = [];
        counts = [];
        name = nameRank;
      }
      lastId = id;
      if (values.length < MAX_FACET_VALUES) {
        values.push(this.values[id]);
        counts.push(countSpan - 1 - inverted);
      }
    }
    if (values.length) out.push(new CountedFacet(this.names[lastId], values, counts));
    return out;
  }

  /** The name and value ranks of every facet id (see `nameRank`), made again only when ids came since. */
  private rankIds(): void {
    const total = this.names.length;
    if (this.valueRank.length === total) return;
    const names = [...new Set(this.names)].sort((a, b) => (`${a}=` < `${b}=` ? -1 : 1));
    const nameIndex = new Map(names.map((n, i) => [n, i]));
    const byValue = Array.from({ length: total }, (_, i) => i).sort((a, b) => (this.values[a] < this.values[b] ? -1 : this.values[a] > this.values[b] ? 1 : a - b));
    this.idByValueRank = Int32Array.from(byValue);
    this.valueRank = new Int32Array(total);
    for (let r = 0; r < total; r++) this.valueRank[byValue[r]] = r;
    this.nameRank = Int32Array.from(this.names, (n) => nameIndex.get(n)!);
    this.distinctNames = names.length;
  }

  /** `format` by sorting with comparators (the rule it implements; used when packed keys would not fit). */
  private formatByComparator(counts: Map<number, number>): FacetList {
    const byName = new Map<string, [string, number][]>();
    for (const [f, n] of counts) {
      const name = this.names[f];
      let list = byName.get(name);
      if (!list) byName.set(name, (list = []));
      list.push([this.values[f], n]);
    }
    return [...byName.keys()]
      .sort((a, b) => (`${a}=` < `${b}=` ? -1 : 1))
      .map((name) => ({
        name,
        options: Object.fromEntries(
          byName
            .get(name)!
            .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
            .slice(0, MAX_FACET_VALUES),
        ),
      }));
  }
}

/**
 * Adds `value: count` to `options` as Object.fromEntries would (an own data property, also for '__proto__', which an
 * assignment would take as the prototype).
 */
function setOption(options: Record<string, number>, value: string, count: number): void {
  if (value === '__proto__') Object.defineProperty(options, value, { value: count, writable: true, enumerable: true, configurable: true });
  else options[value] = count;
}

/** The smallest power of two above `x - 1` (room for the integers 0 .. x-1), at least 1. */
function spanOf(x: number): number {
  let span = 1;
  while (span < x) span *= 2;
  return span;
}

/**
 * Counts into `c` (by facet id, all zero before) the facet ids of the members of `members` in the words `live`, each
 * member's ids read from the flat arrays (`FacetIndex.flatten`); the ids counted first are appended to `touched`.
 * Set bits are walked in place, not by a callback per member: this runs over every match of a search. A function of
 * its own, of typed arrays only, so V8 optimises it alone (inside `count` it was once left unoptimised for a whole
 * bench run, a third of the api's samples).
 * @returns how many ids `touched` holds.
 */
function countMembers(members: Uint32Array, live: LiveWords, start: Int32Array, flat: Int32Array, c: Int32Array, touched: Int32Array): number {
  const words = live.words;
  let k = 0;
  for (let i = 0; i < live.n; i++) {
    const w = words[i];
    let x = members[w];
    while (x !== 0) {
      const t = x & -x;
      const slot = (w << 5) + 31 - Math.clz32(t);
      for (let j = start[slot], end = start[slot + 1]; j < end; j++) if (c[flat[j]]++ === 0) touched[k++] = flat[j];
      x ^= t;
    }
  }
  return k;
}
