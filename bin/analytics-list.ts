/**
 * `npm run analytics:list`: each analysis (analytics/registry.ts) with its version (code / live), position (the live
 * checkpoint's `$all` position), lag (events of its types not yet applied, and for how long) and its last replay
 * (analytics/replay.ts analysisStatuses). `--json` prints the statuses as JSON.
 */
import { ANALYSES } from '../analytics/registry.js';
import { analysisStatuses } from '../analytics/replay.js';
import { loadConfig } from '../platform/config.js';
import { openRuntime } from './runtime.js';

async function main(): Promise<void> {
  const rt = await openRuntime(loadConfig(), 'analytics-list');
  try {
    const statuses = await analysisStatuses(rt.db, ANALYSES);
    if (process.argv.includes('--json')) {
      process.stdout.write(`${JSON.stringify(statuses, null, 2)}\n`);
      return;
    }
    const rows = [
      ['analysis', 'version', 'position', 'lag', 'last replay'],
      ...statuses.map((s) => [
        s.name,
        s.liveVersion === null ? `${s.version} (not created)` : s.liveVersion === s.version ? String(s.version) : `${s.liveVersion} -> ${s.version}`,
        s.position ?? '-',
        s.lagEvents === null ? '?' : s.lagEvents === 0 ? '0' : `${s.lagEvents} events, ${s.lagSeconds} s`,
        s.lastReplay ? `${s.lastReplay.at} (${s.lastReplay.events} events, ${s.lastReplay.seconds.toFixed(1)} s)` : 'never',
      ]),
    ];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const r of rows) process.stdout.write(`${r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()}\n`);
    for (const s of statuses) process.stdout.write(`\n${s.name}: ${s.description}`);
    process.stdout.write('\n');
  } finally {
    await rt.close();
  }
}

main().catch((error) => {
  process.stderr.write(`analytics:list failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
