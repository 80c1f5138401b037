/**
 * `npm run analytics:export -- [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--out DIR]`: writes the event log as Parquet
 * (analytics/export/export.ts; schema in docs/analytics.md). `--from` is inclusive, `--to` exclusive, both compared
 * with each event's own time (UTC day); DIR defaults to `exports/` (ignored by git). A second run exports only what
 * is new since the first (the state is `DIR/export-state.json`).
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DaySchema, exportEventLog } from '../analytics/export/export.js';
import { loadConfig } from '../platform/config.js';
import { openRuntime } from './runtime.js';

const ArgsSchema = z.object({ from: DaySchema.optional(), to: DaySchema.optional(), out: z.string().min(1).default('exports') });

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' }, out: { type: 'string' } }, allowPositionals: false });
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    process.stderr.write(`analytics:export: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}\n`);
    process.exit(2);
  }
  const args = parsed.data;
  const rt = await openRuntime(loadConfig(), 'export');
  try {
    const started = Date.now();
    const report = await exportEventLog(rt.db, { outDir: args.out, from: args.from ?? null, to: args.to ?? null, log: (line) => process.stdout.write(`${line}\n`) });
    process.stdout.write(
      `${report.mode} export to ${args.out}: ${report.eventsExported} events (${report.newEvents} new), ${report.daysWritten.length} days, ` +
        `${report.filesWritten.length} files, ${(report.bytesWritten / 1e6).toFixed(2)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s; head ${report.head || '(empty log)'}\n`,
    );
  } finally {
    await rt.close();
  }
}

main().catch((error) => {
  process.stderr.write(`analytics:export failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
