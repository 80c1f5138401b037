/**
 * Scaffolding of the worker-crash fault tests (order mails, back-in-stock mails, invoice
 * mails): a mail worker runs as a child process (`node --import tsx tests/support/<x>-worker-child.ts`), the SMTP
 * server of the test (tests/support/smtp-sink.ts) holds the DATA phase of one mail, the worker is killed with SIGKILL,
 * and a second worker process must take the stalled BullMQ job over and send the mail exactly once.
 *
 * - {@link workerProcesses} starts worker processes with the environment the children read: DATABASE_URL,
 *   REDIS_URL (testRedisUrl), SMTP_URL, MAIL_TEST_PREFIX (the queue prefix), MAIL_TEST_LOCK_MS and
 *   MAIL_TEST_STALLED_MS (short BullMQ lock and stalled-check times, default 2000 and 1000 ms), plus any extra
 *   variables. A child prints `ready` when its worker runs, then `done ...` / `log ...` lines (kept in `output`).
 * - {@link startMailCrashRig} is what the workers need around them when the test has no shop harness: a fresh
 *   migrated database with the mail outbox, the event store, the SMTP server and a BullMQ queue `shop` on Redis
 *   under a prefix of the test's own.
 * - {@link killWhileHeld} is the crash itself, with its checks; {@link waitFor} polls a condition.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { expect } from 'vitest';
import { createDatabase, type Database } from '../../platform/db/database.js';
import { migrate } from '../../platform/db/migrate.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { PostgresEventStore } from '../../platform/event-store/postgres.js';
import { withPersonalDataSealed } from '../../commands/shared/personal-data-rules.js';
import { ensureMailOutbox } from '../../platform/mail/outbox.js';
import { createTestDatabase, type TestDatabase, testRedisUrl } from '../../platform/testing/database.js';
import { type SinkMessage, type SmtpSink, startSmtpSink } from './smtp-sink.js';
import { patience } from './patience.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A running worker child process: its stdout lines so far and how it ended (the signal's name, or its exit code). */
export interface WorkerProcess {
  process: ChildProcess;
  output: string[];
  exited: Promise<NodeJS.Signals | number | null>;
}

/** Where the children connect, read when a worker starts (the database, SMTP server and queue exist by then). */
export interface WorkerTarget {
  databaseUrl: string;
  smtpUrl: string;
  /** The BullMQ queue prefix of the test. */
  prefix: string;
}

export interface WorkerProcessOptions {
  /** BullMQ lock duration in milliseconds (default 2000). */
  lockMs?: number;
  /** BullMQ stalled-check interval in milliseconds (default 1000). */
  stalledMs?: number;
  /** More environment variables for the child (e.g. MAIL_TEST_CONCURRENCY). */
  env?: Record<string, string>;
}

export interface WorkerProcesses {
  /** BullMQ lock duration of the workers, milliseconds. */
  readonly lockMs: number;
  /** Starts a worker (`name` for messages only); resolves once it printed `ready`, rejects if it exits before. */
  start(name: string): Promise<WorkerProcess>;
  /** SIGKILLs every worker still running (for `afterAll`). */
  killAll(): void;
}

/**
 * Worker processes running `script` (a path from the repository root, e.g. 'tests/support/mail-worker-child.ts')
 * against `target()`.
 */
export function workerProcesses(script: string, target: () => WorkerTarget, options: WorkerProcessOptions = {}): WorkerProcesses {
  const lockMs = options.lockMs ?? 2000;
  const stalledMs = options.stalledMs ?? 1000;
  const children: ChildProcess[] = [];
  return {
    lockMs,
    start(name) {
      const { databaseUrl, smtpUrl, prefix } = target();
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          REDIS_URL: testRedisUrl(),
          SMTP_URL: smtpUrl,
          MAIL_TEST_PREFIX: prefix,
          MAIL_TEST_LOCK_MS: String(lockMs),
          MAIL_TEST_STALLED_MS: String(stalledMs),
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      const output: string[] = [];
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
      return new Promise((resolve, reject) => {
        let pending = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          pending += chunk.toString();
          const lines = pending.split('\n');
          pending = lines.pop()!;
          for (const line of lines) {
            output.push(line);
            if (line === 'ready') resolve({ process: child, output, exited });
          }
        });
        let stderr = '';
        child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        void exited.then((how) => reject(new Error(`worker ${name} exited (${how}) before it was ready: ${stderr.slice(-2000)}`)));
      });
    },
    killAll() {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    },
  };
}

/** Polls `check` every 100 ms until it holds; throws `timed out waiting for <what>` after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = patience(30_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The crash: `worker` is killed with SIGKILL while `sink` holds the reply to the DATA of `held` (from
 * `sink.holdNext()`). Checks that it died of SIGKILL; once the server has seen the client go, `release()` lets it
 * reply to the held DATA: it finds nobody there and drops the message, so no mail has been accepted.
 */
export async function killWhileHeld(worker: WorkerProcess, sink: SmtpSink, held: SinkMessage, release: () => void): Promise<void> {
  worker.process.kill('SIGKILL');
  expect(await worker.exited).toBe('SIGKILL');
  await waitFor('the SMTP server to see the client disconnect', () => sink.sessionClosed(held.sessionId));
  release();
  await waitFor('the held message to be dropped', () => sink.aborted.length === 1);
  expect(sink.accepted).toHaveLength(0);
}

/** Ends a worker the way a deployment does (SIGTERM) and waits for it to exit. */
export async function stopWorker(worker: WorkerProcess): Promise<void> {
  worker.process.kill('SIGTERM');
  await worker.exited;
}

/** A fresh database, event store, SMTP server and queue for a crash test (see the module's docstring). */
export interface MailCrashRig extends WorkerTarget {
  database: TestDatabase;
  db: Database;
  store: EventStore;
  sink: SmtpSink;
  queue: Queue;
  /** Empties and closes the queue, then closes the SMTP server, the store and the database and drops it. */
  close(): Promise<void>;
}

/**
 * Creates the database `name` (migrated, with the mail outbox, then `prepare(db)`), its event store (listening for
 * appends), an SMTP server and the queue `shop` under `<prefixName>-<8 hex digits>`.
 */
export async function startMailCrashRig(name: string, prefixName: string, prepare?: (db: Database) => Promise<void>): Promise<MailCrashRig> {
  const database = await createTestDatabase(name);
  const db = createDatabase(database.url, { max: 6 });
  await migrate(db);
  await ensureMailOutbox(db);
  await prepare?.(db);
  const store = withPersonalDataSealed(new PostgresEventStore(db, { listenConnectionString: database.url }), db);
  const sink = await startSmtpSink();
  const prefix = `${prefixName}-${randomUUID().slice(0, 8)}`;
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  const queue = new Queue('shop', { connection: redis, prefix });
  return {
    database,
    db,
    store,
    sink,
    queue,
    prefix,
    databaseUrl: database.url,
    smtpUrl: sink.url,
    async close() {
      await queue.obliterate({ force: true }).catch(() => {});
      await queue.close();
      redis.disconnect();
      await sink.close();
      await store.close();
      await db.destroy();
      await database.drop();
    },
  };
}
