/**
 * `npm run fitment:import -- FILE [--reason TEXT] [--dry-run]`: imports a fitment CSV (docs/catalog-format.md
 * "Fitment file") through `ChangeProductFitment`, all or nothing: any wrong line is printed as `line N: ...` and
 * nothing is written (exit 1). Uses DATABASE_URL (default postgres://postgres@127.0.0.1:5432/shop); the products and
 * the vehicle reference are read from the read models, so the projector should have caught up.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fitmentCsvErrorText } from '../commands/fitment/fitment-csv.js';
import { importFitmentCsv } from '../commands/fitment/import-fitment.js';
import { loadConfig } from '../platform/config.js';
import { productIdsByCode1 } from '../projections/catalog/fitment-selection.js';
import { listAllVehicles } from '../projections/vehicles/queries.js';
import { openRuntime } from './runtime.js';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--reason');
  if (!file) throw new Error('usage: npm run fitment:import -- FILE [--reason TEXT] [--dry-run]');
  const reasonAt = args.indexOf('--reason');
  const reason = reasonAt >= 0 ? (args[reasonAt + 1] ?? '') : `Fitment CSV import: ${path.basename(file)}`;
  const text = readFileSync(file, 'utf8');
  const rt = await openRuntime(loadConfig(), 'import');
  try {
    const result = await importFitmentCsv({ store: rt.store, productIdsByCode1: (codes) => productIdsByCode1(rt.db as never, codes), listVehicles: () => listAllVehicles(rt.db as never) }, text, reason, { correlationId: randomUUID(), userId: null, now: new Date().toISOString() }, {
      dryRun: args.includes('--dry-run'),
      onProgress: (done, total) => void (done % 500 === 0 && process.stdout.write(`fitment:import: ${done} of ${total} products\n`)),
    });
    if (!result.ok) {
      for (const e of result.errors) process.stdout.write(`${fitmentCsvErrorText(e, 'en')}\n`);
      process.stdout.write(`nothing imported: ${result.errors.length} errors\n`);
      return 1;
    }
    process.stdout.write(`${result.dryRun ? 'checked' : 'imported'}: ${result.products} products, ${result.changed} changed\n`);
    return 0;
  } finally {
    await rt.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`fitment:import failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
