/**
 * The catalog's listing index: an in-memory, compact form of the catalog read model's `products` and `categories`
 * rows that answers the storefront's listing and search (spec 2 "Product listing", spec 3 "Product list response",
 * spec 5 "Other rules", spec 9) without scanning tables: which products match, in which order, how many, and the
 * facet counts. The page's rows themselves are then read from PostgreSQL by primary key (queries.ts).
 *
 * It is not a cache: it holds every product row at all times (built in full before its first answer) and is kept
 * current by applying the rows whose `listing_position` is past its own (listing-index-source.ts). Nothing in it
 * expires; a change touches only what it changes (a product's category bits, its facet counts in its categories,
 * its places in the sort orders). Stock changes do not reach it at all: no listing order, membership or facet
 * depends on stock, and the page's stock is read with the page.
 *
 * Structures (n products, each with a dense slot number):
 * - bitsets (Uint32Array, 1 bit per slot): listed and visible (static rule), listed, and per category its subtree;
 * - per category and for the whole catalog: facet value counts over its listed, visible products, maintained on
 *   every change (`availableFilters` of a page without search: no counting per request);
 * - five sort orders (permutations of the slots) with each slot's rank in them: creation order, last change,
 *   gross price, Estonian name (Estonian collation: õ, ä, ö, ü after w), English name; read forwards or backwards;
 * - search: postings per word (names in both languages and the part numbers), the words sorted for prefix ranges,
 *   a deletion dictionary of name words for one typo (SymSpell), normalised codes, and code trigrams for
 *   "part number contains".
 * Products with a timed visibility rule (spec 4) are few and evaluated at the request's `now`.
 *
 * Semantics are those of the SQL listing they replace (queries.ts docstring): filters keep products matching at
 * least one, the exact ones first; facet counts are over the category and search before filters; search matches
 * part numbers however typed, name words by prefix, one typo in words of 5+ letters, leaves out words that match
 * nothing, and ranks an exact part-number match first, then a part number that starts with the query, then
 * products with more whole-word matches, newest first.
 */
import type { CategoryDoc } from './projection.js';
import { dictionaryWords, normalizeCode, words } from './search-text.js';

/** One `products` row as the index reads it (listing-index-source.ts selects exactly these). */
export interface IndexProductRow {
  id: string;
  /** Creation order (global position of ProductCreated), as a decimal string or number. */
  seq: string | number;
  listed: boolean;
  /** The normalised part numbers (code1, code2, OE numbers), space-separated. */
  code_text: string;
  /** Search aliases (staff-given words), space-separated; searched like name words. */
  alias_text: string;
  name_et: string;
  name_en: string;
  category_ids: string[];
  /** `name=value` facet pairs. */
  facets: string[];
  gross_cents: number | null;
  /** Milliseconds since the epoch, or null. */
  modified_ms: number | null;
  /** Visibility window in milliseconds since the epoch (±Infinity for open ends) and the states in and out of it. */
  vis_from_ms: number;
  vis_to_ms: number;
  vis_in: string;
  vis_out: string;
}

/** One `categories` row as the index reads it. */
export interface IndexCategoryRow {
  doc: CategoryDoc;
}

/** Sort options (spec 9), as in queries.ts. */
export type IndexSort = '-modified_at' | '-id' | 'id' | '-total_price' | 'total_price' | 'name' | '-name';

export interface IndexQuery {
  q?: string;
  categoryId?: string;
  filters?: Record<string, string[]>;
  priceMinCents?: number;
  priceMaxCents?: number;
  page: number;
  pageSize: number;
  sort?: IndexSort;
  language: 'et' | 'en';
  /** Milliseconds since the epoch the visibility rules are evaluated at. */
  nowMs: number;
}

export interface IndexPage {
  /** Product ids of the page, in order. */
  ids: string[];
  /** Ids on this page that match every applied filter. */
  exactIds: string[];
  /** Matching products on all pages. */
  total: number;
  availableFilters: { name: string; options: Record<string, number> }[];
  leftOutSearchKeywords: string[];
}

/** Most values listed per facet (as before). */
const MAX_FACET_VALUES = 100;
/** More changed rows than this in one apply re-sort the orders instead of moving each slot. */
const BULK_THRESHOLD = 2000;

const collators = { et: new Intl.Collator('et'), en: new Intl.Collator('en') };

// ---- bitset helpers -------------------------------------------------------------------------------------------

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
function popcount(bits: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) if (bits[i] !== 0) n += popcount32(bits[i]);
  return n;
}
const has = (bits: Uint32Array, slot: number) => ((bits[slot >>> 5] >>> (slot & 31)) & 1) === 1;
const set = (bits: Uint32Array, slot: number) => {
  bits[slot >>> 5] |= 1 << (slot & 31);
};
const clear = (bits: Uint32Array, slot: number) => {
  bits[slot >>> 5] &= ~(1 << (slot & 31));
};
/** Calls `fn` for every set bit, in slot order. */
function forEach(bits: Uint32Array, fn: (slot: number) => void): void {
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w];
    while (x !== 0) {
      const t = x & -x;
      fn((w << 5) + 31 - Math.clz32(t));
      x ^= t;
    }
  }
}
function grown(bits: Uint32Array<ArrayBuffer>, words: number): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(words);
  next.set(bits);
  return next;
}

