/**
 * The real MANN-FILTER catalog (../shared/data/catalog/mann-filter-articles-5460.csv, read in place, never copied)
 * imported through commands with the documented mapping (data/mann-filter-mapping.ts): part numbers are found however
 * they are typed and rank first, OE cross-references are searchable, technical criteria become facets.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toImportRow } from '../commands/catalog/catalog-csv.js';
import { mannFilterRows } from '../data/mann-filter-mapping.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const source = path.resolve(__dirname, '../../shared/data/catalog/mann-filter-articles-5460.csv');
let h: ShopHarness;
let imported = 0;

const get = async (url: string) => (await h.app.inject(url)).json();
const codes = (body: { data: { results: { code1: string }[] } }) => body.data.results.map((p) => p.code1);

describe.skipIf(!existsSync(source))('MANN-FILTER catalog', () => {
  beforeAll(async () => {
    h = await createShopHarness('mann');
    const rows = (await mannFilterRows(source)).map((r, i) => toImportRow(r, i + 2));
    const report = await h.importCatalogRows(rows);
    imported = report.imported;
    await h.settle();
  }, 300_000);
  afterAll(async () => {
    await h?.close();
  });

  it('imports nearly every article', () => {
    expect(imported).toBeGreaterThan(5000);
  });

  it.each(['BF1018/1', 'bf 1018 1', 'BF10181', 'BF 1018/1'])('finds BF 1018/1 typed as "%s" first', async (q) => {
    expect(codes(await get(`/v1/products?q=${encodeURIComponent(q)}`))[0]).toBe('BF 1018/1');
  });

  it('finds an article by an OE cross-reference number', async () => {
    // 5830674 (DEMAG) is an OE number of article 67 708 50 131 in the source.
    const found = codes(await get('/v1/products?q=5830674'));
    expect(found).toContain('67 708 50 131');
  });

  it('turns technical criteria into facets with counts, and filters by them', async () => {
    const body = await get('/v1/products?q=filter');
    const facets = body.data.availableFilters as { name: string; options: Record<string, number> }[];
    expect(facets.length).toBeGreaterThan(3);
    const facet = facets.find((f) => Object.keys(f.options).length > 3)!;
    const [value, count] = Object.entries(facet.options)[0];
    const filtered = await h.app.inject(`/v1/products?q=filter&f=${encodeURIComponent(JSON.stringify({ [facet.name]: [value] }))}`);
    expect(Number(filtered.headers['x-pagination-total-count'])).toBe(count);
    expect(filtered.json().data.exactlyMatchingProductIds).toHaveLength(Math.min(count, 24));
  });
});
