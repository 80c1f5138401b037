/**
 * `npm run catalog:import -- FILE`: imports a catalog CSV (docs/catalog-format.md) through commands and prints
 * progress, the rejected rows with their line numbers, and a summary. Exits 1 when any row was rejected.
 * Uses DATABASE_URL (default postgres://postgres@127.0.0.1:5432/shop).
 */
import { readFileSync } from 'node:fs';
import { importCatalogFile } from '../commands/catalog/import-catalog.js';
import { loadConfig } from '../platform/config.js';
import { openRuntime } from './runtime.js';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npm run catalog:import -- FILE');
  const total = readFileSync(file, 'utf8').split('\n').length - 2;
  const rt = await openRuntime(loadConfig(), 'import');
  try {
    const report = await importCatalogFile(rt.store, file, {
      vatRatePercent: rt.config.vatRatePercent,
      onProgress: (done) => process.stdout.write(`import: ${done} of ~${total} rows\n`),
    });
    for (const e of report.errors) process.stdout.write(`line ${e.line}: ${e.errors.join('; ')}\n`);
    process.stdout.write(`imported ${report.imported} of ${report.rows} rows, ${report.appended} events appended, ${report.errors.length} rejected\n`);
    return report.errors.length ? 1 : 0;
  } finally {
    await rt.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`catalog:import failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