const cmp = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

/** One sort order: the slots in order and each slot's rank in it. */
class SortOrder {
  perm = new Int32Array(0);
  rank = new Int32Array(0);
  constructor(readonly compare: (a: number, b: number) => number) {}

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

/** The in-memory listing index of the catalog read model. Build with `CatalogListingIndex.build`, keep current with `apply`. */
export class CatalogListingIndex {
  private n = 0;
  private words32 = 0;
  private readonly slotOf = new Map<string, number>();
  private ids: string[] = [];
  private seq: number[] = [];
  private modified: number[] = [];
  private gross: number[] = [];
  private nameEt: string[] = [];
  private nameEn: string[] = [];
  private nameRankEt: number[] = [];
  private nameRankEn: number[] = [];
  private codeText: string[] = [];
  private aliasText: string[] = [];
  private codes: string[][] = [];
  private facetIdsOf: number[][] = [];
  private categoryIdsOf: string[][] = [];
  private visFrom: number[] = [];
  private visTo: number[] = [];
  private visIn: string[] = [];
  private visOut: string[] = [];
  private listedArr: boolean[] = [];

  /** Listed with a static 'visible' rule. */
  private visibleStatic = new Uint32Array(0);
  private listedBits = new Uint32Array(0);
  /** Listed products whose visibility depends on the time. */
  private readonly timed = new Set<number>();

  // Facets.
  private readonly facetIdOf = new Map<string, number>();
  private facetName: string[] = [];
  private facetValue: string[] = [];
  private facetPostings: number[][] = [];

  // Categories.
  private categories = new Map<string, CategoryDoc>();
  /** Category id to the ids whose subtree contains it (itself and its ancestors up to a deleted one). */
  private closure = new Map<string, string[]>();
  private subtreeBits = new Map<string, Uint32Array<ArrayBuffer>>();
  /**
   * Words of the categories' search keywords (both languages) to the categories that hold them: a search
   * term matching one finds the products of those categories' subtrees.
   */
  private keywordCategories = new Map<string, string[]>();
  /** Facet counts per category subtree; key '' is the whole catalog. */
  private facetCounts = new Map<string, Map<number, number>>();
  private directCount = new Map<string, number>();
  private facetMemo = new Map<string, { name: string; options: Record<string, number> }[]>();

  // Search.
  private readonly postings = new Map<string, number[]>();
  private sortedTokens: string[] = [];
  private tokensDirty = false;
  private readonly codePostings = new Map<string, number[]>();
  private readonly trigramPostings = new Map<number | string, number[]>();
  private readonly dictionary = new Set<string>();
  private readonly deletions = new Map<string, string[]>();

  // Name ranks (collation order of distinct names, so slots sort by number).
  private readonly nameRanks = { et: new Map<string, number>(), en: new Map<string, number>() };
  private readonly sortedNames: { et: string[]; en: string[] } = { et: [], en: [] };

  private readonly orders = {
    modified: new SortOrder((a, b) => cmp(this.modified[b], this.modified[a]) || cmp(this.seq[b], this.seq[a]) || a - b),
    seq: new SortOrder((a, b) => cmp(this.seq[a], this.seq[b]) || a - b),
    price: new SortOrder((a, b) => cmp(this.gross[a], this.gross[b]) || cmp(this.seq[a], this.seq[b]) || a - b),
    nameEt: new SortOrder((a, b) => cmp(this.nameRankEt[a], this.nameRankEt[b]) || cmp(this.seq[a], this.seq[b]) || a - b),
    nameEn: new SortOrder((a, b) => cmp(this.nameRankEn[a], this.nameRankEn[b]) || cmp(this.seq[a], this.seq[b]) || a - b),
  };

  /** Per sort order, the listed and visible slots in that order (the whole catalog's pages), made on first use. */
  private wholeCatalog = new Map<SortOrder, Int32Array>();

  /** Scratch bitsets of one query (queries run synchronously, one at a time): taken in turn, zeroed. */
  private bitsPool: Uint32Array[] = [];
  private bitsUsed = 0;

  /** Scratch: bucket per slot during one query (queries run synchronously, one at a time). */
  private scratch = new Uint8Array(0);

  /** Number of product rows held. */
  get size(): number {
    return this.n;
  }

  /** A new index of all product rows and all category rows. */
  static build(products: IndexProductRow[], categories: IndexCategoryRow[]): CatalogListingIndex {
    const index = new CatalogListingIndex();
    index.setCategoryDocs(categories.map((c) => c.doc));
    index.ensureCapacity(products.length);
    for (const row of products) index.upsert(row, true);
    index.rebuildNameRanks();
    index.rebuildOrders();
    index.rebuildCategoryStructures();
    index.sortTokens();
    return index;
  }

