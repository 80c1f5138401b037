/**
 * `preparedQuery` (platform/db/database.ts) on real PostgreSQL: the statement is prepared once per connection under
 * its key's name and reused; when a table it reads changes its columns (a read model's switch), PostgreSQL refuses
 * the old plan (0A000) and the query is prepared again under a new name and answers with the new columns; any other
 * error reaches the caller.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, preparedQuery } from './database.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';

let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase('prepared_query');
  // One connection, so the session that prepared the statement is the one pg_prepared_statements shows.
  db = createDatabase(database.url, { max: 1 });
  await sql`create table parts (id int primary key, code text)`.execute(db);
  await sql`insert into parts values (1, 'W 712/75'), (2, 'HU 816 x')`.execute(db);
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const prepared = async () => (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements order by name`.execute(db)).rows;

describe('preparedQuery', () => {
  it('prepares the text once per connection under the key and binds new values each time', async () => {
    const byId = (id: number) => sql`select * from parts where id = ${id}`.compile(db);
    expect(await preparedQuery(db, 'parts-by-id', byId(1))).toEqual([{ id: 1, code: 'W 712/75' }]);
    expect(await preparedQuery(db, 'parts-by-id', byId(2))).toEqual([{ id: 2, code: 'HU 816 x' }]);
    const statements = await prepared();
    expect(statements).toHaveLength(1);
    expect(statements[0]!.name).toMatch(/^parts-by-id#\d+$/);
    expect(statements[0]!.statement).toContain('from parts where id = $1');
  });

  it('prepares again under a new name when a change of the table makes PostgreSQL refuse the old plan', async () => {
    const before = (await prepared())[0]!.name;
    await sql`alter table parts add column brand text default 'MANN-FILTER'`.execute(db);
    const rows = await preparedQuery(db, 'parts-by-id', sql`select * from parts where id = ${1}`.compile(db));
    expect(rows).toEqual([{ id: 1, code: 'W 712/75', brand: 'MANN-FILTER' }]);
    const names = (await prepared()).map((s) => s.name).filter((n) => n.startsWith('parts-by-id#'));
    expect(names).not.toContain(before);
    expect(names).toHaveLength(1);
    // The new name is kept: the next call reuses it.
    expect(await preparedQuery(db, 'parts-by-id', sql`select * from parts where id = ${2}`.compile(db))).toEqual([{ id: 2, code: 'HU 816 x', brand: 'MANN-FILTER' }]);
    expect((await prepared()).map((s) => s.name).filter((n) => n.startsWith('parts-by-id#'))).toEqual(names);
  });

  it('passes any other error to the caller', async () => {
    await expect(preparedQuery(db, 'parts-missing', sql`select * from no_such_table where id = ${1}`.compile(db))).rejects.toMatchObject({ code: '42P01' });
  });
});
