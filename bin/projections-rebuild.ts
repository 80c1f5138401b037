/**
 * `npm run projections:rebuild [name]`: rebuilds one read model (or all) from position 0 beside the live one and
 * switches when caught up (projections/read-model.ts). The shop keeps serving during the rebuild.
 */
import { loadConfig } from '../platform/config.js';
import { rebuildReadModel } from '../projections/read-model.js';
import { READ_MODELS, readModelByName } from '../projections/read-models.js';
import { openRuntime } from './runtime.js';

async function main(): Promise<void> {
  const name = process.argv[2];
  const models = name ? [readModelByName(name)] : READ_MODELS;
  const rt = await openRuntime(loadConfig(), 'rebuild');
  try {
    for (const rm of models) {
      const started = Date.now();
      await rebuildReadModel(rt.db, rt.store, rm, (line) => process.stdout.write(`${line}\n`));
      process.stdout.write(`${rm.name}: rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    }
  } finally {
    await rt.close();
  }
}

main().catch((error) => {
  process.stderr.write(`projections:rebuild failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
