/**
 * The catalog read model: its tables (`createTables`) and its writer (`applyBatch`, conventions 5). A batch loads
 * the rows its events touch with one query per table, folds the events with the pure mapping of projection.ts and
 * writes the rows back with one upsert per table.
 *
 * Tables (schema `rm_catalog`):
 * - products: one narrow row per product id with the derived columns for listing, facets and search (normalised
 *   codes, facet values "name=value", tsvector, availability, visibility window);
 * - product_docs: the folded ProductDoc per product id (read by the writer and the product page) and its listing
 *   card as JSON text per language (product-card.ts: what GET /v1/products splices into a page without parsing);
 * - categories: one row per category id: `doc` plus parent, names and flags;
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { productIdOf } from '../product-doc-parts.js';
import type { ReadModel } from '../read-model.js';
import {
  CATALOG_EVENT_TYPES,
  type CategoryDoc,
  emptyProductDoc,
  evolveCategoryDoc,
  evolveProductDoc,
  type ProductDoc,
  toProductRow,
} from './projection.js';
import { productCardTexts } from './product-card.js';
import type { CatalogTables } from './schema.js';

const id = (schema: string, table: string) => sql.id(schema, table);

async function createTables(db: Kysely<CatalogTables>, schema: string): Promise<void> {
  const products = id(schema, 'products');
  await sql`
    create table ${products} (
      id uuid primary key,
      seq bigint not null,
      listed boolean not null,
      code1 text not null,
      code2 text,
      name_et text not null,
      name_en text not null,
      codes_norm text[] not null,
      code_text text not null,
      alias_text text not null,
      category_ids uuid[] not null,
      facets text[] not null,
      gross_cents integer,
      net_cents integer,
      stock_total integer not null,
      available_in integer not null,
      has_limited_amount boolean not null,
      vis_from timestamptz not null,
      vis_to timestamptz not null,
      vis_in text not null,
      vis_out text not null,
      modified_at timestamptz,
      listing_position text collate "C" not null,
      policy text not null,
      image_count integer not null,
      critical_level integer,
      fitment jsonb,
      search tsvector generated always as (to_tsvector('simple', name_et || ' ' || name_en || ' ' || code_text || ' ' || alias_text)) stored
    )`.execute(db);
  // The folded documents live apart, so the listing table stays narrow for scans, counts and facets.
  // The card texts are `text`, not jsonb: a listing reads them without pg or the api parsing them (product-card.ts).
  await sql`
    create table ${id(schema, 'product_docs')} (
      id uuid primary key,
      doc jsonb not null,
      card_et text not null,
      card_en text not null,
      card_tail text not null,
      card_attributes text not null,
      card_categories text not null,
      card_position text collate "C" not null
    )`.execute(db);
  await sql`
    create table ${id(schema, 'categories')} (
      id uuid primary key,
      doc jsonb not null,
      parent_id uuid,
      seq bigint not null,
      deleted boolean not null,
      listing_position text collate "C" not null
    )`.execute(db);
}

/** Secondary indexes of the listing (a rebuild creates them after loading, which is much faster). */
async function createIndexes(db: Kysely<CatalogTables>, schema: string): Promise<void> {
  const products = id(schema, 'products');
  const idx = (name: string) => sql.id(`${name}`);
  // fastupdate: no pending list for every query to scan after a bulk load or a rebuild.
  await sql`create index ${idx('products_search')} on ${products} using gin (search) with (fastupdate = off)`.execute(db);
  await sql`create index ${idx('products_categories')} on ${products} using gin (category_ids) with (fastupdate = off)`.execute(db);
  await sql`create index ${idx('products_facets')} on ${products} using gin (facets) with (fastupdate = off)`.execute(db);
  await sql`create index ${idx('products_codes')} on ${products} using gin (codes_norm) with (fastupdate = off)`.execute(db);
  await sql`create index ${idx('products_code_trgm')} on ${products} using gin (code_text gin_trgm_ops) with (fastupdate = off)`.execute(db);
  await sql`create index ${idx('products_modified')} on ${products} (modified_at desc, seq desc) where listed`.execute(db);
  await sql`create index ${idx('products_seq')} on ${products} (seq) where listed`.execute(db);
  await sql`create index ${idx('products_price')} on ${products} (gross_cents, seq) where listed`.execute(db);
  await sql`create index ${idx('products_name_et')} on ${products} (lower(name_et), seq) where listed`.execute(db);
  await sql`create index ${idx('products_name_en')} on ${products} (lower(name_en), seq) where listed`.execute(db);
  // ProductList (admin-product-list.ts) lists every product, listed or not: its sorts need full indexes.
  await sql`create index ${idx('products_admin_seq')} on ${products} (seq)`.execute(db);
  await sql`create index ${idx('products_admin_price')} on ${products} (gross_cents, seq)`.execute(db);
  await sql`create index ${idx('products_admin_price_desc')} on ${products} (gross_cents desc nulls last, seq desc)`.execute(db);
  await sql`create index ${idx('products_admin_name_et')} on ${products} (lower(name_et), seq)`.execute(db);
  await sql`create index ${idx('products_admin_name_en')} on ${products} (lower(name_en), seq)`.execute(db);
  // The listing index (listing-index-source.ts) asks for the newest position and the rows past its own.
  await sql`create index ${idx('products_listing_position')} on ${products} (listing_position)`.execute(db);
  await sql`create index ${idx('categories_listing_position')} on ${id(schema, 'categories')} (listing_position)`.execute(db);
  // The api's listing cards (listing-cards.ts) follow the cards changed past their own position.
  await sql`create index ${idx('product_docs_card_position')} on ${id(schema, 'product_docs')} (card_position)`.execute(db);
}

