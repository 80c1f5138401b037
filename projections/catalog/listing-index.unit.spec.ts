/**
 * The listing index (listing-index.ts) on its own: the listing rules of spec 2/3/5/9 it answers, and the property
 * that keeps it honest as the read model changes: an index kept current by `apply` answers every query exactly as
 * an index built from the final rows does, and both agree with a plain reference computed from the rows.
 */
import { describe, expect, it } from 'vitest';
import { CatalogListingIndex, type IndexProductRow, type IndexQuery, type IndexSort } from './listing-index.js';
import type { CategoryDoc } from './projection.js';

const category = (id: string, parent: string | null, extra: Partial<CategoryDoc> = {}): { doc: CategoryDoc } => ({
  doc: { id, parent_id: parent, name_et: id, name_en: id, position: 0, hidden: false, deleted: false, keywords_et: '', keywords_en: '', seq: String(id.length), version: 1, listing_position: '1', ...extra },
});

let nextSeq = 1;
function product(id: string, extra: Partial<IndexProductRow> = {}): IndexProductRow {
  const seq = nextSeq++;
  return {
    id, seq, listed: true, code_text: `P${seq}`, alias_text: '', name_et: `Toode ${id}`, name_en: `Product ${id}`, category_ids: [], facets: [],
    gross_cents: 1000 + seq, modified_ms: 1_700_000_000_000 + seq, vis_from_ms: -Infinity, vis_to_ms: Infinity, vis_in: 'visible', vis_out: 'visible',
    ...extra,
  };
}

const NOW = Date.parse('2026-11-23T12:00:00Z');
const q = (over: Partial<IndexQuery> = {}): IndexQuery => ({ page: 1, pageSize: 24, language: 'et', nowMs: NOW, ...over });

