/**
 * Keeps a process's CatalogListingIndex (listing-index.ts) and listing cards (listing-cards.ts) equal to the catalog
 * read model in PostgreSQL.
 *
 * - Load: every `products` row and every `categories` row, and every product's card (in chunks), once, before the
 *   first answer (bench/catalog-load.bench.ts prints the time: seconds at 105,000 products).
 * - Follow: a row's `listing_position` is the global position of the last Product event applied to it, a
 *   category's `position` that of its last event, and a card's `card_position` that of the last product or stock
 *   event that changed it. The projector applies events in global order and commits batch after batch, so the rows
 *   changed since the last look are exactly those past the highest position seen: `sync()` reads the newest
 *   positions and, when they are past the source's, applies those rows. A rebuild that swapped in a new schema
 *   (projections/read-model.ts) gives the table a new oid: the index and the cards then load in full.
 * - Freshness: `head` (one row: newest positions and the table's oid) is read by every answer, with GET /v1/search's
 *   page rows in one round trip (queries.ts listPage) or alone and shared between concurrent answers (`head()`,
 *   queries.ts listProductCards), so an answer never comes from an index or cards older than the read model at the
 *   time of the request; a change hint (LISTEN rm_changed, api/plugins/read-model-changes.ts) syncs early so that
 *   rarely waits.
 */
import { type Kysely, sql } from 'kysely';
import { preparedQuery } from '../../platform/db/database.js';
import { SharedFreshRead } from '../../platform/db/shared-fresh-read.js';
import { liveSchema } from '../read-model.js';
import { type CardRow, ListingCards } from './listing-cards.js';
import { CatalogListingIndex, type IndexCategoryRow, type IndexProductRow } from './listing-index.js';
import type { CatalogTables } from './schema.js';
import { catalogReadModel } from './writer.js';

/** Newest positions of the read model and the products table's oid, as `head` columns of a query. */
export interface CatalogHead {
  product_position: string | null;
  category_position: string | null;
  /** The newest `card_position` of `product_docs` (listing-cards.ts). */
  card_position: string | null;
  relation: string | null;
}

const schema = liveSchema(catalogReadModel);
const T = (table: string) => sql.id(schema, table);

/** `select` list of the head columns (for queries.ts to read them beside a page). */
export const HEAD_COLUMNS = sql`
  (select max(listing_position) from ${T('products')}) as product_position,
  (select max(listing_position) from ${T('categories')}) as category_position,
  (select max(card_position) from ${T('product_docs')}) as card_position,
  to_regclass(${`${schema}.products`})::oid::text as relation`;

// Arrays travel as strings joined by U+001F (no such character in an id or a facet): faster to read than pg arrays.
const PRODUCT_COLUMNS = sql`
  p.id::text, p.seq::text, p.listed, p.code_text, p.alias_text, p.name_et, p.name_en, array_to_string(p.category_ids, chr(31)) as category_ids,
  array_to_string(p.facets, chr(31)) as facets, p.gross_cents, (extract(epoch from p.modified_at) * 1000)::float8 as modified_ms,
  (extract(epoch from p.vis_from) * 1000)::float8 as vis_from_ms, (extract(epoch from p.vis_to) * 1000)::float8 as vis_to_ms,
  p.vis_in, p.vis_out, p.listing_position, p.fitment`;

// The cards with what their products rows add (listing-cards.ts CardRow).
const CARD_COLUMNS = sql`
  d.id::text, d.card_et, d.card_en, d.card_tail, d.card_attributes, d.card_categories, d.card_position, p.stock_total, p.critical_level,
  (extract(epoch from p.vis_from) * 1000)::float8 as vis_from_ms, (extract(epoch from p.vis_to) * 1000)::float8 as vis_to_ms, p.vis_in, p.vis_out`;
/** Cards read per query when loading in full (~20 MB of text at a time, not the whole catalog's ~215 MB at once). */
const CARD_LOAD_CHUNK = 10_000;