const DOC_COLUMNS = [['id', 'uuid'], ['doc', 'jsonb'], ['card_et', 'text'], ['card_en', 'text'], ['card_tail', 'text'], ['card_attributes', 'text'], ['card_categories', 'text'], ['card_position', 'text']] as const;
const PRODUCT_COLUMNS = [
  ['id', 'uuid'], ['seq', 'bigint'], ['listed', 'boolean'], ['code1', 'text'], ['code2', 'text'],
  ['name_et', 'text'], ['name_en', 'text'], ['codes_norm', 'text[]'], ['code_text', 'text'], ['alias_text', 'text'], ['category_ids', 'uuid[]'],
  ['facets', 'text[]'], ['gross_cents', 'integer'], ['net_cents', 'integer'], ['stock_total', 'integer'],
  ['available_in', 'integer'], ['has_limited_amount', 'boolean'], ['vis_from', 'timestamptz'], ['vis_to', 'timestamptz'],
  ['vis_in', 'text'], ['vis_out', 'text'], ['modified_at', 'timestamptz'], ['listing_position', 'text'],
  ['policy', 'text'], ['image_count', 'integer'], ['critical_level', 'integer'], ['fitment', 'jsonb'],
] as const;
const CATEGORY_COLUMNS = [['id', 'uuid'], ['doc', 'jsonb'], ['parent_id', 'uuid'], ['seq', 'bigint'], ['deleted', 'boolean'], ['listing_position', 'text']] as const;

/** `insert ... select from jsonb_to_recordset(rows) on conflict (id) do update` for the given columns. */
async function upsert(trx: Transaction<CatalogTables>, schema: string, table: string, columns: readonly (readonly [string, string])[], rows: Record<string, unknown>[]) {
  if (!rows.length) return;
  const names = sql.join(columns.map(([c]) => sql.id(c)));
  const typed = sql.raw(columns.map(([c, t]) => `"${c}" ${t}`).join(', '));
  const updates = sql.raw(columns.filter(([c]) => c !== 'id').map(([c]) => `"${c}" = excluded."${c}"`).join(', '));
  await sql`
    insert into ${id(schema, table)} (${names})
    select ${names} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${typed})
    on conflict (id) do update set ${updates}`.execute(trx);
}

