/**
 * The problematic products read model (schema `rm_problematic_products`, formerly `rm_product_dashboard`; spec 2
 * "Admin area": ProblematicProductsList, "the product dashboard"): its tables (`createTables`) and its writer (`applyBatch`, conventions 5). A batch loads the
 * rows its Product and Stock events touch with one query, folds the events with the pure mapping of projection.ts
 * and writes the rows back with one upsert; OrderPlaced adds the order's units per product to `order_lines`.
 *
 * Tables:
 * - products: one row per product id with the facts the classifications read (domain/product/problematic-products.ts) and the
 *   time-independent results (`problems`, `purchasable`); the time-dependent kinds keep their timestamps
 *   (`changed_at`, `vis_from`/`vis_to`/`vis_end`) and queries.ts applies the request's `now`;
 * - order_lines: units per (order, product) with the time the order was placed (the popular kind's 30 days).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { productIdOf } from '../product-doc-parts.js';
import type { ReadModel } from '../read-model.js';
import {
  type ProblematicProductsDoc,
  emptyProblematicProductsDoc,
  evolveProblematicProductsDoc,
  orderLinesOf,
  PROBLEMATIC_PRODUCTS_EVENT_TYPES,
  toProblematicProductsRow,
} from './projection.js';
import type { ProblematicProductsTables } from './schema.js';

const id = (schema: string, table: string) => sql.id(schema, table);

async function createTables(db: Kysely<ProblematicProductsTables>, schema: string): Promise<void> {
  await sql`
    create table ${id(schema, 'products')} (
      id text primary key,
      product_exists boolean not null,
      listed boolean not null,
      code1 text not null,
      name_et text not null,
      name_en text not null,
      gross_cents integer,
      has_description_et boolean not null,
      has_description_en boolean not null,
      image_count integer not null,
      category_count integer not null,
      policy text not null,
      delivery_days integer,
      stock jsonb not null,
      stock_total integer not null,
      critical_stock_level integer,
      visibility jsonb not null,
      vis_from timestamptz not null,
      vis_to timestamptz not null,
      vis_in text not null,
      vis_out text not null,
      vis_end timestamptz,
      changed_at timestamptz,
      problems text[] not null,
      purchasable boolean not null,
      product_version integer not null,
      stock_version integer not null
    )`.execute(db);
  await sql`
    create table ${id(schema, 'order_lines')} (
      order_id text not null,
      product_id text not null,
      quantity integer not null,
      placed_at timestamptz not null,
      primary key (order_id, product_id)
    )`.execute(db);
}

/** Secondary indexes (a rebuild creates them after loading). */
async function createIndexes(db: Kysely<ProblematicProductsTables>, schema: string): Promise<void> {
  const products = id(schema, 'products');
  await sql`create index ${sql.id('listed_changed')} on ${products} (changed_at, id) where listed`.execute(db);
  await sql`create index ${sql.id('listed_vis_end')} on ${products} (vis_end desc, id) where listed and vis_end is not null`.execute(db);
  await sql`create index ${sql.id('listed_low_stock')} on ${products} ((stock_total - critical_stock_level), code1) where listed and critical_stock_level is not null`.execute(db);
  await sql`create index ${sql.id('listed_order_lines_placed')} on ${id(schema, 'order_lines')} (placed_at) include (product_id, quantity)`.execute(db);
}

/** [column, SQL type] of `products`, in the order of the upsert. */
const PRODUCT_COLUMNS = [
  ['id', 'text'], ['product_exists', 'boolean'], ['listed', 'boolean'], ['code1', 'text'], ['name_et', 'text'], ['name_en', 'text'],
  ['gross_cents', 'integer'], ['has_description_et', 'boolean'], ['has_description_en', 'boolean'], ['image_count', 'integer'],
  ['category_count', 'integer'], ['policy', 'text'], ['delivery_days', 'integer'], ['stock', 'jsonb'], ['stock_total', 'integer'],
  ['critical_stock_level', 'integer'], ['visibility', 'jsonb'], ['vis_from', 'timestamptz'], ['vis_to', 'timestamptz'], ['vis_in', 'text'],
  ['vis_out', 'text'], ['vis_end', 'timestamptz'], ['changed_at', 'timestamptz'], ['problems', 'text[]'], ['purchasable', 'boolean'],
  ['product_version', 'integer'], ['stock_version', 'integer'],
] as const;

