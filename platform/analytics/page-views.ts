/**
 * First-party page views (spec 7 "Analytics page views are sent on route change": not through a third party, which
 * the Content-Security-Policy forbids and no shopper agreed to): the append-only table `page_views`, one row per
 * storefront page shown, for the analysts' statistics.
 *
 * Not in the event store: a view is not a decision of any aggregate, nothing is rebuilt from it, and at one row per
 * page shown it would outnumber every business event many times over (every projector would read past them). A
 * plain table, written with one insert, read with SQL; rows are never changed or deleted one by one (a trigger
 * refuses UPDATE and DELETE: retention is a TRUNCATE or a dropped table, a decision for whoever owns the data).
 *
 * A row holds no personal data: an anonymous id of one browser tab's visit (random, kept in sessionStorage), the
 * path without query or fragment and with secret segments as `:token` (`maskSecretSegments`), the previous in-app
 * path, the language, the time. No address, no user agent, no cookie.
 */
import { type QueryExecutorProvider, sql } from 'kysely';
import type { Database } from '../db/database.js';

/** Creates the table and its append-only trigger (idempotent; run by platform/db/migrate.ts). */
export async function migratePageViews(conn: QueryExecutorProvider): Promise<void> {
  await sql`
    create table if not exists page_views (
      id bigint generated always as identity primary key,
      viewed_at timestamptz not null,
      session_id uuid not null,
      path text not null,
      referrer_path text,
      language text not null
    )`.execute(conn);
  await sql`create index if not exists page_views_viewed_at on page_views (viewed_at)`.execute(conn);
  await sql`
    create or replace function page_views_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'page_views is append-only';
    end $$`.execute(conn);
  await sql`drop trigger if exists page_views_append_only on page_views`.execute(conn);
  await sql`create trigger page_views_append_only before update or delete on page_views for each row execute function page_views_append_only()`.execute(conn);
}

/** One page view; `path` and `referrerPath` already masked. `viewedAt` ISO-8601 UTC. */
export interface PageView {
  viewedAt: string;
  sessionId: string;
  path: string;
  referrerPath: string | null;
  language: 'et' | 'en';
}

/** Appends one view. */
export async function recordPageView(db: Database, view: PageView): Promise<void> {
  await sql`
    insert into page_views (viewed_at, session_id, path, referrer_path, language)
    values (${view.viewedAt}, ${view.sessionId}, ${view.path}, ${view.referrerPath}, ${view.language})`.execute(db);
}

/** The newest views first (for tests and the analysts' first look). */
export async function latestPageViews(db: Database, limit = 100): Promise<PageView[]> {
  const { rows } = await sql<{ viewed_at: Date; session_id: string; path: string; referrer_path: string | null; language: 'et' | 'en' }>`
    select viewed_at, session_id, path, referrer_path, language from page_views order by id desc limit ${limit}`.execute(db);
  return rows.map((r) => ({ viewedAt: r.viewed_at.toISOString(), sessionId: r.session_id, path: r.path, referrerPath: r.referrer_path, language: r.language }));
}