describe('CatalogListingIndex', () => {
  const tree = [category('root', null), category('brakes', 'root'), category('pads', 'brakes'), category('filters', 'root'), category('gone', 'root', { deleted: true }), category('under-gone', 'gone')];
  const rows = [
    product('a', { name_et: 'Piduriklotsid esi', name_en: 'Brake pads front', code_text: 'GSK100', category_ids: ['pads'], facets: ['Side=front', 'Brand=ATE'], gross_cents: 5000 }),
    product('b', { name_et: 'Piduriklotsid taga', name_en: 'Brake pads rear', code_text: 'GSK101', category_ids: ['pads'], facets: ['Side=rear', 'Brand=ATE'], gross_cents: 4000 }),
    product('c', { name_et: 'Piduriketas', name_en: 'Brake disc', code_text: 'BD200 4011558050603', category_ids: ['brakes'], facets: ['Brand=TRW'], gross_cents: 9000 }),
    product('d', { name_et: 'Kütusefilter', name_en: 'Fuel filter', code_text: 'BF10181', category_ids: ['filters'], facets: ['Brand=MANN'], gross_cents: 1500 }),
    product('e', { name_et: 'Õlifilter', name_en: 'Oil filter', code_text: 'W71275', category_ids: ['filters'], facets: ['Brand=MANN'], gross_cents: 900 }),
    product('hidden', { name_et: 'Peidetud filter', name_en: 'Hidden filter', category_ids: ['filters'], vis_in: 'hidden', vis_out: 'hidden' }),
    product('unlisted', { listed: false, name_et: 'Teenus filter', category_ids: ['filters'] }),
    product('orphan', { category_ids: ['under-gone'] }),
    product('timed', { name_et: 'Ajastatud filter', category_ids: ['filters'], vis_from_ms: NOW + 3_600_000, vis_to_ms: Infinity, vis_in: 'visible', vis_out: 'hidden' }),
  ];
  const index = CatalogListingIndex.build(rows, tree);

  it('lists only listed products visible now, in a category with its descendants', () => {
    expect(index.query(q()).total).toBe(6); // a-e and orphan; not hidden, unlisted or timed (not yet in range)
    expect(index.query(q({ categoryId: 'brakes', sort: 'id' })).ids).toEqual(['a', 'b', 'c']);
    expect(index.query(q({ categoryId: 'pads' })).total).toBe(2);
    expect(index.query(q({ categoryId: 'no-such' })).total).toBe(0);
    // A deleted category and what lies under it list nothing through it.
    expect(index.query(q({ categoryId: 'gone' })).total).toBe(0);
    expect(index.query(q({ categoryId: 'root' })).ids).not.toContain('orphan');
    // A timed rule: visible once `now` is in its range.
    expect(index.query(q({ categoryId: 'filters', nowMs: NOW + 7_200_000 })).ids).toContain('timed');
  });

  it('sorts both ways by price, name (Estonian collation: Õ after W) and creation, and pages', () => {
    expect(index.query(q({ categoryId: 'filters', sort: 'total_price' })).ids).toEqual(['e', 'd']);
    expect(index.query(q({ categoryId: 'filters', sort: '-total_price' })).ids).toEqual(['d', 'e']);
    expect(index.query(q({ sort: 'name' })).ids.slice(0, 5)).toEqual(['d', 'c', 'a', 'b', 'orphan']);
    expect(index.query(q({ sort: 'name' })).ids.at(-1)).toBe('e');
    expect(index.query(q({ sort: 'name', language: 'en' })).ids[0]).toBe('c');
    expect(index.query(q({ sort: '-id', pageSize: 2, page: 2 })).ids).toEqual(['d', 'c']);
  });

  it('keeps products matching at least one filter, those matching all first, and counts facets before filters', () => {
    const page = index.query(q({ categoryId: 'brakes', filters: { Brand: ['ATE'], Side: ['front'] }, sort: 'id' }));
    expect(page.ids).toEqual(['a', 'b']);
    expect(page.exactIds).toEqual(['a']);
    expect(page.total).toBe(2);
    expect(page.availableFilters).toEqual([
      { name: 'Brand', options: { ATE: 2, TRW: 1 } },
      { name: 'Side', options: { front: 1, rear: 1 } },
    ]);
  });

  it('searches part numbers however typed, name words by prefix in both languages, one typo, and leaves out the rest', () => {
    expect(index.query(q({ q: 'bf 1018 1' })).ids).toEqual(['d']);
    expect(index.query(q({ q: '71275' })).ids).toEqual(['e']); // part number contains
    expect(index.query(q({ q: '4011558050603' })).ids).toEqual(['c']); // code2 (EAN)
    expect(new Set(index.query(q({ q: 'pidur' })).ids)).toEqual(new Set(['a', 'b', 'c']));
    expect(new Set(index.query(q({ q: 'brake pad' })).ids)).toEqual(new Set(['a', 'b']));
    expect(index.query(q({ q: 'kütusefiltr' })).ids).toEqual(['d']); // one letter missing
    const mixed = index.query(q({ q: 'filter zzzz' }));
    expect(mixed.leftOutSearchKeywords).toEqual(['zzzz']);
    expect(new Set(mixed.ids)).toEqual(new Set(['d', 'e']));
  });

  it('finds products by their search aliases and the products of categories whose search keywords hold the word', () => {
    const cats = [category('root', null), category('brakes', 'root', { keywords_et: 'pidurdus, klotsid', keywords_en: 'stopping' }), category('pads', 'brakes'), category('filters', 'root')];
    const prods = [
      product('a', { name_et: 'Piduriklotsid', name_en: 'Brake pads', category_ids: ['pads'] }),
      product('b', { name_et: 'Piduriketas', name_en: 'Brake disc', category_ids: ['brakes'] }),
      product('d', { name_et: 'Kütusefilter', name_en: 'Fuel filter', category_ids: ['filters'], alias_text: 'diislifilter kütusepeenfilter' }),
      product('e', { name_et: 'Õlifilter', name_en: 'Oil filter', category_ids: ['filters'] }),
    ];
    const i3 = CatalogListingIndex.build(prods, cats);
    // Nothing in any name: before the alias and the keywords, these searches find nothing.
    expect(i3.query(q({ q: 'diislifilter' })).ids).toEqual(['d']);
    expect(i3.query(q({ q: 'kütusepeen' })).ids).toEqual(['d']); // an alias word by prefix
    expect(new Set(i3.query(q({ q: 'pidurdus' })).ids)).toEqual(new Set(['a', 'b'])); // the category and its subtree
    expect(new Set(i3.query(q({ q: 'stopping' })).ids)).toEqual(new Set(['a', 'b'])); // either language's keywords
    expect(i3.query(q({ q: 'stopping disc' })).ids).toEqual(['b']); // a keyword and a name word together
    expect(i3.query(q({ q: 'zz' })).total).toBe(0);
    // Kept current: a keyword change and an alias change apply without a rebuild.
    i3.apply([], [...cats.slice(0, 3), category('filters', 'root', { keywords_et: 'määrdeaine' })]);
    expect(new Set(i3.query(q({ q: 'määrdeaine' })).ids)).toEqual(new Set(['d', 'e']));
    i3.apply([product('e', { name_et: 'Õlifilter', name_en: 'Oil filter', category_ids: ['filters'], alias_text: 'mootoriõli' })], []);
    expect(i3.query(q({ q: 'mootoriõli' })).ids).toEqual(['e']);
    expect(i3.query(q({ q: 'diislifilter' })).ids).toEqual(['d']);
  });

  it('ranks an exact part-number match first, then whole-word matches, and keeps it first under another sort', () => {
    const rows2 = [product('x', { name_et: 'Filtri korpus GSK', code_text: 'ZZ1' }), product('y', { name_et: 'Muu', code_text: 'GSK' }), product('z', { name_et: 'Filtrikomplekt', code_text: 'GSK9' })];
    const i2 = CatalogListingIndex.build(rows2, []);
    expect(i2.query(q({ q: 'GSK' })).ids).toEqual(['y', 'z', 'x']);
    expect(i2.query(q({ q: 'GSK', sort: 'total_price' })).ids[0]).toBe('y');
  });

  it('counts listed, visible products per category for the tree', () => {
    const counts = Object.fromEntries(index.categoryCounts(NOW).map((c) => [c.doc.id, c.directCount]));
    expect(counts).toMatchObject({ pads: 2, brakes: 1, filters: 2, root: 0 });
    expect(counts).not.toHaveProperty('gone');
  });
});

