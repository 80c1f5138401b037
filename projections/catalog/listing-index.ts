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
 * Each structure is its own module: listing-bitset.ts (slot sets), listing-sort-orders.ts (the orders and paging),
 * listing-facets.ts (facet counting), listing-search.ts (text search); listing-index-types.ts holds the shapes. This
 * class keeps the slots, the visibility and category bitsets, and composes the rest into a page.
 *
 * Semantics are those of the SQL listing they replace (queries.ts docstring): filters keep products matching at
 * least one, the exact ones first; facet counts are over the category and search before filters; search matches
 * part numbers however typed, name words by prefix, one typo in words of 5+ letters, leaves out words that match
 * nothing, and ranks an exact part-number match first, then a part number that starts with the query, then
 * products with more whole-word matches, newest first.
 */
import { answerFitment, type ChosenVehicle, type FitmentAnswer } from '../../domain/fitment/fitment.js';
import type { CategoryDoc } from './projection.js';
import { clear, findLiveWords, forEach, grown, has, type LiveWords, popcount, popcount32, ScratchBits, set } from './listing-bitset.js';
import { FitmentIndex } from './listing-fitment.js';
import { FacetIndex } from './listing-facets.js';
import { emptySlotColumns, type IndexCategoryRow, type IndexPage, type IndexProductRow, type IndexQuery, type VehiclePageScope, type VehicleParts, type VehiclePartsGroup } from './listing-index-types.js';
import { SearchIndex, type SearchPlan } from './listing-search.js';
import { cmp, pageOf, pageOfBuckets, type SortOrder, SortOrders } from './listing-sort-orders.js';

export type { IndexCategoryRow, IndexPage, IndexProductRow, IndexQuery, IndexSort, VehiclePageScope, VehicleParts, VehiclePartsGroup } from './listing-index-types.js';

/** Vehicle listings' facet counts kept between changes (then all are dropped at once). */
const VEHICLE_FACET_MEMO = 1000;

/** A vehicle's key: its URL form (`mg.mgb.1962-1980`, `triumph.tr6.1972`). */
const vehicleKey = (v: NonNullable<IndexQuery['vehicle']>) => ('generation' in v ? `${v.make}.${v.model}.${v.generation}` : `${v.make}.${v.model}.${v.year}`);

/** More changed rows than this in one apply re-sort the orders instead of moving each slot. */
const BULK_THRESHOLD = 2000;

/** The in-memory listing index of the catalog read model. Build with `CatalogListingIndex.build`, keep current with `apply`. */
export class CatalogListingIndex {
  private n = 0;
  private words32 = 0;
  private readonly slotOf = new Map<string, number>();
  private readonly cols = emptySlotColumns();

  /** Listed with a static 'visible' rule. */
  private visibleStatic = new Uint32Array(0);
  private listedBits = new Uint32Array(0);
  /** Listed products whose visibility depends on the time. */
  private readonly timed = new Set<number>();

  // Categories.
  private categories = new Map<string, CategoryDoc>();
  /** Category id to the ids whose subtree contains it (itself and its ancestors up to a deleted one). */
  private closure = new Map<string, string[]>();
  private subtreeBits = new Map<string, Uint32Array<ArrayBuffer>>();
  /** Listed, statically visible products directly in each category. */
  private directCount = new Map<string, number>();

  private readonly facets = new FacetIndex();
  private readonly fitment = new FitmentIndex();
  private readonly search = new SearchIndex(this.cols);
  private readonly orders = new SortOrders(this.cols);

  /** Per sort order, the listed and visible slots in that order (the whole catalog's pages), made on first use. */
  private wholeCatalog = new Map<SortOrder, Int32Array>();

  /** Facet counts of vehicle listings (vehicle, category, unknown shown) since the last change; see `query`. */
  private readonly vehicleFacets = new Map<string, IndexPage['availableFilters']>();

  /** Scratch bitsets of one query (queries run synchronously, one at a time). */
  private readonly bitsPool = new ScratchBits();

  /** Scratch: bucket per slot during one query (queries run synchronously, one at a time). */
  private scratch = new Uint8Array(0);

