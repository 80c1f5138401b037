import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testRedisUrl, type TestDatabase } from '../testing/database';
import { ensurePostgres, ensureRedis, withDatabase } from './ensure-services';

const lines: string[] = [];
const log = (line: string) => lines.push(line);

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe('withDatabase', () => {
  it('replaces only the database name', () => {
    expect(withDatabase('postgres://u:p%40ss@db.example:6543/shop?sslmode=require', 'postgres')).toBe(
      'postgres://u:p%40ss@db.example:6543/postgres?sslmode=require',
    );
  });
});

describe('ensurePostgres', () => {
  it('returns a superuser URL that answers select 1', async () => {
    const url = await ensurePostgres(log);
    expect(new URL(url).pathname).toBe('/postgres');
    const rows = await query<{ one: number; superuser: boolean }>(
      url,
      "select 1 as one, current_setting('is_superuser') = 'on' as superuser",
    );
    expect(rows).toEqual([{ one: 1, superuser: true }]);
  });
});

describe('createTestDatabase', () => {
  const created: TestDatabase[] = [];
  afterAll(async () => {
    for (const db of created) await db.drop();
  });

  it('gives a fresh empty database with pg_trgm and fuzzystrmatch, and drop() removes it', async () => {
    const db = await createTestDatabase('ensure services');
    created.push(db);
    expect(db.name).toMatch(/^test_ensure_services_\d+_[0-9a-f]{8}$/);

    const tables = await query(db.url, "select 1 from pg_tables where schemaname = 'public'");
    expect(tables).toHaveLength(0);
    const extensions = await query<{ extname: string }>(db.url, 'select extname from pg_extension order by extname');
    expect(extensions.map((e) => e.extname)).toEqual(expect.arrayContaining(['fuzzystrmatch', 'pg_trgm']));
    const [{ similarity }] = await query<{ similarity: number }>(db.url, "select similarity('brake pad', 'brake pads') as similarity");
    expect(similarity).toBeGreaterThan(0.5);

    // An open connection must not prevent the drop.
    const holder = new pg.Client({ connectionString: db.url });
    holder.on('error', () => {});
    await holder.connect();

    const other = await createTestDatabase('ensure services');
    created.push(other);
    expect(other.name).not.toBe(db.name);

    await db.drop();
    await db.drop(); // idempotent
    await holder.end().catch(() => {});
    const adminUrl = process.env.TEST_DATABASE_ADMIN_URL!;
    const left = await query(adminUrl, 'select 1 from pg_database where datname = $1', [db.name]);
    expect(left).toHaveLength(0);
  });
});

describe('ensureRedis', () => {
  it('returns a URL whose server answers PING', async () => {
    const url = await ensureRedis(log);
    expect(url).toBe(testRedisUrl());
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5_000 });
    try {
      await redis.connect();
      expect(await redis.ping()).toBe('PONG');
    } finally {
      redis.disconnect();
    }
  });
});
