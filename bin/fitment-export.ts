/**
 * `npm run fitment:export -- [--out FILE]`: every product's fitment as the fitment CSV (docs/catalog-format.md
 * "Fitment file"; products with unknown fitment are left out), from the catalog read model, to FILE or stdout.
 * Uses DATABASE_URL (default postgres://postgres@127.0.0.1:5432/shop).
 */
import { writeFileSync } from 'node:fs';
import { fitmentCsv } from '../commands/fitment/fitment-csv.js';
import { loadConfig } from '../platform/config.js';
import { listProductFitments } from '../projections/catalog/fitment-selection.js';
import { openRuntime } from './runtime.js';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const out = outAt >= 0 ? args[outAt + 1] : undefined;
  if (outAt >= 0 && !out) throw new Error('usage: npm run fitment:export -- [--out FILE]');
  const rt = await openRuntime(loadConfig(), 'import');
  try {
    const products = await listProductFitments(rt.db as never);
    const csv = fitmentCsv(products);
    if (out) {
      writeFileSync(out, csv);
      process.stderr.write(`fitment:export: ${products.length} products to ${out}\n`);
    } else process.stdout.write(csv);
    return 0;
  } finally {
    await rt.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`fitment:export failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
