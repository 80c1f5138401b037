/**
 * The listing index's search path alone, in process (`npx tsx bench/search-index.bench.ts [csv] [queries]`): builds
 * the index from the scaled benchmark catalog's CSV (bench/catalog-setup.ts writes it to the temp directory; rows
 * made as projections/catalog/projection.ts toProductRow makes them: codes normalised, attributes as facets, each
 * category path a category) and answers the search scenario of bench:catalog-load (two word prefixes of a random
 * product's name, or a random part number as typed with or without its punctuation), page 1, no sort.
 * Prints the CPU and wall milliseconds per query (medians of `ROUNDS` rounds, default 5; CPU moves less with the
 * machine's other load). Run with `--cpu-prof` to profile. Figures only. `ANSWERS=<file>` writes one hash of each
 * answer per line (the first 1,500 queries, every sort, pages 1 and 3, and with filters), to compare two versions' answers with `cmp`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parse } from 'csv-parse/sync';
import { CatalogListingIndex, type IndexCategoryRow, type IndexProductRow } from '../projections/catalog/listing-index.js';
import { normalizeCode, oeNumberOnly } from '../projections/catalog/search-text.js';

const file = process.argv[2] ?? path.join(tmpdir(), 'bench-catalog-105000.csv');
const QUERIES = Number(process.argv[3] ?? 4000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);

const rows = parse(readFileSync(file), { columns: true, bom: true }) as Record<string, string>[];
const categories = new Map<string, IndexCategoryRow>();
const categoryOf = (pathEt: string): string[] => {
  const parts = pathEt.split(' > ').filter(Boolean);
  let parent: string | null = null;
  for (let i = 0; i < parts.length; i++) {
    const id = parts.slice(0, i + 1).join('/');
    if (!categories.has(id)) {
      categories.set(id, {
        doc: { id, parent_id: parent, name_et: parts[i], name_en: parts[i], position: 0, hidden: false, deleted: false, keywords_et: '', keywords_en: '', seq: String(categories.size + 1), version: 1, listing_position: '1' },
      });
    }
    parent = id;
  }
  return parent ? [parent] : [];
};
// Like the seeded RNG of a bench: the same catalog order and queries every run.
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const products: IndexProductRow[] = rows.map((r, i) => {
  const oe = (r.oe_numbers ?? '').split('|').map((s) => s.trim()).filter(Boolean);
  const codes = [r.code1, r.code2 ?? '', ...oe.map(oeNumberOnly)].map(normalizeCode).filter(Boolean);
  const facets = (r.attributes ?? '').split('|').map((s) => s.trim()).filter((s) => s.includes('='));
  const price = Number(r.price);
  return {
    id: `p${i}`, seq: i + 1, listed: r.class === 'product' && Number.isFinite(price), code_text: [...new Set(codes)].join(' '), alias_text: '', name_et: r.name_et, name_en: r.name_en,
    category_ids: categoryOf(r.category_et), facets: [...new Set(facets)], gross_cents: Number.isFinite(price) ? Math.round(price * 124) : null,
    modified_ms: 1_700_000_000_000 + Math.floor(random() * 1e9), vis_from_ms: -Infinity, vis_to_ms: Infinity, vis_in: 'visible', vis_out: 'visible',
  };
});
let t = performance.now();
const index = CatalogListingIndex.build(products, [...categories.values()]);
console.log(`${products.length} products, ${categories.size} categories, built in ${(performance.now() - t).toFixed(0)} ms`);

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
const prefix = (w: string) => w.slice(0, Math.min(w.length, 3 + Math.floor(random() * 4)));
const queries: string[] = [];
for (let i = 0; i < QUERIES; i++) {
  const p = pick(rows);
  if (random() < 0.3) queries.push(random() < 0.5 ? p.code1 : p.code1.replace(/[^\p{L}\p{N}]/gu, ''));
  else {
    const words = (random() < 0.5 ? p.name_et : p.name_en).toLowerCase().match(/[\p{L}]{3,}/gu) ?? ['filter'];
    queries.push(words.length > 1 ? `${prefix(pick(words))} ${prefix(pick(words))}` : prefix(words[0]));
  }
}
const NOW = Date.parse('2026-11-29T00:00:00Z');
if (process.env.ANSWERS) {
  const sorts = [undefined, '-modified_at', '-id', 'id', '-total_price', 'total_price', 'name', '-name'] as const;
  const lines: string[] = [];
  for (const q of queries.slice(0, 1500)) {
    for (const sort of sorts) {
      for (const page of [1, 3]) {
        const answer = index.query({ q, page, pageSize: 24, language: sort === 'name' ? 'en' : 'et', nowMs: NOW, ...(sort ? { sort } : {}) });
        lines.push(`${q}\t${sort}\t${page}\t${createHash('sha1').update(JSON.stringify(answer)).digest('hex')}`);
      }
    }
    for (const filters of [{ Kit: ['No'] }, { Marque: ['Triumph', 'MG'], Kit: ['Yes'] }] as Record<string, string[]>[]) {
      for (const sort of [undefined, 'name'] as const) {
        const answer = index.query({ q, filters, page: 1, pageSize: 24, language: 'et', nowMs: NOW, ...(sort ? { sort } : {}) });
        lines.push(`${q}\t${JSON.stringify(filters)}\t${sort}\t${createHash('sha1').update(JSON.stringify(answer)).digest('hex')}`);
      }
    }
  }
  writeFileSync(process.env.ANSWERS, `${lines.join('\n')}\n`);
  console.log(`answers written to ${process.env.ANSWERS}`);
}
let checksum = 0;
const rounds: { wall: number; cpu: number }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  t = performance.now();
  const cpu = process.cpuUsage();
  for (const q of queries) {
    const page = index.query({ q, page: 1, pageSize: 24, language: 'et', nowMs: NOW });
    checksum += page.total + page.ids.length + page.availableFilters.length + page.leftOutSearchKeywords.length;
  }
  const used = process.cpuUsage(cpu);
  rounds.push({ wall: (performance.now() - t) / queries.length, cpu: (used.user + used.system) / 1000 / queries.length });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
if (ROUNDS) {
  console.log(
    `search query: median ${median(rounds.map((r) => r.cpu)).toFixed(3)} ms CPU, ${median(rounds.map((r) => r.wall)).toFixed(3)} ms wall per query ` +
      `(CPU per round ${rounds.map((r) => r.cpu.toFixed(3)).join(' ')}), ${queries.length} queries, checksum ${checksum}`,
  );
}
