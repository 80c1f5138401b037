/**
 * Deterministic scaling of a catalog to any size, for benchmarks with 100,000+ products.
 *
 * Rule (documented in data/README.md): the base rows come first, unchanged; then copy 2 of every base row,
 * then copy 3, ... until `target` rows. Copy n of a row:
 * - code1 = `<code1>-V<n>` (a further `-<k>` if that code is already taken), code2 unchanged;
 * - names get ` (variant n)` appended (the same word in Estonian and English);
 * - price = base price x a factor in [0.85, 1.15] from the hash of the new code1, rounded like shop prices
 *   (a row without a price keeps no price);
 * - stock, availability and delivery days are generated again from the new code1 (same rule as the demo catalog);
 * - everything else (category, attributes, OE numbers, vehicles, class, unit, big_product, image) is copied.
 * The same base and target always give the same rows.
 *
 * Example: `npx tsx data/scaled-catalog.ts 120000 .tmp/catalog-120k.csv` scales data/demo-catalog.csv.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { DEMO_CATALOG_PATH, generatedCommerce, hashFraction, shopPrice, toCsv } from './build-demo-catalog.js';

/**
 * Yields `target` rows: the `base` rows (import-format records, column name -> text), then numbered copies
 * of them as described in the module comment. Prices stay gross euros with 2 decimals.
 * @param base rows of a catalog in the import format (e.g. parsed data/demo-catalog.csv); not modified
 * @param target total number of rows to yield (>= 0); fewer than `base.length` yields the first `target` base rows
 */
export function* scaledCatalogRows(base: Record<string, string>[], target: number): Generator<Record<string, string>> {
  if (!Number.isInteger(target) || target < 0) throw new Error(`target must be a whole number >= 0, got ${target}`);
  const taken = new Set<string>();
  let produced = 0;
  for (const row of base) {
    if (produced >= target) return;
    taken.add(row.code1.trim().toUpperCase());
    yield row;
    produced++;
  }
  if (base.length === 0) return;
  for (let n = 2; produced < target; n++) {
    for (const row of base) {
      if (produced >= target) return;
      let code1 = `${row.code1.trim()}-V${n}`;
      for (let k = 2; taken.has(code1.toUpperCase()); k++) code1 = `${row.code1.trim()}-V${n}-${k}`;
      taken.add(code1.toUpperCase());
      const copy: Record<string, string> = { ...row, code1 };
      if (row.name_et) copy.name_et = `${row.name_et} (variant ${n})`;
      if (row.name_en) copy.name_en = `${row.name_en} (variant ${n})`;
      const basePrice = Number(row.price);
      if (row.price && Number.isFinite(basePrice)) {
        copy.price = shopPrice(basePrice * (0.85 + 0.3 * hashFraction(code1, 'scale-price')));
      }
      if ((row.class || 'product') === 'product' && row.stock !== undefined && row.stock !== '') {
        const c = generatedCommerce(code1, [1.5, 900], { big: row.big_product === '1' });
        copy.stock = c.stock;
        copy.availability = c.availability;
        copy.delivery_days = c.delivery_days;
      }
      yield copy;
      produced++;
    }
  }
}

// CLI: npx tsx data/scaled-catalog.ts TARGET OUT.csv [BASE.csv]
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [targetText, out, input] = process.argv.slice(2);
  const target = Number(targetText);
  if (!out || !Number.isInteger(target)) {
    console.error('usage: npx tsx data/scaled-catalog.ts TARGET OUT.csv [BASE.csv (default data/demo-catalog.csv)]');
    process.exit(2);
  }
  const base: Record<string, string>[] = parse(fs.readFileSync(input ? path.resolve(input) : DEMO_CATALOG_PATH), {
    columns: true,
    bom: true,
    skip_empty_lines: true,
  });
  fs.writeFileSync(path.resolve(out), toCsv(scaledCatalogRows(base, target)), 'utf8');
  console.log(`wrote ${target} rows to ${out}`);
}
