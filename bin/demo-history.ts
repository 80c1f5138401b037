/**
 * `npm run demo:history -- [--days 90] [--seed 1]`: adds a GENERATED history of `days` days before today (UTC) to
 * the shop's database through the real commands (bin/demo-history-simulation.ts; docs/analytics.md "A history to
 * analyse"). Needs the demo catalog (`npm start` imports it on the first start). Once per database: a second run
 * says so and adds nothing. Never in production: refused when NODE_ENV=production.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../platform/config.js';
import { runDemoHistory } from './demo-history-run.js';
import { openRuntime } from './runtime.js';

const ArgsSchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(90),
  seed: z.coerce.number().int().min(0).max(2 ** 31).default(1),
});

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { days: { type: 'string' }, seed: { type: 'string' } }, allowPositionals: false });
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    process.stderr.write(`demo:history: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}\n`);
    process.exit(2);
  }
  if (process.env.NODE_ENV === 'production') {
    process.stderr.write('demo:history: refused with NODE_ENV=production (it adds generated orders to the shop)\n');
    process.exit(2);
  }
  const config = loadConfig();
  const rt = await openRuntime(config, 'demo-history');
  try {
    await runDemoHistory(rt, config, { ...parsed.data, log: (line) => process.stdout.write(`${line}\n`) });
  } finally {
    await rt.close();
  }
}

main().catch((error) => {
  process.stderr.write(`demo:history failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