  /**
   * Applies changed rows: products (new or changed) and, when any category changed, the whole category list.
   * Returns true when anything a listing shows changed.
   */
  apply(products: IndexProductRow[], categories: IndexCategoryRow[] | null): boolean {
    if (!products.length && !categories) return false;
    if (products.length > BULK_THRESHOLD) {
      if (categories) this.setCategoryDocs(categories.map((c) => c.doc));
      this.ensureCapacity(this.n + products.length);
      for (const row of products) this.upsert(row, true);
      this.rebuildNameRanks();
      this.rebuildOrders();
      this.rebuildCategoryStructures();
    } else {
      // Products first, against the categories they were counted under; then a new tree recounts everything.
      for (const row of products) this.upsert(row, false);
      if (categories) {
        this.setCategoryDocs(categories.map((c) => c.doc));
        this.rebuildCategoryStructures();
      }
    }
    this.facetMemo.clear();
    if (products.length) this.wholeCatalog.clear();
    return true;
  }

  // ---- building and changing ----------------------------------------------------------------------------------

  private ensureCapacity(slots: number): void {
    const words = Math.ceil(Math.max(slots, 32) / 32);
    if (words <= this.words32) return;
    const target = Math.max(words, Math.ceil(this.words32 * 1.5));
    this.visibleStatic = grown(this.visibleStatic, target);
    this.listedBits = grown(this.listedBits, target);
    for (const [id, bits] of this.subtreeBits) this.subtreeBits.set(id, grown(bits, target));
    this.scratch = new Uint8Array(target * 32);
    this.words32 = target;
  }

  private facetId(pair: string): number {
    let id = this.facetIdOf.get(pair);
    if (id === undefined) {
      id = this.facetName.length;
      const i = pair.indexOf('=');
      this.facetIdOf.set(pair, id);
      this.facetName.push(pair.slice(0, i));
      this.facetValue.push(pair.slice(i + 1));
      this.facetPostings.push([]);
    }
    return id;
  }

  /** Is the slot counted in facet and category counts (listed, statically visible)? */
  private counted(slot: number): boolean {
    return has(this.visibleStatic, slot);
  }

  /** Adds (+1) or removes (-1) a counted slot's contribution to the category and facet counts and bits. */
  private contribute(slot: number, sign: 1 | -1): void {
    const facets = this.facetIdsOf[slot];
    const bump = (key: string) => {
      let counts = this.facetCounts.get(key);
      if (!counts) this.facetCounts.set(key, (counts = new Map()));
      for (const f of facets) {
        const next = (counts.get(f) ?? 0) + sign;
        if (next === 0) counts.delete(f);
        else counts.set(f, next);
      }
    };
    if (this.counted(slot)) {
      bump('');
      for (const key of this.closureOf(slot)) bump(key);
      for (const c of this.categoryIdsOf[slot]) if (this.categories.has(c)) this.directCount.set(c, (this.directCount.get(c) ?? 0) + sign);
    }
  }

  /** Categories whose subtree holds the slot. */
  private closureOf(slot: number): Set<string> {
    const out = new Set<string>();
    for (const c of this.categoryIdsOf[slot]) for (const k of this.closure.get(c) ?? []) out.add(k);
    return out;
  }

  private setSubtreeBits(slot: number, on: boolean): void {
    for (const key of this.closureOf(slot)) {
      let bits = this.subtreeBits.get(key);
      if (!bits) this.subtreeBits.set(key, (bits = new Uint32Array(this.words32)));
      if (on) set(bits, slot);
      else clear(bits, slot);
    }
  }