  /** Scratch: the words of one query's matches that hold any (listing-bitset.ts LiveWords). */
  private live: LiveWords = { words: new Int32Array(0), n: 0 };

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
    index.orders.rebuild(index.n);
    index.rebuildCategoryStructures();
    index.search.sortTokens();
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
      this.orders.rebuild(this.n);
      this.rebuildCategoryStructures();
    } else {
      // Products first, against the categories they were counted under; then a new tree recounts everything.
      for (const row of products) this.upsert(row, false);
      if (categories) {
        this.setCategoryDocs(categories.map((c) => c.doc));
        this.rebuildCategoryStructures();
      }
    }
    this.facets.changed();
    this.vehicleFacets.clear();
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
    this.fitment.grow(target);
    this.scratch = new Uint8Array(target * 32);
    this.live = { words: new Int32Array(target), n: 0 };
    this.words32 = target;
    this.bitsPool.words = target;
  }

  /** Adds (+1) or removes (-1) a counted (listed, statically visible) slot's contribution to the category and facet counts. */
  private contribute(slot: number, sign: 1 | -1): void {
    if (!has(this.visibleStatic, slot)) return;
    const facetIds = this.cols.facetIdsOf[slot];
    this.facets.add('', facetIds, sign);
    for (const key of this.closureOf(slot)) this.facets.add(key, facetIds, sign);
    for (const c of this.cols.categoryIdsOf[slot]) if (this.categories.has(c)) this.directCount.set(c, (this.directCount.get(c) ?? 0) + sign);
  }

  /** Categories whose subtree holds the slot. */
  private closureOf(slot: number): Set<string> {
    const out = new Set<string>();
    for (const c of this.cols.categoryIdsOf[slot]) for (const k of this.closure.get(c) ?? []) out.add(k);
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
    const cols = this.cols;
    let slot = this.slotOf.get(row.id);
    const isNew = slot === undefined;
    if (slot === undefined) {
      slot = this.n++;
      this.ensureCapacity(this.n);
      this.slotOf.set(row.id, slot);
      cols.ids[slot] = row.id;
      cols.nameEt[slot] = '';
      cols.nameEn[slot] = '';
      cols.facetIdsOf[slot] = [];
      cols.categoryIdsOf[slot] = [];
      this.search.addSlot(slot);
    } else if (!bulk) {
      this.contribute(slot, -1);
      this.setSubtreeBits(slot, false);
    }
    const s = slot;
    const oldTokens = isNew ? [] : this.search.tokensOf(s);
    const namesChanged = isNew || cols.nameEt[s] !== row.name_et || cols.nameEn[s] !== row.name_en || cols.aliasText[s] !== (row.alias_text ?? '');
    const codesChanged = isNew || this.search.codesDiffer(s, row.code_text);
    const seq = Number(row.seq);
    const modified = row.modified_ms ?? -Infinity;
    const gross = row.gross_cents ?? Infinity;
    const keysChanged = isNew || cols.seq[s] !== seq || cols.modified[s] !== modified || cols.gross[s] !== gross || cols.nameEt[s] !== row.name_et || cols.nameEn[s] !== row.name_en;
    cols.seq[s] = seq;
    cols.modified[s] = modified;
    cols.gross[s] = gross;
    cols.nameEt[s] = row.name_et;
    cols.nameEn[s] = row.name_en;
    cols.aliasText[s] = row.alias_text ?? '';
    cols.visFrom[s] = row.vis_from_ms;
    cols.visTo[s] = row.vis_to_ms;
    cols.visIn[s] = row.vis_in;
    cols.visOut[s] = row.vis_out;
    cols.categoryIdsOf[s] = row.category_ids;
    cols.facetIdsOf[s] = this.facets.setSlotFacets(s, cols.facetIdsOf[s], row.facets);
    this.fitment.setSlot(s, row.fitment ?? null, isNew);

    // Listed and visible.
    if (row.listed) set(this.listedBits, s);
    else clear(this.listedBits, s);
    const staticVisible = row.listed && row.vis_in === 'visible' && row.vis_out === 'visible';
    if (staticVisible) set(this.visibleStatic, s);
    else clear(this.visibleStatic, s);
    if (row.listed && row.vis_in !== row.vis_out) this.timed.add(s);
    else this.timed.delete(s);

    this.search.update(s, oldTokens, namesChanged, codesChanged, row.code_text);

    if (!bulk) {
      this.setSubtreeBits(s, true);
      this.contribute(s, 1);
      if (keysChanged) this.orders.place(s, isNew, this.n);
    }
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
    this.search.setCategoryKeywords(docs);
  }

  /** Recomputes subtree bits, category counts and facet counts from the rows (after a bulk change). */
  private rebuildCategoryStructures(): void {
    this.subtreeBits = new Map();
    this.facets.resetCounts();
    this.directCount = new Map();
    for (let s = 0; s < this.n; s++) {
      this.setSubtreeBits(s, true);
      this.contribute(s, 1);
    }
    this.facets.changed();
  }

  // ---- reading ------------------------------------------------------------------------------------------------

  /** The visibility state of a slot at `nowMs` (spec 4: in range → state in range, else out of range). */
  private visibilityAt(slot: number, nowMs: number): string {
    const cols = this.cols;
    return nowMs >= cols.visFrom[slot] && nowMs <= cols.visTo[slot] ? cols.visIn[slot] : cols.visOut[slot];
  }

  /** Listed products visible at `nowMs`, within the category subtree when given (null: unknown category). */
  private visibleSet(categoryId: string | undefined, nowMs: number): Uint32Array | null {
    let scope: Uint32Array | undefined;
    if (categoryId !== undefined) {
      if (!this.categories.has(categoryId) || !(this.closure.get(categoryId)?.length ?? 0)) return null;
      scope = this.subtreeBits.get(categoryId);
      if (!scope) return this.bitsPool.take();
    }
    const out = this.bitsPool.take();
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
      for (const c of this.cols.categoryIdsOf[slot]) extra.set(c, (extra.get(c) ?? 0) + 1);
    }
    return [...this.categories.values()]
      .filter((d) => !d.deleted)
      .sort((a, b) => cmp(Number(a.seq), Number(b.seq)))
      .map((doc) => ({ doc, directCount: (this.directCount.get(doc.id) ?? 0) + (extra.get(doc.id) ?? 0) }));
  }

  /**
   * Listed products visible at `nowMs` that fit `vehicle` (or are universal), counted per category they are directly
   * in (not descendants): the category tree's counts with a vehicle chosen (vehicle fitment, "category counts ...
   * show only parts that fit it"). Parts without fitment data count only with `includeUnknown`. Categories without a
   * fitting part are absent. O(fitting parts x their categories) per call.
   */
  vehicleCategoryCounts(nowMs: number, vehicle: ChosenVehicle, includeUnknown = false): Map<string, number> {
    const fit = this.fitment.fittingBits(vehicle);
    const unknown = this.fitment.unknown;
    const visible = this.visibleStatic;
    const out = new Map<string, number>();
    const add = (slot: number) => {
      for (const c of this.cols.categoryIdsOf[slot]) out.set(c, (out.get(c) ?? 0) + 1);
    };
    const words = Math.min(visible.length, fit.length);
    for (let i = 0; i < words; i++) {
      let w = visible[i] & (fit[i] | (includeUnknown ? (unknown[i] ?? 0) : 0));
      while (w !== 0) {
        const low = w & -w;
        add(i * 32 + (31 - Math.clz32(low)));
        w ^= low;
      }
    }
    for (const slot of this.timed) {
      const fits = has(fit, slot) || (includeUnknown && has(unknown, slot));
      if (fits && this.visibilityAt(slot, nowMs) === 'visible') add(slot);
    }
    return out;
  }

  /** One page of the listing or search (spec 2, 3, 5, 9). */
  query(input: IndexQuery): IndexPage {
    this.bitsPool.reset();
    const q = input.q?.trim() ?? '';
    const filtered = Object.values(input.filters ?? {}).some((values) => values.length > 0);
    if (!input.vehicle && input.categoryId === undefined && !q && !filtered && input.priceMinCents === undefined && input.priceMaxCents === undefined && !this.timed.size) {
      return this.wholeCatalogPage(input);
    }
    const visible = this.visibleSet(input.categoryId, input.nowMs);
    const empty: IndexPage = { ids: [], exactIds: [], total: 0, availableFilters: [], leftOutSearchKeywords: [], hiddenUnknown: 0 };
    if (!visible) return empty;
    const base = visible;
    const priced = input.priceMinCents !== undefined || input.priceMaxCents !== undefined;
    if (priced) {
      const min = input.priceMinCents ?? -Infinity;
      const max = input.priceMaxCents ?? Infinity;
      const gross = this.cols.gross;
      forEach(base, (s) => {
        if (gross[s] < min || gross[s] > max) clear(base, s);
      });
    }
    const search = q ? this.search.plan(q, this.listedBits, this.subtreeBits, this.bitsPool) : null;
    if (search) for (let i = 0; i < base.length; i++) base[i] &= search.bits[i];

    // A chosen vehicle keeps the parts that fit it or are universal; parts without fitment data are counted
    // (`hiddenUnknown`) and kept only when asked for (docs/architecture.md "Vehicle fitment", Storefront).
    let hiddenUnknown = 0;
    if (input.vehicle) {
      // The vehicle's fitting bitset is kept between requests (FitmentIndex.fittingBits); one pass ANDs it in and
      // counts the parts without data left out.
      const fit = this.fitment.fittingBits(input.vehicle);
      const unknown = this.fitment.unknown;
      const withUnknown = input.includeUnknown === true;
      let hidden = 0;
      for (let i = 0; i < base.length; i++) {
        const b = base[i];
        if (b === 0) continue;
        const u = b & unknown[i];
        if (u !== 0 && !withUnknown) hidden += popcount32(u);
        base[i] = b & (fit[i] | (withUnknown ? unknown[i] : 0));
      }
      hiddenUnknown = hidden;
    }

    // A search's later passes read only the words holding a match (filters keep a subset of them).
    const live = search ? findLiveWords(base, this.live) : undefined;

    // Facet counts over the category, search and vehicle, before filters: read from the maintained counts, or for a
    // vehicle in a category (no search, price bounds or timed products) counted once per change of the index and
    // kept until the next (`vehicleFacets`).
    const plain = !search && !priced && !this.hasTimedIn(input.categoryId);
    let availableFilters: IndexPage['availableFilters'];
    if (plain && !input.vehicle) availableFilters = this.facets.maintained(input.categoryId ?? '');
    else if (plain && input.vehicle) {
      const key = `${vehicleKey(input.vehicle)}|${input.categoryId ?? ''}|${input.includeUnknown ? 1 : 0}`;
      let memo = this.vehicleFacets.get(key);
      if (!memo) {
        if (this.vehicleFacets.size >= VEHICLE_FACET_MEMO) this.vehicleFacets.clear();
        this.vehicleFacets.set(key, (memo = this.facets.keep(this.facets.count(base, this.cols.facetIdsOf))));
      }
      availableFilters = memo;
    } else availableFilters = this.facets.count(base, this.cols.facetIdsOf, undefined, live);

    // Filters: at least one matches; all match first.
    const filters = Object.entries(input.filters ?? {}).filter(([, values]) => values.length > 0);
    let matchAny = base;
    let exactBits: Uint32Array | null = null;
    if (filters.length) {
      const perFilter = filters.map(([name, values]) => {
        const bits = this.bitsPool.take();
        this.facets.addMatches(name, values, bits);
        return bits;
      });
      matchAny = this.bitsPool.take();
      exactBits = this.bitsPool.take();
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
    const { order, reverse } = this.orders.orderFor(search && !input.sort ? '-id' : (input.sort ?? '-modified_at'), input.language);
    const offset = (input.page - 1) * input.pageSize;
    const { slots, total } = search
      ? pageOfBuckets(matchAny, this.searchBuckets(matchAny, exactBits, search, input.sort !== undefined, live!), order, reverse, offset, input.pageSize, this.scratch, this.n, live)
      : pageOf(matchAny, exactBits ? (s: number) => (has(exactBits!, s) ? 0 : 1) : null, exactBits ? 2 : 1, order, reverse, offset, input.pageSize, this.scratch, this.n);
    const ids = slots.map((s) => this.cols.ids[s]);
    return {
      ids,
      exactIds: exactBits ? slots.filter((s) => has(exactBits!, s)).map((s) => this.cols.ids[s]) : [],
      total,
      availableFilters,
      leftOutSearchKeywords: search?.leftOut ?? [],
      hiddenUnknown,
    };
  }

  /**
   * The buckets of a search's members (`pageOfBuckets`): writes each member's bucket to `scratch` and returns the
   * members per bucket. Bucket = (an exact filter match ? 0 : the search's buckets) + the search's bucket, which is,
   * with a sort, 0 for an exact part number else 1; without, code rank (0 exact part number, 1 a part number starting
   * with the code, 2 else) times (terms + 1) plus the kept terms it does not match as a whole word. Made by passes
   * over bitsets (every member the default, then the exact terms' and part numbers' members moved up), not a call
   * per member: a search matching most of the catalog has 60,000+ members. `live`: the words that may hold a member.
   */
  private searchBuckets(members: Uint32Array, exactBits: Uint32Array | null, search: SearchPlan, sorted: boolean, live: LiveWords): number[] {
    const scratch = this.scratch;
    const terms = search.terms.length;
    const searchBuckets = sorted ? 2 : 3 * (terms + 1);
    const counts = new Array<number>((exactBits ? 2 : 1) * searchBuckets).fill(0);
    const byDefault = sorted ? 1 : 2 * (terms + 1) + terms;
    const words = live.words;
    for (let i = 0; i < live.n; i++) {
      const w = words[i];
      let x = members[w];
      if (x === 0) continue;
      const exact = exactBits ? exactBits[w] : 0;
      while (x !== 0) {
        const t = x & -x;
        scratch[(w << 5) + 31 - Math.clz32(t)] = byDefault + (exactBits && (exact & t) === 0 ? searchBuckets : 0);
        x ^= t;
      }
    }
    if (sorted) {
      for (const s of search.codeExact) if (has(members, s)) scratch[s] -= 1;
    } else {
      for (const exact of search.exactTerms) {
        if (!exact) continue;
        for (let i = 0; i < live.n; i++) {
          const w = words[i];
          let x = members[w] & exact[w];
          while (x !== 0) {
            const t = x & -x;
            scratch[(w << 5) + 31 - Math.clz32(t)] -= 1;
            x ^= t;
          }
        }
      }
      for (const s of search.codeExact) if (has(members, s)) scratch[s] -= 2 * (terms + 1);
      if (search.codePrefix) {
        for (const s of search.codePrefix) if (has(members, s) && !search.codeExact.has(s)) scratch[s] -= terms + 1;
      } else if (search.code.length > 0) {
        for (let i = 0; i < live.n; i++) {
          const w = words[i];
          let x = members[w];
          while (x !== 0) {
            const t = x & -x;
            const s = (w << 5) + 31 - Math.clz32(t);
            if (!search.codeExact.has(s) && this.search.codeStarts(s, search.code)) scratch[s] -= terms + 1;
            x ^= t;
          }
        }
      }
    }
    // The set bits walked in place, as above: a callback per member (listing-bitset.ts forEach) is a call V8 does
    // not inline here, and a broad search has 60,000+ members.
    for (let i = 0; i < live.n; i++) {
      const w = words[i];
      let x = members[w];
      while (x !== 0) {
        const t = x & -x;
        counts[scratch[(w << 5) + 31 - Math.clz32(t)]]++;
        x ^= t;
      }
    }
    return counts;
  }

  /** Each product's fitment answer for a chosen vehicle (domain/fitment `answerFitment`); ids the index lacks are unknown. */
  fitmentAnswers(ids: readonly string[], vehicle: NonNullable<IndexQuery['vehicle']>): FitmentAnswer[] {
    return ids.map((id) => {
      const slot = this.slotOf.get(id);
      const fitment = slot === undefined ? null : this.fitment.fitment(slot);
      return fitment ? answerFitment(fitment, vehicle) : { state: 'unknown' as const };
    });
  }

  /** Listed parts visible at `nowMs` made for the scope (no universal ones), into a scratch bitset of this call. */
  private vehicleScopeBits(scope: VehiclePageScope, visible: Uint32Array): Uint32Array {
    const bits = this.bitsPool.take();
    if (scope.kind === 'model') this.fitment.fittingModel(scope.make, scope.model, bits);
    else this.fitment.fitting(scope.vehicle, bits, false);
    for (let i = 0; i < bits.length; i++) bits[i] &= visible[i];
    return bits;
  }

  /**
   * A vehicle landing page's parts (docs/architecture.md "Vehicle fitment", landing pages): the listed parts visible at `nowMs` made
   * for the scope, counted per direct category (deleted categories left out), each group with its first `perGroup`
   * parts in name order of `language`. One walk of the name order at most; no per-product fitment is evaluated.
   */
  vehicleParts(scope: VehiclePageScope, nowMs: number, perGroup: number, language: 'et' | 'en'): VehicleParts {
    this.bitsPool.reset();
    const bits = this.vehicleScopeBits(scope, this.visibleSet(undefined, nowMs)!);
    const total = popcount(bits);
    const groups = new Map<string, VehiclePartsGroup>();
    if (!total) return { total, groups: [] };
    const categoriesOf = (s: number) => this.cols.categoryIdsOf[s].filter((c) => this.categories.get(c)?.deleted === false);
    forEach(bits, (s) => {
      for (const c of categoriesOf(s)) {
        const group = groups.get(c);
        if (group) group.count++;
        else groups.set(c, { categoryId: c, count: 1, products: [] });
      }
    });
    const { order } = this.orders.orderFor('name', language);
    const names = language === 'et' ? this.cols.nameEt : this.cols.nameEn;
    let full = 0;
    for (let i = 0; i < order.perm.length && full < groups.size; i++) {
      const s = order.perm[i];
      if (!has(bits, s)) continue;
      for (const c of categoriesOf(s)) {
        const group = groups.get(c)!;
        if (group.products.length >= perGroup) continue;
        const gross = this.cols.gross[s];
        group.products.push({ id: this.cols.ids[s], name: names[s] || this.cols.nameEt[s], grossCents: Number.isFinite(gross) ? gross : null });
        if (group.products.length === perGroup || group.products.length === group.count) full++;
      }
    }
    return { total, groups: [...groups.values()].sort((a, b) => b.count - a.count || (a.categoryId < b.categoryId ? -1 : 1)) };
  }

  /**
   * How many listed parts visible at `nowMs` are made for each scope (no universal ones), in the order given: the
   * sitemap's vehicle pages and a make page's models. A scope whose make and model no application names costs no
   * bitset walk.
   */
  vehiclePartCounts(scopes: readonly VehiclePageScope[], nowMs: number): number[] {
    this.bitsPool.reset();
    const visible = this.visibleSet(undefined, nowMs)!;
    return scopes.map((scope) => {
      const { make, model } = scope.kind === 'model' ? scope : scope.vehicle;
      if (!this.fitment.mayHaveParts(make, model)) return 0;
      const mark = this.bitsPool.mark();
      const n = popcount(this.vehicleScopeBits(scope, visible));
      this.bitsPool.release(mark);
      return n;
    });
  }

  /** A page of the whole catalog (the home page): a slice of the order's listed, visible slots. */
  private wholeCatalogPage(input: IndexQuery): IndexPage {
    const { order, reverse } = this.orders.orderFor(input.sort ?? '-modified_at', input.language);
    let list = this.wholeCatalog.get(order);
    if (!list) {
      const slots: number[] = [];
      for (const s of order.perm) if (has(this.visibleStatic, s)) slots.push(s);
      list = Int32Array.from(slots);
      this.wholeCatalog.set(order, list);
    }
    const offset = (input.page - 1) * input.pageSize;
    const ids: string[] = [];
    for (let i = offset; i < offset + input.pageSize && i < list.length; i++) ids.push(this.cols.ids[list[reverse ? list.length - 1 - i : i]]);
    return { ids, exactIds: [], total: list.length, availableFilters: this.facets.maintained(''), leftOutSearchKeywords: [], hiddenUnknown: 0 };
  }

  private hasTimedIn(categoryId: string | undefined): boolean {
    if (!this.timed.size) return false;
    if (categoryId === undefined) return true;
    const bits = this.subtreeBits.get(categoryId);
    for (const s of this.timed) if (bits && has(bits, s)) return true;
    return false;
  }
}