type ProductRow = IndexProductRow & { listing_position: string };
type RawProductRow = Omit<ProductRow, 'category_ids' | 'facets'> & { category_ids: string; facets: string };

/** Parses pg's float8 text ('Infinity', '-Infinity', digits) that the driver may hand over as a string. */
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));

const list = (joined: string): string[] => (joined ? joined.split('\u001f') : []);

function toIndexRow(r: RawProductRow): ProductRow {
  return {
    ...r,
    category_ids: list(r.category_ids),
    facets: list(r.facets),
    modified_ms: r.modified_ms === null ? null : num(r.modified_ms),
    vis_from_ms: num(r.vis_from_ms),
    vis_to_ms: num(r.vis_to_ms),
  };
}

function toCardRow(r: CardRow): CardRow {
  return { ...r, vis_from_ms: num(r.vis_from_ms), vis_to_ms: num(r.vis_to_ms) };
}

/** The later of two `$all` checkpoints ('' is before every one). */
const later = (a: string, b: string | null | undefined) => (b && b > a ? b : a);

/** One process's listing index and how far it has followed the read model. */
export class ListingIndexSource {
  private index: CatalogListingIndex | null = null;
  private productPosition = '';
  private categoryPosition = '';
  private cardPosition = '';
  private relation: string | null = null;
  private listingCards = new ListingCards();
  private loading: Promise<CatalogListingIndex> | null = null;
  private syncing: Promise<boolean> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly db: Kysely<CatalogTables>) {}

  /** The index, loaded in full on first use (concurrent callers share the load). */
  current(): Promise<CatalogListingIndex> {
    if (this.index) return Promise.resolve(this.index);
    return this.load();
  }

  /**
   * Every product's listing card (listing-cards.ts), as far as the source has followed the read model: empty until
   * the first `current()` or `sync()` has loaded it.
   */
  cards(): ListingCards {
    return this.listingCards;
  }

  /**
   * The read model's head as of a read that starts after this call (newest positions and the products table's oid):
   * every answer made from memory (queries.ts listProductCards) reads it, to sync first when the index or the cards
   * are behind it. Concurrent callers share reads (platform/db/shared-fresh-read.ts: never one already under way, which
   * may have been taken before a change the caller has seen committed): under load one small prepared statement then
   * answers many requests.
   * @throws pg's error when the database cannot be read (every caller waiting on that read gets it).
   */
  head(): Promise<CatalogHead> {
    return this.headReads.get();
  }

  private readonly headReads = new SharedFreshRead(async () => {
    const rows = await preparedQuery<CatalogHead, CatalogTables>(this.db, 'listing-head', sql<CatalogHead>`select ${HEAD_COLUMNS}`.compile(this.db));
    return rows[0];
  });

  /** How far the index has followed the read model now (take it before answering from the index). */
  position(): CatalogHead {
    return { product_position: this.productPosition, category_position: this.categoryPosition, card_position: this.cardPosition, relation: this.relation };
  }

  /**
   * Was an index at position `at` (default: now) behind the read model whose head a query just read? A page
   * decided at `at` is stale when this is true, even if a sync has moved the index on since.
   */
  isBehind(head: CatalogHead, at: CatalogHead = this.position()): boolean {
    const product = at.product_position ?? '';
    const category = at.category_position ?? '';
    const card = at.card_position ?? '';
    return (
      head.relation !== at.relation ||
      later(product, head.product_position) !== product ||
      later(category, head.category_position) !== category ||
      later(card, head.card_position) !== card
    );
  }

  /** Calls `fn` after each sync that changed what listings show (the api drops its result cache). */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /**
   * Brings the index up to the read model: nothing when it is current, the changed rows when it is behind, all rows
   * after a rebuild. Concurrent callers share one sync. Returns true when listings changed.
   */
  sync(): Promise<boolean> {
    if (!this.index) return this.load().then(() => true);
    if (this.syncing) return this.syncing;
    const run = this.syncOnce().finally(() => {
      this.syncing = null;
    });
    this.syncing = run;
    return run;
  }

  private async syncOnce(): Promise<boolean> {
    const head = (await sql<CatalogHead>`select ${HEAD_COLUMNS}`.execute(this.db)).rows[0];
    if (!this.isBehind(head)) return false;
    if (head.relation !== this.relation) {
      await this.load(true);
      return true;
    }
    const [products, categories, cards] = await Promise.all([
      later(this.productPosition, head.product_position) !== this.productPosition
        ? sql<RawProductRow>`select ${PRODUCT_COLUMNS} from ${T('products')} p where p.listing_position > ${this.productPosition} order by p.listing_position`.execute(this.db)
        : Promise.resolve({ rows: [] as RawProductRow[] }),
      later(this.categoryPosition, head.category_position) !== this.categoryPosition ? this.loadCategories() : Promise.resolve(null),
      later(this.cardPosition, head.card_position) !== this.cardPosition
        ? sql<CardRow>`select ${CARD_COLUMNS} from ${T('product_docs')} d join ${T('products')} p on p.id = d.id where d.card_position > ${this.cardPosition} order by d.card_position`.execute(this.db)
        : Promise.resolve({ rows: [] as CardRow[] }),
    ]);
    const rows = products.rows.map(toIndexRow);
    const changed = this.index!.apply(rows, categories?.rows ?? null);
    for (const r of rows) this.productPosition = later(this.productPosition, r.listing_position);
    if (categories) this.categoryPosition = categories.max;
    this.listingCards.apply(cards.rows.map(toCardRow));
    for (const r of cards.rows) this.cardPosition = later(this.cardPosition, r.card_position);
    if (changed) for (const fn of this.listeners) fn();
    return changed;
  }

  private async loadCategories(): Promise<{ rows: IndexCategoryRow[]; max: string }> {
    const r = await sql<{ doc: IndexCategoryRow['doc']; position: string }>`select doc, listing_position as position from ${T('categories')} order by seq`.execute(this.db);
    let max = '';
    for (const row of r.rows) max = later(max, row.position);
    return { rows: r.rows.map((row) => ({ doc: row.doc })), max };
  }

  /** Every product's card, read in chunks by id (each chunk one query, its text dropped once kept as bytes). */
  private async loadCards(): Promise<ListingCards> {
    const cards = new ListingCards();
    for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
      const { rows } = await sql<CardRow>`
        select ${CARD_COLUMNS} from ${T('product_docs')} d join ${T('products')} p on p.id = d.id
        where d.id > ${after}::uuid order by d.id limit ${CARD_LOAD_CHUNK}`.execute(this.db);
      cards.apply(rows.map(toCardRow));
      if (rows.length < CARD_LOAD_CHUNK) return cards;
      after = rows[rows.length - 1].id;
    }
  }

  private load(force = false): Promise<CatalogListingIndex> {
    if (this.loading) return this.loading;
    if (this.index && !force) return Promise.resolve(this.index);
    const run = (async () => {
      // The head before anything is read: a card changed while the chunks below are read carries a later position,
      // so the next sync reads it again (reading one twice is harmless; missing one is not).
      const { relation, card_position: cardsAt } = (await sql<CatalogHead>`select ${HEAD_COLUMNS}`.execute(this.db)).rows[0];
      const [products, categories, cards] = await Promise.all([
        sql<RawProductRow>`select ${PRODUCT_COLUMNS} from ${T('products')} p`.execute(this.db),
        this.loadCategories(),
        this.loadCards(),
      ]);
      const rows = products.rows.map(toIndexRow);
      const index = CatalogListingIndex.build(rows, categories.rows);
      let max = '';
      for (const r of rows) max = later(max, r.listing_position);
      this.index = index;
      this.listingCards = cards;
      this.productPosition = max;
      this.categoryPosition = categories.max;
      this.cardPosition = cardsAt ?? '';
      this.relation = relation;
      for (const fn of this.listeners) fn();
      return index;
    })().finally(() => {
      this.loading = null;
    });
    this.loading = run;
    return run;
  }
}