  /** Inserts or replaces one product row. `bulk`: the caller rebuilds orders and category structures after. */
  private upsert(row: IndexProductRow, bulk: boolean): void {
    let slot = this.slotOf.get(row.id);
    const isNew = slot === undefined;
    if (slot === undefined) {
      slot = this.n++;
      this.ensureCapacity(this.n);
      this.slotOf.set(row.id, slot);
      this.ids[slot] = row.id;
      this.codes[slot] = [];
      this.codeText[slot] = '';
      this.nameEt[slot] = '';
      this.nameEn[slot] = '';
      this.facetIdsOf[slot] = [];
      this.categoryIdsOf[slot] = [];
    } else if (!bulk) {
      this.contribute(slot, -1);
      this.setSubtreeBits(slot, false);
    }
    const s = slot;
    const oldTokens = isNew ? [] : this.tokensOf(s);
    const namesChanged = isNew || this.nameEt[s] !== row.name_et || this.nameEn[s] !== row.name_en || this.aliasText[s] !== (row.alias_text ?? '');
    const codesChanged = isNew || this.codeText[s] !== row.code_text;
    const seq = Number(row.seq);
    const modified = row.modified_ms ?? -Infinity;
    const gross = row.gross_cents ?? Infinity;
    const keysChanged = isNew || this.seq[s] !== seq || this.modified[s] !== modified || this.gross[s] !== gross || this.nameEt[s] !== row.name_et || this.nameEn[s] !== row.name_en;
    this.seq[s] = seq;
    this.modified[s] = modified;
    this.gross[s] = gross;
    this.nameEt[s] = row.name_et;
    this.nameEn[s] = row.name_en;
    this.aliasText[s] = row.alias_text ?? '';
    this.listedArr[s] = row.listed;
    this.visFrom[s] = row.vis_from_ms;
    this.visTo[s] = row.vis_to_ms;
    this.visIn[s] = row.vis_in;
    this.visOut[s] = row.vis_out;
    this.categoryIdsOf[s] = row.category_ids;

    // Facets.
    const facetIds = [...new Set(row.facets)].map((f) => this.facetId(f));
    const oldFacets = this.facetIdsOf[s];
    if (oldFacets.length !== facetIds.length || oldFacets.some((f, i) => f !== facetIds[i])) {
      for (const f of oldFacets) removeFrom(this.facetPostings[f], s);
      for (const f of facetIds) this.facetPostings[f].push(s);
      this.facetIdsOf[s] = facetIds;
    }

    // Listed and visible.
    if (row.listed) set(this.listedBits, s);
    else clear(this.listedBits, s);
    const staticVisible = row.listed && row.vis_in === 'visible' && row.vis_out === 'visible';
    if (staticVisible) set(this.visibleStatic, s);
    else clear(this.visibleStatic, s);
    if (row.listed && row.vis_in !== row.vis_out) this.timed.add(s);
    else this.timed.delete(s);

    // Search structures.
    if (codesChanged) this.indexCodes(s, row.code_text);
    if (namesChanged || codesChanged) {
      for (const t of oldTokens) removeFrom(this.postings.get(t), s);
      for (const t of this.tokensOf(s)) {
        const list = this.postings.get(t);
        if (list) list.push(s);
        else {
          this.postings.set(t, [s]);
          this.tokensDirty = true;
        }
      }
    }
    if (namesChanged) for (const w of dictionaryWords(`${row.name_et} ${row.name_en} ${row.alias_text ?? ''}`)) this.addDictionaryWord(w);

    if (!bulk) {
      this.setSubtreeBits(s, true);
      this.contribute(s, 1);
      if (keysChanged && !this.rankName(s)) {
        for (const order of Object.values(this.orders)) order.place(s, isNew);
      }
    }
  }

  /**
   * The searchable words of a slot: words of both names, the search aliases and the part numbers, lower case,
   * without duplicates.
   */
  private tokensOf(slot: number): string[] {
    const out = new Set(words(`${this.nameEt[slot]} ${this.nameEn[slot]} ${this.aliasText[slot] ?? ''}`));
    for (const c of this.codes[slot]) out.add(c.toLowerCase());
    return [...out];
  }

  private indexCodes(slot: number, codeText: string): void {
    for (const c of this.codes[slot]) {
      removeFrom(this.codePostings.get(c), slot);
      for (const g of trigramKeys(c)) removeFrom(this.trigramPostings.get(g), slot);
    }
    this.codes[slot] = codeText ? [...new Set(codeText.split(' '))] : [];
    this.codeText[slot] = codeText;
    const grams = new Set<number | string>();
    for (const c of this.codes[slot]) {
      pushTo(this.codePostings, c, slot);
      for (const g of trigramKeys(c)) grams.add(g);
    }
    for (const g of grams) pushTo(this.trigramPostings, g, slot);
  }

  private addDictionaryWord(word: string): void {
    if (this.dictionary.has(word)) return;
    this.dictionary.add(word);
    for (const d of deletionsOf(word)) {
      const list = this.deletions.get(d);
      if (list) list.push(word);
      else this.deletions.set(d, [word]);
    }
  }

  private sortTokens(): void {
    this.sortedTokens = [...this.postings.keys()].sort();
    this.tokensDirty = false;
  }

  private rebuildNameRanks(): void {
    for (const lang of ['et', 'en'] as const) {
      const names = lang === 'et' ? this.nameEt : this.nameEn;
      const distinct = [...new Set(names.slice(0, this.n))].sort(collators[lang].compare);
      this.sortedNames[lang] = distinct;
      const ranks = this.nameRanks[lang];
      ranks.clear();
      distinct.forEach((name, i) => ranks.set(name, i));
      const target = lang === 'et' ? this.nameRankEt : this.nameRankEn;
      for (let s = 0; s < this.n; s++) target[s] = ranks.get(names[s])!;
    }
  }

