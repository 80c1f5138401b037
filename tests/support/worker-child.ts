/**
 * The body of a worker child process of the worker-crash fault tests (tests/support/worker-crash.ts starts them):
 * one BullMQ worker on queue `shop` (prefix MAIL_TEST_PREFIX) against DATABASE_URL, REDIS_URL and SMTP_URL, with
 * short BullMQ lock and stalled-check times (MAIL_TEST_LOCK_MS, MAIL_TEST_STALLED_MS, milliseconds) and a job taken
 * over at most once after a stall, so a killed worker's job moves to the next worker quickly.
 *
 * Prints on stdout, one line each: `ready` when the worker listens; `start <job name> <job id>`,
 * `done <job name> <job id> <result as JSON>` or `failed <job id> <message>` per job; `log <line>` for what the
 * processors log. Ends cleanly on SIGTERM (exit code 0).
 */
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createDatabase, type Database } from '../../platform/db/database.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { PostgresEventStore } from '../../platform/event-store/postgres.js';
import { withPersonalDataSealed } from '../../commands/shared/personal-data-rules.js';
import { createMailTransport, type MailTransport } from '../../platform/mail/transport.js';

/** What a child's processors are built from. */
export interface WorkerChildDeps {
  db: Database;
  store: EventStore;
  transport: MailTransport;
  /** The child's Redis connection (the worker's; `duplicate()` it for a queue). */
  connection: Redis;
  /** The queue prefix (MAIL_TEST_PREFIX). */
  prefix: string;
  /** Prints `log <line>`. */
  log: (line: string) => void;
}

/** A job processor by job name; a job of another name fails (`unknown job <name>`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobProcessors = Record<string, (data: any) => Promise<unknown>>;

/** An environment variable the child cannot run without; throws `<name> is required`. */
export function requiredEnv(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is required`);
  return v;
}

/**
 * Runs the worker of child `name` (the database connections' application name) with the processors `build` makes,
 * `concurrency` jobs at once (default 1); `close` runs on SIGTERM before the shared connections end.
 */
export async function runWorkerChild(
  name: string,
  build: (deps: WorkerChildDeps) => { processors: JobProcessors; concurrency?: number; close?: () => Promise<void> },
): Promise<void> {
  const db = createDatabase(requiredEnv('DATABASE_URL'), { max: 4, applicationName: `${name}-${process.pid}` });
  const store = withPersonalDataSealed(new PostgresEventStore(db), db);
  const transport = createMailTransport(requiredEnv('SMTP_URL'), { timeoutMs: 60_000 });
  const connection = new Redis(requiredEnv('REDIS_URL'), { maxRetriesPerRequest: null });
  const prefix = requiredEnv('MAIL_TEST_PREFIX');
  const { processors, concurrency = 1, close } = build({ db, store, transport, connection, prefix, log: (line) => process.stdout.write(`log ${line}\n`) });
  const worker = new Worker(
    'shop',
    async (job) => {
      const processor = processors[job.name];
      if (!processor) throw new Error(`unknown job ${job.name}`);
      process.stdout.write(`start ${job.name} ${job.id}\n`);
      const result = await processor(job.data);
      process.stdout.write(`done ${job.name} ${job.id} ${JSON.stringify(result)}\n`);
      return result;
    },
    {
      connection,
      prefix,
      concurrency,
      lockDuration: Number(requiredEnv('MAIL_TEST_LOCK_MS')),
      stalledInterval: Number(requiredEnv('MAIL_TEST_STALLED_MS')),
      maxStalledCount: 1,
    },
  );
  worker.on('failed', (job, error) => process.stdout.write(`failed ${job?.id} ${error.message}\n`));
  await worker.waitUntilReady();
  process.stdout.write('ready\n');

  process.on('SIGTERM', async () => {
    await worker.close();
    await close?.();
    connection.disconnect();
    transport.close();
    await store.close();
    await db.destroy();
    process.exit(0);
  });
}
