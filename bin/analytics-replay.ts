/**
 * `npm run analytics:replay -- <name> [--from <date|position>] [--to <date|position>] [--dry-run] [--batch <n>]
 * [--max-rate <events/s>]`: replays one analysis (analytics/registry.ts) blue/green beside its live schema and switches
 * when caught up (analytics/replay.ts); the shop keeps serving it meanwhile.
 *
 * - `--from` (inclusive) / `--to` (exclusive): a date `yyyy-mm-dd` (00:00 Europe/Tallinn) or an ISO-8601 instant,
 *   compared with each event's metadata time; or a whole number, an `$all` global position. Only the windowed
 *   analyses (search-conversion, order-funnel) take them.
 * - `--dry-run`: replay into a side schema, print the hash and the row counts, drop it; live untouched.
 * - Progress on stderr: a bar with events/s and the ETA on a terminal, a plain line a second otherwise.
 * - Killed half-way, the next run with the same window resumes from the side schema's checkpoint.
 * - Ends with the content hash on stdout (`hash <md5 per table>`): the same rows give the same hash.
 * Exit code 1 with a message on stderr on a bad argument or a failure.
 */
import { parseArgs } from 'node:util';
import { type ReplayWindow, WHOLE_HISTORY } from '../analytics/analysis.js';
import { analysisByName, ANALYSES } from '../analytics/registry.js';
import { countEventsAfter, replayAnalysis } from '../analytics/replay.js';
import { loadConfig } from '../platform/config.js';
import { START } from '../platform/event-store/port.js';
import { parseCheckpoint } from '../platform/event-store/postgres.js';
import type { Database } from '../platform/db/database.js';
import { sql } from 'kysely';
import { openRuntime } from './runtime.js';

const USAGE = `usage: npm run analytics:replay -- <name> [--from <date|position>] [--to <date|position>] [--dry-run] [--batch <n>] [--max-rate <events/s>]
analyses: ${ANALYSES.map((a) => a.name).join(', ')}`;

/** A bound: a whole number is a position, a date or instant a time. @throws Error on anything else. */
export function parseBound(text: string, flag: string): { time: string } | { position: bigint } {
  if (/^\d+$/.test(text)) return { position: BigInt(text) };
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    // Midnight in Tallinn: the offset of that day (+02:00 or +03:00).
    const noonUtc = new Date(`${text}T12:00:00Z`);
    const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Tallinn', timeZoneName: 'longOffset' }).formatToParts(noonUtc).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+02:00';
    const m = /GMT([+-]\d{2}):(\d{2})/.exec(offset);
    return { time: new Date(`${text}T00:00:00${m ? `${m[1]}:${m[2]}` : '+02:00'}`).toISOString() };
  }
  const t = Date.parse(text);
  if (/^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(t)) return { time: new Date(t).toISOString() };
  throw new Error(`${flag} must be a date (yyyy-mm-dd), an ISO-8601 instant or an event position, not "${text}"`);
}

/** The window of `--from`/`--to`. @throws Error on a malformed bound. */
export function windowOf(from: string | undefined, to: string | undefined): ReplayWindow {
  const w: ReplayWindow = { ...WHOLE_HISTORY };
  if (from !== undefined) {
    const b = parseBound(from, '--from');
    if ('time' in b) w.fromTime = b.time;
    else w.fromPosition = b.position;
  }
  if (to !== undefined) {
    const b = parseBound(to, '--to');
    if ('time' in b) w.toTime = b.time;
    else w.toPosition = b.position;
  }
  return w;
}

/** The `$all` position of a PostgreSQL checkpoint (0 for anything else). */
function positionOf(checkpoint: string): number {
  try {
    return Number(parseCheckpoint(checkpoint).globalPosition);
  } catch {
    return 0;
  }
}

/** The newest `$all` position of the PostgreSQL store (0 when there is none or another store). */
async function headPosition(db: Database): Promise<number> {
  try {
    const r = await sql<{ p: string | null }>`select max(global_position)::text as p from es_events`.execute(db);
    return Number(r.rows[0]?.p ?? 0);
  } catch {
    return 0;
  }
}

const fmtSeconds = (s: number) => (s >= 3600 ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m` : s >= 60 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${Math.round(s)}s`);

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { from: { type: 'string' }, to: { type: 'string' }, 'dry-run': { type: 'boolean' }, batch: { type: 'string' }, 'max-rate': { type: 'string' } },
  });
  if (positionals.length !== 1) throw new Error(USAGE);
  const analysis = analysisByName(positionals[0]!);
  const window = windowOf(values.from, values.to);
  const batchSize = values.batch ? Number(values.batch) : undefined;
  const maxRate = values['max-rate'] ? Number(values['max-rate']) : undefined;
  if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize >= 1 && batchSize <= 10_000)) throw new Error('--batch must be a whole number 1..10000');
  if (maxRate !== undefined && !(maxRate > 0)) throw new Error('--max-rate must be a positive number of events a second');
  const rt = await openRuntime(loadConfig(), 'analytics-replay');
  const tty = process.stderr.isTTY;
  try {
    const total = await countEventsAfter(rt.db, analysis.readModel.eventTypes, START);
    // Progress by `$all` position (works for a resumed run too): how far between the first batch and the head.
    const head = await headPosition(rt.db);
    const started = Date.now();
    let lastShown = 0;
    let firstPosition: number | null = null;
    let position = 0;
    const show = (events: number, final = false) => {
      const now = Date.now();
      if (!final && now - lastShown < (tty ? 200 : 1000)) return;
      lastShown = now;
      const seconds = Math.max((now - started) / 1000, 0.001);
      const rate = events / seconds;
      const share = head ? Math.min(position / head, 1) : null;
      const positionRate = firstPosition === null ? 0 : (position - firstPosition) / seconds;
      const eta = final ? '0s' : head && positionRate > 0 ? fmtSeconds(Math.max(head - position, 0) / positionRate) : '?';
      const text = `${analysis.name}: ${events} events, ${Math.round(rate)} events/s, ETA ${eta}${share === null ? '' : ` (${(share * 100).toFixed(1)} %${total === null ? '' : ` of ${total}`})`}`;
      if (tty) {
        const width = 24;
        const filled = share === null ? 0 : Math.round(share * width);
        process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${text}\u001b[K`);
      } else process.stderr.write(`${text}\n`);
    };
    const result = await replayAnalysis(rt.db, rt.store, analysis, {
      window,
      dryRun: values['dry-run'],
      batchSize,
      maxRate,
      log: (line) => process.stderr.write(`${tty ? '\r\u001b[K' : ''}${line}\n`),
      onProgress: (p) => {
        position = positionOf(p.checkpoint);
        firstPosition ??= position;
        show(p.events);
      },
    });
    show(result.events, true);
    if (tty) process.stderr.write('\n');
    process.stdout.write(
      `${analysis.name}: ${values['dry-run'] ? 'dry run, live untouched' : 'switched'}${result.resumed ? ' (resumed)' : ''}, ${result.events} events in ${result.seconds.toFixed(1)} s; rows ${Object.entries(result.rows).map(([t, n]) => `${t}=${n}`).join(' ')}\nhash ${result.hash}\n`,
    );
  } finally {
    await rt.close();
  }
}

main().catch((error) => {
  process.stderr.write(`analytics:replay failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