/** The folded facts of the rows `ids` (times as ISO-8601 text, as the mapping keeps them). */
async function loadDocs(trx: Transaction<ProblematicProductsTables>, schema: string, ids: string[]): Promise<Map<string, ProblematicProductsDoc>> {
  const docs = new Map<string, ProblematicProductsDoc>();
  if (!ids.length) return docs;
  const r = await sql<ProblematicProductsDoc>`
    select id, product_exists, code1, name_et, name_en, gross_cents, has_description_et, has_description_en, image_count, category_count,
           policy, delivery_days, stock, critical_stock_level, visibility,
           to_char(changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as changed_at, product_version, stock_version
    from ${id(schema, 'products')} where id = any(${ids}::text[])`.execute(trx);
  for (const row of r.rows) docs.set(row.id, row);
  return docs;
}

async function applyBatch(trx: Transaction<ProblematicProductsTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  const ids = [...new Set(events.map(productIdOf).filter((x): x is string => x !== null))];
  const docs = await loadDocs(trx, schema, ids);
  const changed = new Set<string>();
  const lines: NonNullable<ReturnType<typeof orderLinesOf>> = [];
  for (const event of events) {
    const productId = productIdOf(event);
    if (productId) {
      const before = docs.get(productId) ?? emptyProblematicProductsDoc(productId);
      const after = evolveProblematicProductsDoc(before, event);
      if (after !== before) {
        docs.set(productId, after);
        changed.add(productId);
      }
      continue;
    }
    lines.push(...(orderLinesOf(event) ?? []));
  }
  if (changed.size) {
    const rows = [...changed].map((pid) => toProblematicProductsRow(docs.get(pid)!));
    const names = sql.join(PRODUCT_COLUMNS.map(([c]) => sql.id(c)));
    const typed = sql.raw(PRODUCT_COLUMNS.map(([c, t]) => `"${c}" ${t}`).join(', '));
    const updates = sql.raw(PRODUCT_COLUMNS.filter(([c]) => c !== 'id').map(([c]) => `"${c}" = excluded."${c}"`).join(', '));
    await sql`
      insert into ${id(schema, 'products')} (${names})
      select ${names} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${typed})
      on conflict (id) do update set ${updates}`.execute(trx);
  }
  if (lines.length) {
    // An order is placed once; a replayed OrderPlaced (same order and product) changes nothing.
    await sql`
      insert into ${id(schema, 'order_lines')} (order_id, product_id, quantity, placed_at)
      select order_id, product_id, quantity, placed_at
      from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(order_id text, product_id text, quantity integer, placed_at timestamptz)
      on conflict (order_id, product_id) do nothing`.execute(trx);
  }
}

/**
 * The problematic products read model: problematic, stale, outdated, popular, low-stock, no-category. Version 2
 * renamed the column `on_dashboard` to `listed`; the schema was `rm_product_dashboard` (adopted on start, then
 * rebuilt for the new version).
 */
export const problematicProductsReadModel: ReadModel = {
  name: 'problematic_products',
  formerNames: ['product_dashboard'],
  version: 2,
  eventTypes: PROBLEMATIC_PRODUCTS_EVENT_TYPES,
  createTables,
  createIndexes,
  applyBatch,
  hashTables: [
    { table: 'products', orderBy: 't.id' },
    { table: 'order_lines', orderBy: 't.order_id, t.product_id' },
  ],
};
