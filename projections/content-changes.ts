/**
 * Live content (architecture "Live content"): what a guest's open page must refetch after a content change, sent by
 * the pages and site projections as `NOTIFY content_changed` in the transaction of their batch (delivered on commit,
 * never for a batch that rolled back) and pushed by the api over the websocket GET /v1/live (api/routes/live).
 *
 * The payload is a comma-separated list of ids and kinds, never text: `page:<pageId>` (a change guests see: a
 * publish, unpublish, schedule or delete; a draft save is not one), `menu` (the main menu) and `fields` (the global
 * fields, global item containers and the banner switch). A rebuild into the side schema (`rm_*__rebuild`) sends
 * nothing: nothing a guest sees changes until the switch, and its catch-up after it goes through the live schema.
 */
import { sql, type Transaction } from 'kysely';

export const CONTENT_CHANGED_CHANNEL = 'content_changed';

/** One content change as pushed: a page by id, the main menu or the global fields. */
export type ContentChange = { kind: 'page'; pageId: string } | { kind: 'menu' } | { kind: 'fields' };

/** Items per notification: a payload stays well under PostgreSQL's 8000 bytes (a page item is 41 bytes). */
const ITEMS_PER_NOTIFICATION = 150;

const PAGE_ID = /^[0-9A-Za-z-]{1,64}$/;

export function formatContentChange(change: ContentChange): string {
  return change.kind === 'page' ? `page:${change.pageId}` : change.kind;
}

/** The changes of one notification's payload; unknown or malformed items are dropped. */
export function parseContentChanges(payload: string): ContentChange[] {
  const out: ContentChange[] = [];
  for (const item of payload.split(',')) {
    if (item === 'menu' || item === 'fields') out.push({ kind: item });
    else if (item.startsWith('page:') && PAGE_ID.test(item.slice(5))) out.push({ kind: 'page', pageId: item.slice(5) });
  }
  return out;
}

/** Sends `changes` (deduplicated) on the content channel inside `trx`; nothing for a rebuild schema or no change. */
export async function notifyContentChanges<T>(trx: Transaction<T>, schema: string, changes: ContentChange[]): Promise<void> {
  if (schema.endsWith('__rebuild') || changes.length === 0) return;
  const items = [...new Set(changes.map(formatContentChange))];
  for (let i = 0; i < items.length; i += ITEMS_PER_NOTIFICATION) {
    await sql`select pg_notify(${CONTENT_CHANGED_CHANNEL}, ${items.slice(i, i + ITEMS_PER_NOTIFICATION).join(',')})`.execute(trx);
  }
}
