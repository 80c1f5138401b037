/**
 * The stock-notifications read model (schema `rm_stock_notifications`, issue 10 badges; spec 7 GET
 * /v1/stock-notification "data is a list"): the open back-in-stock requests, fed by StockNotificationRequested
 * (domain/stock-notification). Every request is open until the back-in-stock mail (a later issue) closes it.
 *
 * Tables: requests (id = the stream id, product, e-mail, quantity, language, when requested and its `$all`
 * position for the newest-first order); position (idempotent by stream position). The projector's NOTIFY
 * `rm_changed` 'stock_notifications' after each batch makes the api push `{ type: 'badges' }` to staff pages.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { parseStockNotificationEvent } from '../../domain/stock-notification/events.js';
import { STOCK_NOTIFICATION_EVENT_TYPES } from '../../domain/stock-notification/stock-notification.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { applyNewEvents, type ReadModel } from '../read-model.js';
import type { StockNotificationsTables } from './schema.js';

async function createTables(db: Kysely<StockNotificationsTables>, schema: string): Promise<void> {
  await sql`
    create table ${sql.id(schema, 'requests')} (
      id text primary key,
      product_id text not null,
      email text not null,
      quantity integer not null,
      language text not null,
      requested_at timestamptz not null,
      requested_pos bigint not null
    )`.execute(db);
  await sql`create table ${sql.id(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function createIndexes(db: Kysely<StockNotificationsTables>, schema: string): Promise<void> {
  await sql`create index ${sql.id('requests_newest')} on ${sql.id(schema, 'requests')} (requested_pos desc)`.execute(db);
}

async function applyBatch(trx: Transaction<StockNotificationsTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  await applyNewEvents(trx, schema, 'position', events, async (event) => {
    const e = parseStockNotificationEvent(event);
    if (e.type !== 'StockNotificationRequested') return;
    const at = (event.metadata as { time?: string } | undefined)?.time ?? new Date(0).toISOString();
    await sql`
      insert into ${sql.id(schema, 'requests')} (id, product_id, email, quantity, language, requested_at, requested_pos)
      values (${event.streamId}, ${e.data.productId}, ${e.data.email}, ${e.data.quantity}, ${e.data.language}, ${at}, ${event.globalPosition.toString()})
      on conflict (id) do update set quantity = excluded.quantity, language = excluded.language, requested_at = excluded.requested_at,
        requested_pos = excluded.requested_pos`.execute(trx);
  });
}

export const stockNotificationsReadModel: ReadModel = {
  name: 'stock_notifications',
  version: 1,
  eventTypes: STOCK_NOTIFICATION_EVENT_TYPES,
  createTables,
  createIndexes,
  applyBatch,
  hashTables: [
    { table: 'requests', orderBy: 't.id' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
