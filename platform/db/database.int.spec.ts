/**
 * `createDatabase` (platform/db/database.ts) when the server drops a connection that is checked out between two
 * statements, as a PostgreSQL restart does to a transaction awaiting other work: pg emits 'error' on a client with
 * no query running, which without a listener is an uncaught exception that ends the process (seen with `npm start`'s
 * roles in tests/one-machine-connections.int.spec.ts when the server restarted). The pool's clients carry a listener
 * of their own; the lost client fails its next statement, is dropped when released, and the pool answers again.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { createDatabase, type Database, poolOf } from './database.js';

let database: TestDatabase;
let db: Database;
let admin: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase('lost_connection');
  db = createDatabase(database.url, { max: 2, applicationName: 'test-lost-connection' });
  admin = new pg.Client({ connectionString: database.url });
  admin.on('error', () => {});
  await admin.connect();
});

afterAll(async () => {
  await admin?.end().catch(() => {});
  await db?.destroy();
  await database?.drop();
});

describe('a connection lost while checked out', () => {
  it('does not end the process: the client fails its next statement, is dropped on release and the pool answers again', async () => {
    const pool = poolOf(db);
    const client = await pool.connect();
    // Checked out, the client has no listener of the pool's: this one is the database module's own.
    expect(client.listenerCount('error')).toBeGreaterThan(0);
    const { pid } = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!;
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    await admin.query('select pg_terminate_backend($1)', [pid]);
    // The server's FATAL message and the socket's close reach the idle client ('error', then 'end').
    await ended;
    await expect(client.query('select 1')).rejects.toThrow();
    client.release();
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
    const pids = (await admin.query<{ pid: number }>(`select pid from pg_stat_activity where application_name = 'test-lost-connection'`)).rows.map((r) => r.pid);
    expect(pids).not.toContain(pid);
  });
});