  /**
   * Gives the slot's names a rank (a new name gets one between its neighbours in collation order). Returns true
   * when it had to renumber every name and re-sort every order (the slot is then already in place).
   */
  private rankName(slot: number): boolean {
    for (const lang of ['et', 'en'] as const) {
      const name = lang === 'et' ? this.nameEt[slot] : this.nameEn[slot];
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
          this.rebuildNameRanks();
          this.rebuildOrders();
          return true;
        }
      }
      target[slot] = rank;
    }
    return false;
  }

  private rebuildOrders(): void {
    for (const order of Object.values(this.orders)) order.rebuild(this.n);
  }

  private setCategoryDocs(docs: CategoryDoc[]): void {
    this.categories = new Map(docs.map((d) => [d.id, d]));
    this.closure = new Map();
    for (const doc of docs) {
      const chain: string[] = [];
      let cur: CategoryDoc | undefined = doc;
      const seen = new Set<string>();
      while (cur && !cur.deleted && !seen.has(cur.id)) {
        seen.add(cur.id);
        chain.push(cur.id);
        cur = cur.parent_id ? this.categories.get(cur.parent_id) : undefined;
      }
      this.closure.set(doc.id, chain);
    }
    this.keywordCategories = new Map();
    for (const doc of docs) {
      if (doc.deleted) continue;
      for (const word of new Set(words(`${doc.keywords_et} ${doc.keywords_en}`))) {
        const ids = this.keywordCategories.get(word);
        if (ids) ids.push(doc.id);
        else this.keywordCategories.set(word, [doc.id]);
      }
    }
  }

  /**
   * Adds to `termBits` the products of the categories whose search keywords hold `term` (a whole word, or a word it
   * starts when it has 3+ characters), and to `exactBits` (when given) those of whole-word matches.
   * @returns whether any keyword matched.
   */
  private addKeywordMatches(term: string, termBits: Uint32Array, exactBits: Uint32Array | null): boolean {
    let matched = false;
    for (const [word, ids] of this.keywordCategories) {
      const whole = word === term;
      if (!whole && !(term.length >= 3 && word.startsWith(term))) continue;
      matched = true;
      for (const id of ids) {
        const bits = this.subtreeBits.get(id);
        if (!bits) continue;
        for (let w = 0; w < termBits.length; w++) termBits[w] |= bits[w];
        if (whole && exactBits) for (let w = 0; w < exactBits.length; w++) exactBits[w] |= bits[w];
      }
    }
    return matched;
  }

  /** Recomputes subtree bits, category counts and facet counts from the rows (after a bulk change). */
  private rebuildCategoryStructures(): void {
    this.subtreeBits = new Map();
    this.facetCounts = new Map([['', new Map()]]);
    this.directCount = new Map();
    for (let s = 0; s < this.n; s++) {
      this.setSubtreeBits(s, true);
      this.contribute(s, 1);
    }
    this.facetMemo.clear();
  }

  // ---- reading ------------------------------------------------------------------------------------------------

  /** The visibility state of a slot at `nowMs` (spec 4: in range → state in range, else out of range). */
  private visibilityAt(slot: number, nowMs: number): string {
    return nowMs >= this.visFrom[slot] && nowMs <= this.visTo[slot] ? this.visIn[slot] : this.visOut[slot];
  }

  /** Listed products visible at `nowMs`, within the category subtree when given (null: unknown category). */
  private visibleSet(categoryId: string | undefined, nowMs: number): Uint32Array | null {
    let scope: Uint32Array | undefined;
    if (categoryId !== undefined) {
      if (!this.categories.has(categoryId) || !(this.closure.get(categoryId)?.length ?? 0)) return null;
      scope = this.subtreeBits.get(categoryId);
      if (!scope) return this.scratchBits();
    }
    const out = this.scratchBits();
    if (scope) for (let i = 0; i < out.length; i++) out[i] = this.visibleStatic[i] & scope[i];
    else out.set(this.visibleStatic);
    for (const slot of this.timed) {
      if ((!scope || has(scope, slot)) && this.visibilityAt(slot, nowMs) === 'visible') set(out, slot);
    }
    return out;
  }

  /** Categories with their listed products visible at `nowMs` directly in them (not descendants), creation order. */
  categoryCounts(nowMs: number): { doc: CategoryDoc; directCount: number }[] {
    const extra = new Map<string, number>();
    for (const slot of this.timed) {
      if (this.visibilityAt(slot, nowMs) !== 'visible') continue;
      for (const c of this.categoryIdsOf[slot]) extra.set(c, (extra.get(c) ?? 0) + 1);
    }
    return [...this.categories.values()]
      .filter((d) => !d.deleted)
      .sort((a, b) => cmp(Number(a.seq), Number(b.seq)))
      .map((doc) => ({ doc, directCount: (this.directCount.get(doc.id) ?? 0) + (extra.get(doc.id) ?? 0) }));
  }

  /** A zeroed bitset for this query only (recycled by the next query). */
  private scratchBits(): Uint32Array {
    let bits = this.bitsPool[this.bitsUsed];
    if (!bits || bits.length !== this.words32) this.bitsPool[this.bitsUsed] = bits = new Uint32Array(this.words32);
    else bits.fill(0);
    this.bitsUsed++;
    return bits;
  }

  /** One page of the listing or search (spec 2, 3, 5, 9). */
  query(input: IndexQuery): IndexPage {
    this.bitsUsed = 0;
    const q = input.q?.trim() ?? '';
    const filtered = Object.values(input.filters ?? {}).some((values) => values.length > 0);
    if (input.categoryId === undefined && !q && !filtered && input.priceMinCents === undefined && input.priceMaxCents === undefined && !this.timed.size) {
      return this.wholeCatalogPage(input);
    }
    const visible = this.visibleSet(input.categoryId, input.nowMs);
    const empty: IndexPage = { ids: [], exactIds: [], total: 0, availableFilters: [], leftOutSearchKeywords: [] };
    if (!visible) return empty;
    const base = visible;
    const priced = input.priceMinCents !== undefined || input.priceMaxCents !== undefined;
    if (priced) {
      const min = input.priceMinCents ?? -Infinity;
      const max = input.priceMaxCents ?? Infinity;
      forEach(base, (s) => {
        if (this.gross[s] < min || this.gross[s] > max) clear(base, s);
      });
    }
    const search = q ? this.planSearch(q) : null;
    if (search) for (let i = 0; i < base.length; i++) base[i] &= search.bits[i];

    // Facet counts over the category and search, before filters.
    const availableFilters = !search && !priced && !this.hasTimedIn(input.categoryId) ? this.memoFacets(input.categoryId ?? '') : this.formatFacets(this.countFacets(base));

    // Filters: at least one matches; all match first.
    const filters = Object.entries(input.filters ?? {}).filter(([, values]) => values.length > 0);
    let matchAny = base;
    let exactBits: Uint32Array | null = null;
    if (filters.length) {
      const perFilter = filters.map(([name, values]) => {
        const bits = this.scratchBits();
        for (const v of values) {
          const id = this.facetIdOf.get(`${name}=${v}`);
          if (id !== undefined) for (const s of this.facetPostings[id]) set(bits, s);
        }
        return bits;
      });
      matchAny = this.scratchBits();
      exactBits = this.scratchBits();
      for (let i = 0; i < matchAny.length; i++) {
        let any = 0;
        let all = 0xffffffff;
        for (const bits of perFilter) {
          any |= bits[i];
          all &= bits[i];
        }
        matchAny[i] = base[i] & any;
        exactBits[i] = base[i] & all;
      }
    }

    // Order: exact filter matches first; then search relevance (no sort given) or the exact part number first
    // (a sort given); then the sort's order (relevance ties: newest first).
    const searchBuckets = search ? (input.sort ? 2 : 3 * (search.terms.length + 1)) : 1;
    const searchBucket = search
      ? input.sort
        ? (s: number) => (search.codeExact.has(s) ? 0 : 1)
        : (s: number) => {
            const codeRank = search.codeExact.has(s) ? 0 : (search.codePrefix ? search.codePrefix.has(s) : search.code.length > 0 && this.codeStarts(s, search.code)) ? 1 : 2;
            let score = 0;
            for (const exact of search.exactTerms) if (exact && has(exact, s)) score++;
            return codeRank * (search.terms.length + 1) + (search.terms.length - score);
          }
      : null;
    const bucketOf =
      exactBits && searchBucket
        ? (s: number) => (has(exactBits!, s) ? 0 : searchBuckets) + searchBucket(s)
        : exactBits
          ? (s: number) => (has(exactBits!, s) ? 0 : 1)
          : searchBucket;
    const buckets = (exactBits ? 2 : 1) * searchBuckets;
    const { order, reverse } = this.orderFor(search && !input.sort ? '-id' : (input.sort ?? '-modified_at'), input.language);
    const offset = (input.page - 1) * input.pageSize;
    const { slots, total } = this.pageOf(matchAny, bucketOf, buckets, order, reverse, offset, input.pageSize);
    const ids = slots.map((s) => this.ids[s]);
    return {
      ids,
      exactIds: exactBits ? slots.filter((s) => has(exactBits!, s)).map((s) => this.ids[s]) : [],
      total,
      availableFilters,
      leftOutSearchKeywords: search?.leftOut ?? [],
    };
  }

  /** A page of the whole catalog (the home page): a slice of the order's listed, visible slots. */
  private wholeCatalogPage(input: IndexQuery): IndexPage {
    const { order, reverse } = this.orderFor(input.sort ?? '-modified_at', input.language);
    let list = this.wholeCatalog.get(order);
    if (!list) {
      const slots: number[] = [];
      for (const s of order.perm) if (has(this.visibleStatic, s)) slots.push(s);
      list = Int32Array.from(slots);
      this.wholeCatalog.set(order, list);
    }
    const offset = (input.page - 1) * input.pageSize;
    const ids: string[] = [];
    for (let i = offset; i < offset + input.pageSize && i < list.length; i++) ids.push(this.ids[list[reverse ? list.length - 1 - i : i]]);
    return { ids, exactIds: [], total: list.length, availableFilters: this.memoFacets(''), leftOutSearchKeywords: [] };
  }

  private hasTimedIn(categoryId: string | undefined): boolean {
    if (!this.timed.size) return false;
    if (categoryId === undefined) return true;
    const bits = this.subtreeBits.get(categoryId);
    for (const s of this.timed) if (bits && has(bits, s)) return true;
    return false;
  }

  private codeStarts(slot: number, code: string): boolean {
    const text = this.codeText[slot];
    return text.startsWith(code) || text.includes(` ${code}`);
  }

  private orderFor(sort: IndexSort, language: 'et' | 'en'): { order: SortOrder; reverse: boolean } {
    switch (sort) {
      case '-modified_at':
        return { order: this.orders.modified, reverse: false };
      case 'id':
        return { order: this.orders.seq, reverse: false };
      case '-id':
        return { order: this.orders.seq, reverse: true };
      case 'total_price':
        return { order: this.orders.price, reverse: false };
      case '-total_price':
        return { order: this.orders.price, reverse: true };
      case 'name':
        return { order: language === 'et' ? this.orders.nameEt : this.orders.nameEn, reverse: false };
      case '-name':
        return { order: language === 'et' ? this.orders.nameEt : this.orders.nameEn, reverse: true };
    }
  }

  /**
   * Slots `offset` .. `offset + limit - 1` of the members of `set`, ordered by bucket (0 first), then by `order`
   * (backwards when `reverse`). Small buckets are gathered and sorted by rank; big ones are read by walking the order.
   */
  private pageOf(
    members: Uint32Array,
    bucketOf: ((slot: number) => number) | null,
    buckets: number,
    order: SortOrder,
    reverse: boolean,
    offset: number,
    limit: number,
  ): { slots: number[]; total: number } {
    const counts = new Array<number>(buckets).fill(0);
    const scratch = this.scratch;
    if (bucketOf) {
      forEach(members, (s) => {
        const b = bucketOf(s);
        scratch[s] = b;
        counts[b]++;
      });
    } else counts[0] = popcount(members);
    const total = counts.reduce((a, b) => a + b, 0);
    const out: number[] = [];
    let before = 0;
    for (let b = 0; b < buckets && out.length < limit; b++) {
      const size = counts[b];
      const start = Math.max(0, offset - before);
      before += size;
      if (start >= size) continue;
      const take = Math.min(limit - out.length, size - start);
      const inBucket = bucketOf ? (s: number) => has(members, s) && scratch[s] === b : (s: number) => has(members, s);
      if (size * 16 < this.n) {
        const gathered: number[] = [];
        forEach(members, (s) => {
          if (!bucketOf || scratch[s] === b) gathered.push(s);
        });
        const rank = order.rank;
        gathered.sort(reverse ? (x, y) => rank[y] - rank[x] : (x, y) => rank[x] - rank[y]);
        for (let i = start; i < start + take; i++) out.push(gathered[i]);
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

  private countFacets(set: Uint32Array): Map<number, number> {
    const counts = new Map<number, number>();
    forEach(set, (s) => {
      for (const f of this.facetIdsOf[s]) counts.set(f, (counts.get(f) ?? 0) + 1);
    });
    return counts;
  }

  /** The maintained counts of a category subtree (or '' for all), formatted once per change. */
  private memoFacets(key: string): { name: string; options: Record<string, number> }[] {
    let memo = this.facetMemo.get(key);
    if (!memo) {
      memo = this.formatFacets(this.facetCounts.get(key) ?? new Map());
      this.facetMemo.set(key, memo);
    }
    return memo;
  }

  /** Facets by name (names in code-unit order), values by count then value, at most MAX_FACET_VALUES each. */
  private formatFacets(counts: Map<number, number>): { name: string; options: Record<string, number> }[] {
    const byName = new Map<string, [string, number][]>();
    for (const [f, n] of counts) {
      const name = this.facetName[f];
      let list = byName.get(name);
      if (!list) byName.set(name, (list = []));
      list.push([this.facetValue[f], n]);
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

  // ---- search -------------------------------------------------------------------------------------------------

  /**
   * The search's matching products and what ranks them: exact code matches, products with a code starting with the
   * code (null: not computed, the code is too short for the trigram postings), the kept terms with each term's
   * whole-word matches, and the words left out.
   */
  private planSearch(q: string): {
    bits: Uint32Array;
    code: string;
    codeExact: Set<number>;
    codePrefix: Set<number> | null;
    terms: string[];
    exactTerms: (Uint32Array | null)[];
    leftOut: string[];
  } {
    if (this.tokensDirty) this.sortTokens();
    const code = normalizeCode(q);
    const terms = words(q).slice(0, 12);
    const bits = this.scratchBits();
    const codeExact = new Set<number>(code.length >= 2 ? (this.codePostings.get(code) ?? []) : []);
    let codeMatches = false;
    for (const s of codeExact) {
      set(bits, s);
      if (has(this.listedBits, s)) codeMatches = true;
    }
    const codePrefix = code.length >= 3 ? new Set<number>() : null;
    if (code.length >= 3) {
      // Part number contains the code: candidates from the code's rarest trigram, checked in full.
      let rarest: number[] | undefined;
      for (const key of trigramKeys(code)) {
        const list = this.trigramPostings.get(key);
        if (!list) {
          rarest = [];
          break;
        }
        if (!rarest || list.length < rarest.length) rarest = list;
      }
      for (const s of rarest ?? []) {
        if (this.codes[s].some((c) => c.startsWith(code))) codePrefix!.add(s);
        if (this.codes[s].some((c) => c.includes(code))) {
          set(bits, s);
          if (has(this.listedBits, s)) codeMatches = true;
        }
      }
    }
    const kept: string[] = [];
    const keptBits: Uint32Array[] = [];
    const exactTerms: (Uint32Array | null)[] = [];
    const leftOut: string[] = [];
    for (const term of terms) {
      const termBits = this.scratchBits();
      // Every word starting with the term (a prefix match, as `term:*`).
      let i = lowerBound(this.sortedTokens, term);
      for (; i < this.sortedTokens.length && this.sortedTokens[i].startsWith(term); i++) {
        for (const s of this.postings.get(this.sortedTokens[i]) ?? []) set(termBits, s);
      }
      // One typo in a word of 5+ letters: dictionary words at Levenshtein distance 1.
      if (term.length >= 5 && !/^\d+$/.test(term)) {
        for (const word of this.typoNeighbours(term)) for (const s of this.postings.get(word) ?? []) set(termBits, s);
      }
      // Category search keywords (staff-given): the products of the categories that hold the word.
      const keywordExact = this.keywordCategories.size ? this.scratchBits() : null;
      const byKeyword = keywordExact ? this.addKeywordMatches(term, termBits, keywordExact) : false;
      let found = false;
      for (let w = 0; w < termBits.length && !found; w++) if ((termBits[w] & this.listedBits[w]) !== 0) found = true;
      if (found) {
        kept.push(term);
        keptBits.push(termBits);
        const exact = this.postings.get(term);
        if (exact || byKeyword) {
          const e = keywordExact ?? this.scratchBits();
          for (const s of exact ?? []) set(e, s);
          exactTerms.push(e);
        } else exactTerms.push(null);
      } else leftOut.push(term);
    }
    if (keptBits.length) {
      const all = keptBits[0];
      for (let k = 1; k < keptBits.length; k++) for (let w = 0; w < all.length; w++) all[w] &= keptBits[k][w];
      for (let w = 0; w < bits.length; w++) bits[w] |= all[w];
    }
    return { bits, code, codeExact, codePrefix, terms: kept, exactTerms, leftOut: codeMatches ? [] : leftOut };
  }

  /** Dictionary words (names, 3+ letters) one edit away from `word`, not the word itself (at most 20). */
  private typoNeighbours(word: string): string[] {
    const candidates = new Set<string>();
    for (const d of deletionsOf(word)) for (const w of this.deletions.get(d) ?? []) candidates.add(w);
    const out: string[] = [];
    for (const w of candidates) {
      if (w !== word && Math.abs(w.length - word.length) <= 1 && withinOneEdit(w, word)) out.push(w);
      if (out.length >= 20) break;
    }
    return out;
  }
}

// ---- small helpers --------------------------------------------------------------------------------------------

function removeFrom(list: number[] | undefined, slot: number): void {
  if (!list) return;
  const i = list.indexOf(slot);
  if (i >= 0) {
    list[i] = list[list.length - 1];
    list.pop();
  }
}
function pushTo<K>(map: Map<K, number[]>, key: K, slot: number): void {
  const list = map.get(key);
  if (list) list.push(slot);
  else map.set(key, [slot]);
}
function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
/** Keys of a code's three-character substrings: a small integer when the characters allow, else the substring. */
function trigramKeys(code: string): (number | string)[] {
  const out: (number | string)[] = [];
  for (let i = 0; i + 3 <= code.length; i++) {
    const a = code.charCodeAt(i);
    const b = code.charCodeAt(i + 1);
    const c = code.charCodeAt(i + 2);
    out.push((a | b | c) < 1024 ? (a << 20) | (b << 10) | c : code.slice(i, i + 3));
  }
  return out;
}
/** The word and every string made by deleting one of its characters (a SymSpell key set, edit distance 1). */
function deletionsOf(word: string): string[] {
  const chars = [...word];
  const out = new Set<string>([word]);
  for (let i = 0; i < chars.length; i++) out.add(chars.slice(0, i).join('') + chars.slice(i + 1).join(''));
  return [...out];
}
/** Levenshtein distance <= 1 (one insertion, deletion or substitution). */
function withinOneEdit(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (x.length > y.length) i++;
    else if (y.length > x.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (x.length - i) + (y.length - j) <= 1;
}
