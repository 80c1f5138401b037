/**
 * The request paths of the catalog load benches (bench/catalog-load.bench.ts and bench/catalog-load-ab.bench.ts),
 * one definition so both measure the same queries: each call of a path function answers a new random request.
 * - category: a random category with products, 0-2 random filters of its facets, a random sort, page 1-3;
 * - catalog: the whole catalog, a random sort, any page (24 a page);
 * - render: the server-rendered `/et/products` with a random sort and any page;
 * - search: a random listed product's part number as typed, with or without its spaces and slashes (30 %), or two
 *   word prefixes of 3-6 letters from its Estonian or English name.
 */
import { sql } from 'kysely';
import type { Database } from '../platform/db/database.js';

/** The listing's sort values (spec 3 product list). */
export const SORTS = ['-modified_at', '-id', 'id', '-total_price', 'total_price', 'name', '-name'];

/** A random element of `xs` (not empty). */
export const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];

export interface CatalogScenarios {
  /** Categories with products, each with its facets' names and values (from GET /v1/products?c=). */
  categories: { id: string; facets: [string, string[]][] }[];
  /** 5,000 random listed products (id, first code, names). */
  sample: { id: string; code1: string; name_et: string; name_en: string }[];
  totalListed: number;
  category: () => string;
  catalog: () => string;
  render: () => string;
  search: () => string;
}

/**
 * Reads the categories and their facets from the api at `base` (`http://host:port`) and a sample of products from the
 * catalog read model, and answers the scenarios' path makers.
 */
export async function catalogScenarios(base: string, db: Database): Promise<CatalogScenarios> {
  type Node = { id: string; productCount: number; children: Node[] };
  const tree = (await (await fetch(`${base}/v1/categories`)).json()).data as Node[];
  const categories: CatalogScenarios['categories'] = [];
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      if (n.productCount > 0) categories.push({ id: n.id, facets: [] });
      walk(n.children);
    }
  };
  walk(tree);
  for (const c of categories) {
    const body = (await (await fetch(`${base}/v1/products?c=${c.id}`)).json()).data as { availableFilters: { name: string; options: Record<string, number> }[] };
    c.facets = body.availableFilters.map((f) => [f.name, Object.keys(f.options)]);
  }
  const sample = (
    await sql<CatalogScenarios['sample'][number]>`
      select id::text, code1, name_et, name_en from rm_catalog.products where listed order by random() limit 5000`.execute(db)
  ).rows;
  const totalListed = (await sql<{ n: number }>`select count(*)::int as n from rm_catalog.products where listed`.execute(db)).rows[0].n;
  const pages = Math.ceil(totalListed / 24);
  const prefix = (w: string) => w.slice(0, Math.min(w.length, 3 + Math.floor(Math.random() * 4)));
  return {
    categories,
    sample,
    totalListed,
    category: () => {
      const c = pick(categories);
      const filters: Record<string, string[]> = {};
      const count = Math.floor(Math.random() * 3);
      for (let i = 0; i < count && c.facets.length; i++) {
        const [name, values] = pick(c.facets);
        filters[name] = [pick(values)];
      }
      const f = Object.keys(filters).length ? `&f=${encodeURIComponent(JSON.stringify(filters))}` : '';
      return `/v1/products?c=${c.id}${f}&sort=${pick(SORTS)}&page=${1 + Math.floor(Math.random() * 3)}`;
    },
    catalog: () => `/v1/products?sort=${pick(SORTS)}&page=${1 + Math.floor(Math.random() * pages)}`,
    render: () => `/et/products?sort=${pick(SORTS)}&page=${1 + Math.floor(Math.random() * pages)}`,
    search: () => {
      const p = pick(sample);
      if (Math.random() < 0.3) {
        const code = Math.random() < 0.5 ? p.code1 : p.code1.replace(/[^\p{L}\p{N}]/gu, '');
        return `/v1/products?q=${encodeURIComponent(code)}&iu=user`;
      }
      const words = (Math.random() < 0.5 ? p.name_et : p.name_en).toLowerCase().match(/[\p{L}]{3,}/gu) ?? ['filter'];
      const q = words.length > 1 ? `${prefix(pick(words))} ${prefix(pick(words))}` : prefix(words[0]);
      return `/v1/products?q=${encodeURIComponent(q)}&iu=user`;
    },
  };
}