async function applyBatch(trx: Transaction<CatalogTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  const productIds = [...new Set(events.map(productIdOf).filter((x): x is string => x !== null))];
  const categoryIds = [...new Set(events.filter((e) => e.streamId.startsWith('category-')).map((e) => (e.data as { categoryId: string }).categoryId))];

  const products = new Map<string, ProductDoc>();
  if (productIds.length) {
    const r = await sql<{ doc: ProductDoc }>`select doc from ${id(schema, 'product_docs')} where id = any(${productIds}::uuid[])`.execute(trx);
    for (const row of r.rows) products.set(row.doc.id, row.doc);
  }
  const categories = new Map<string, CategoryDoc | null>();
  if (categoryIds.length) {
    const r = await sql<{ doc: CategoryDoc }>`select doc from ${id(schema, 'categories')} where id = any(${categoryIds}::uuid[])`.execute(trx);
    for (const row of r.rows) categories.set(row.doc.id, row.doc);
  }

  const changedProducts = new Set<string>();
  // Per product, the `$all` checkpoint of the last event (product or stock) that changed its document, hence its card.
  const cardPositions = new Map<string, string>();
  const changedCategories = new Set<string>();
  for (const event of events) {
    const productId = productIdOf(event);
    if (productId) {
      const before = products.get(productId) ?? emptyProductDoc(productId);
      const after = evolveProductDoc(before, event);
      if (after !== before) {
        products.set(productId, after);
        changedProducts.add(productId);
        cardPositions.set(productId, event.checkpoint);
      }
    } else if (event.streamId.startsWith('category-')) {
      const categoryId = (event.data as { categoryId: string }).categoryId;
      const before = categories.get(categoryId) ?? null;
      const after = evolveCategoryDoc(before, event);
      if (after && after !== before) {
        categories.set(categoryId, after);
        changedCategories.add(categoryId);
      }
    }
  }

  const changed = [...changedProducts].map((pid) => products.get(pid)!);
  const productRows = changed.map(toProductRow);
  await upsert(trx, schema, 'products', PRODUCT_COLUMNS, productRows);
  // The listing card is made here, with the document it shows, so it is never older than the document (product-card.ts).
  const docRows = changed.map((doc, i) => {
    const row = productRows[i];
    const texts = productCardTexts(doc, { stockTotal: row.stock_total, availableIn: row.available_in, hasLimitedAmount: row.has_limited_amount });
    return { id: doc.id, doc, ...texts, card_position: cardPositions.get(doc.id)! };
  });
  await upsert(trx, schema, 'product_docs', DOC_COLUMNS, docRows);
  await upsert(
    trx,
    schema,
    'categories',
    CATEGORY_COLUMNS,
    [...changedCategories].map((cid) => {
      const doc = categories.get(cid)!;
      return { id: doc.id, doc, parent_id: doc.parent_id, seq: doc.seq, deleted: doc.deleted, listing_position: doc.listing_position };
    }),
  );
  if (!schema.endsWith('__rebuild')) await notifyStockChanges(trx, events, changedProducts);
}

/** Product ids per `stock_changed` notification (a payload stays well under PostgreSQL's 8000 bytes). */
const IDS_PER_NOTIFICATION = 150;

/**
 * Tells listeners which products' stock changed in this batch (`NOTIFY stock_changed, 'id,id,...'`; delivered on
 * commit, so never for a batch that rolled back). The api pushes it to product pages over a websocket (
 * stock on the page updates live). A rebuild into the side schema (`rm_catalog__rebuild`) sends nothing; its
 * catch-up batches after the switch go through the live schema again.
 */
async function notifyStockChanges(trx: Transaction<CatalogTables>, events: RecordedEvent[], changedProducts: Set<string>): Promise<void> {
  const ids = new Set<string>();
  for (const event of events) {
    if (!event.streamId.startsWith('stock-')) continue;
    const productId = productIdOf(event);
    if (productId && changedProducts.has(productId)) ids.add(productId);
  }
  const list = [...ids];
  for (let i = 0; i < list.length; i += IDS_PER_NOTIFICATION) {
    await sql`select pg_notify('stock_changed', ${list.slice(i, i + IDS_PER_NOTIFICATION).join(',')})`.execute(trx);
  }
}

/** The catalog read model: products and categories (the listing index keeps its own word dictionary). */
export const catalogReadModel: ReadModel = {
  name: 'catalog',
  version: 11,
  eventTypes: CATALOG_EVENT_TYPES,
  createTables,
  createIndexes,
  applyBatch,
  hashTables: [
    { table: 'products', orderBy: 't.id' },
    { table: 'product_docs', orderBy: 't.id' },
    { table: 'categories', orderBy: 't.id' },
  ],
};