// ---- the property: incremental apply == fresh build == reference ------------------------------------------------

/** A small deterministic random generator (mulberry32), so a failure repeats. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('CatalogListingIndex kept current by apply', () => {
  const rnd = random(42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const NAMES = ['Piduriklots', 'Õlifilter', 'Kütusefilter', 'Amort', 'Zeta laager', 'Ämbri tihend', 'Vedru', 'Käigukast'];
  const FACETS = ['Brand=ATE', 'Brand=MANN', 'Brand=TRW', 'Side=front', 'Side=rear', 'Size=10'];
  const CATS = ['c1', 'c2', 'c3', 'c4'];
  const SORTS: IndexSort[] = ['-modified_at', '-id', 'id', '-total_price', 'total_price', 'name', '-name'];
  let categories = [category('c1', null), category('c2', 'c1'), category('c3', 'c2'), category('c4', null)];
  const randomRow = (id: string, seq: number): IndexProductRow => ({
    id, seq, listed: rnd() < 0.9, code_text: `K${Math.floor(rnd() * 50)} X${seq}`, alias_text: rnd() < 0.1 ? 'tagavara' : '', name_et: `${pick(NAMES)} ${Math.floor(rnd() * 5)}`, name_en: pick(NAMES),
    category_ids: rnd() < 0.1 ? [] : [pick(CATS)], facets: [...new Set([pick(FACETS), pick(FACETS)])], gross_cents: Math.floor(rnd() * 20) * 100,
    modified_ms: Math.floor(rnd() * 30), vis_from_ms: -Infinity, vis_to_ms: Infinity, vis_in: rnd() < 0.9 ? 'visible' : 'hidden', vis_out: 'visible',
  });
  const queries = (): IndexQuery[] => [
    ...SORTS.flatMap((sort) => [q({ sort, pageSize: 24 }), q({ sort, page: 2, pageSize: 24, language: 'en' })]),
    ...CATS.map((c) => q({ categoryId: c, sort: pick(SORTS) })),
    q({ categoryId: 'c1', filters: { Brand: ['ATE', 'MANN'], Side: ['front'] }, sort: 'name' }),
    q({ filters: { Size: ['10'] } }),
    q({ q: 'filter' }),
    q({ q: 'K1' }),
    // Prefixes of many words (kept prefix bitsets, dropped by changes) and a search matching most products (facets
    // counted by posting lists).
    q({ q: 'k' }),
    q({ q: 'x2 k', sort: 'name' }),
    q({ q: 'v', page: 2 }),
    q({ q: 'piduriklots 3', sort: 'total_price' }),
    q({ q: 'ämbri', categoryId: 'c2' }),
    q({ priceMinCents: 500, priceMaxCents: 1000, sort: 'total_price' }),
  ];

  it('answers every query as a fresh build does, after product, category and bulk changes', () => {
    const rows = new Map<string, IndexProductRow>();
    for (let i = 0; i < 300; i++) rows.set(`p${i}`, randomRow(`p${i}`, i + 1));
    const live = CatalogListingIndex.build([...rows.values()], categories);
    let seq = 1000;
    for (let round = 0; round < 25; round++) {
      const changed: IndexProductRow[] = [];
      for (let k = 0; k < 1 + Math.floor(rnd() * 8); k++) {
        const id = rnd() < 0.2 ? `new${seq}` : `p${Math.floor(rnd() * 300)}`;
        const before = rows.get(id);
        const row = { ...randomRow(id, before ? Number(before.seq) : ++seq) };
        rows.set(id, row);
        changed.push(row);
      }
      let newCategories = null;
      if (round % 7 === 3) {
        // Move c3 to the top, or back under c2; delete and restore c4.
        categories = categories.map((c) => (c.doc.id === 'c3' ? category('c3', c.doc.parent_id ? null : 'c2') : c.doc.id === 'c4' ? category('c4', null, { deleted: !c.doc.deleted }) : c));
        newCategories = categories;
      }
      live.apply(changed, newCategories);
      const fresh = CatalogListingIndex.build([...rows.values()], categories);
      for (const query of queries()) expect(live.query(query), JSON.stringify(query)).toEqual(fresh.query(query));
      expect(live.categoryCounts(NOW)).toEqual(fresh.categoryCounts(NOW));
    }
    // A bulk change (more rows than the threshold) takes the rebuild path and ends equal too.
    const bulk = Array.from({ length: 2100 }, (_, i) => randomRow(`bulk${i}`, 5000 + i));
    for (const r of bulk) rows.set(r.id, r);
    live.apply(bulk, null);
    const fresh = CatalogListingIndex.build([...rows.values()], categories);
    for (const query of queries()) expect(live.query(query)).toEqual(fresh.query(query));
  });

  it('agrees with a plain reference: filter by visibility and category, sort, page', () => {
    const rows = Array.from({ length: 400 }, (_, i) => randomRow(`r${i}`, i + 1));
    const index = CatalogListingIndex.build(rows, categories);
    const subtree = (c: string) => new Set(categories.filter((x) => !x.doc.deleted).map((x) => x.doc.id).filter((id) => {
      for (let cur: string | null = id; cur; cur = categories.find((x) => x.doc.id === cur)?.doc.parent_id ?? null) if (cur === c) return true;
      return false;
    }));
    const collator = new Intl.Collator('et');
    for (const c of [undefined, 'c1', 'c2']) {
      const inScope = rows.filter((r) => r.listed && r.vis_in === 'visible' && (c === undefined || r.category_ids.some((x) => subtree(c).has(x))));
      const byPrice = [...inScope].sort((a, b) => (a.gross_cents! - b.gross_cents!) || Number(a.seq) - Number(b.seq)).map((r) => r.id);
      expect(index.query(q({ categoryId: c, sort: 'total_price', pageSize: 120 })).ids).toEqual(byPrice.slice(0, 120));
      const byName = [...inScope].sort((a, b) => collator.compare(a.name_et, b.name_et) || Number(a.seq) - Number(b.seq)).map((r) => r.id);
      expect(index.query(q({ categoryId: c, sort: 'name', pageSize: 48, page: 2 })).ids).toEqual(byName.slice(48, 96));
      const byModified = [...inScope].sort((a, b) => b.modified_ms! - a.modified_ms! || Number(b.seq) - Number(a.seq)).map((r) => r.id);
      expect(index.query(q({ categoryId: c, pageSize: 24, page: 3 })).ids).toEqual(byModified.slice(48, 72));
      expect(index.query(q({ categoryId: c })).total).toBe(inScope.length);
    }
  });
});
