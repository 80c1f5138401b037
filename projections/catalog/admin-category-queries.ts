/**
 * Staff queries of the catalog read model's categories (category tree editor; conventions 5: read-only,
 * beside the catalog's writer). Unlike the storefront's tree (api/plugins/catalog-cache.ts, visible categories and listed,
 * visible products only) staff see every category that is not deleted, hidden ones included, and every product
 * filed under it whatever its visibility or price. Rebuilt with the catalog read model (`npm run
 * projections:rebuild`); no table of its own.
 */
import { type Kysely, sql } from 'kysely';
import { liveSchema } from '../read-model.js';
import type { CategoryDoc } from './projection.js';
import type { CatalogTables } from './schema.js';
import { catalogReadModel } from './writer.js';

const schema = liveSchema(catalogReadModel);
const T = (table: string) => sql.id(schema, table);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One category as the staff tree lists it. */
export interface AdminCategoryRow {
  id: string;
  parentId: string | null;
  names: { et: string; en: string };
  searchKeywords: { et: string; en: string };
  /** The spec's `className` per language, or null (spec 3 "Category"). */
  className: { et: string; en: string } | null;
  /** Order among its siblings (smaller first; equal by Estonian name). */
  position: number;
  hidden: boolean;
  /** Products filed directly under it (not its descendants), any visibility. */
  productCount: number;
  /** The category stream's version (events applied), for the screen's "changed since you opened it" check. */
  version: number;
}

/** Every category that is not deleted, in creation order, with its direct product count. */
export async function listAdminCategories(db: Kysely<CatalogTables>): Promise<AdminCategoryRow[]> {
  const r = await sql<{ doc: CategoryDoc; product_count: number }>`
    select c.doc, coalesce(n.product_count, 0)::int as product_count
    from ${T('categories')} c
    left join (
      select x.category_id, count(*) as product_count
      from ${T('products')} p cross join lateral unnest(p.category_ids) as x(category_id)
      group by x.category_id
    ) n on n.category_id = c.id
    where not c.deleted
    order by c.seq`.execute(db);
  return r.rows.map(({ doc, product_count }) => ({
    id: doc.id,
    parentId: doc.parent_id,
    names: { et: doc.name_et, en: doc.name_en },
    searchKeywords: { et: doc.keywords_et, en: doc.keywords_en },
    className: doc.class_name ?? null,
    position: doc.position,
    hidden: doc.hidden,
    productCount: product_count,
    version: doc.version,
  }));
}

/**
 * What keeps a category from being deleted (domain/category/category.ts DeleteCategory): its live subcategories and
 * the products filed directly under it. Zero for an id that is not a uuid.
 */
export async function categoryUsage(db: Kysely<CatalogTables>, categoryId: string): Promise<{ childCount: number; productCount: number }> {
  if (!UUID.test(categoryId)) return { childCount: 0, productCount: 0 };
  const r = await sql<{ child_count: number; product_count: number }>`
    select
      (select count(*) from ${T('categories')} where parent_id = ${categoryId}::uuid and not deleted)::int as child_count,
      (select count(*) from ${T('products')} where category_ids @> array[${categoryId}::uuid])::int as product_count`.execute(db);
  return { childCount: r.rows[0]?.child_count ?? 0, productCount: r.rows[0]?.product_count ?? 0 };
}

/** The live children of `parentId` (null: the root level) with position and Estonian name, unsorted. */
export async function childrenOf(db: Kysely<CatalogTables>, parentId: string | null): Promise<{ id: string; position: number; name: string }[]> {
  if (parentId !== null && !UUID.test(parentId)) return [];
  const r = await sql<{ doc: CategoryDoc }>`
    select doc from ${T('categories')}
    where not deleted and ${parentId === null ? sql`parent_id is null` : sql`parent_id = ${parentId}::uuid`}`.execute(db);
  return r.rows.map(({ doc }) => ({ id: doc.id, position: doc.position, name: doc.name_et }));
}
