/** Queries of the pages read model (projections/pages/writer.ts). */
import { sql } from 'kysely';
import type { PageDoc } from '../../domain/page/page.js';
import type { Database } from '../../platform/db/database.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The page with id `ref` (a uuid) or name `ref` (the one saved last when two share it); null when there is none. */
export async function getPage(db: Database, ref: string): Promise<PageDoc | null> {
  const { rows } = UUID.test(ref)
    ? await sql<{ doc: PageDoc }>`select doc from rm_pages.pages where id = ${ref.toLowerCase()}`.execute(db)
    : await sql<{ doc: PageDoc }>`select doc from rm_pages.pages where name = ${ref} order by changed_at desc limit 1`.execute(db);
  return rows[0]?.doc ?? null;
}

/** The names of all content pages, sorted (for the sitemap). */
export async function listPageNames(db: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select distinct name from rm_pages.pages order by name`.execute(db);
  return rows.map((r) => r.name);
}
