/**
 * The stock-notifications read model (schema `rm_stock_notifications`, the staff badges; spec 7 GET
 * /v1/stock-notification "data is a list"; spec 2 StockNotificationsList): the back-in-stock requests with their
 * state, fed by the StockNotification events (domain/stock-notification): StockNotificationRequested makes the row
 * `waiting` (a new request on the same stream replaces the row), StockNotificationSent makes it `sent`,
 * StockNotificationCancelled `cancelled` (with when).
 *
 * Tables: requests (id = the stream id, product, e-mail, quantity, language, state, the request's event id (the key
 * of its back-in-stock mail), when requested and its `$all` position for the newest-first order, when closed);
 * position (idempotent by stream position). Version 2: state, request_event_id and closed_at. Version 3
 * (GDPR erasure, 'forget this client'): each request's `client_id` (platform/ids/client-id.ts, from its address), and
 * ClientForgotten blanks the address of that client's requests and cancels the waiting ones, so no back-in-stock
 * mail goes to a forgotten client and no list shows the address (a rebuild does the same: the request's sealed
 * e-mail then reads '' and its `forgottenClientId` names the client). The projector's NOTIFY
 * `rm_changed` 'stock_notifications' after each batch makes the api push `{ type: 'badges' }` to staff pages.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { normaliseEmailAddress } from '../../domain/shared/email.js';
import { clientIdForNormalisedEmail } from '../../platform/ids/client-id.js';
import { parseClientStoredEvent } from '../../domain/client/events.js';
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
      client_id uuid not null,
      quantity integer not null,
      language text not null,
      state text not null check (state in ('waiting', 'sent', 'cancelled')),
      request_event_id text not null,
      requested_at timestamptz not null,
      requested_pos bigint not null,
      closed_at timestamptz
    )`.execute(db);
  await sql`create table ${sql.id(schema, 'position')} (stream_id text primary key, position bigint not null)`.execute(db);
}

async function createIndexes(db: Kysely<StockNotificationsTables>, schema: string): Promise<void> {
  await sql`create index ${sql.id('requests_newest')} on ${sql.id(schema, 'requests')} (requested_pos desc)`.execute(db);
  await sql`create index ${sql.id('requests_waiting_product')} on ${sql.id(schema, 'requests')} (product_id) where state = 'waiting'`.execute(db);
}

async function applyBatch(trx: Transaction<StockNotificationsTables>, schema: string, events: RecordedEvent[]): Promise<void> {
  await applyNewEvents(trx, schema, 'position', events, async (event) => {
    const at = (event.metadata as { time?: string } | undefined)?.time ?? new Date(0).toISOString();
    if (event.type === 'ClientForgotten') {
      const { clientId } = parseClientStoredEvent(event).data as { clientId: string };
      await sql`
        update ${sql.id(schema, 'requests')}
        set email = '', state = case when state = 'waiting' then 'cancelled' else state end, closed_at = coalesce(closed_at, ${at}::timestamptz)
        where client_id = ${clientId}::uuid`.execute(trx);
      return;
    }
    const e = parseStockNotificationEvent(event);
    if (e.type !== 'StockNotificationRequested') {
      const state = e.type === 'StockNotificationSent' ? 'sent' : 'cancelled';
      await sql`update ${sql.id(schema, 'requests')} set state = ${state}, closed_at = ${at} where id = ${event.streamId}`.execute(trx);
      return;
    }
    await sql`
      insert into ${sql.id(schema, 'requests')} (id, product_id, email, client_id, quantity, language, state, request_event_id, requested_at, requested_pos)
      values (${event.streamId}, ${e.data.productId}, ${e.data.email}, ${e.data.forgottenClientId ?? clientIdForNormalisedEmail(normaliseEmailAddress(e.data.email))}::uuid, ${e.data.quantity}, ${e.data.language}, 'waiting', ${event.id}, ${at}, ${event.globalPosition.toString()})
      on conflict (id) do update set email = excluded.email, client_id = excluded.client_id, quantity = excluded.quantity, language = excluded.language, state = 'waiting',
        request_event_id = excluded.request_event_id, requested_at = excluded.requested_at, requested_pos = excluded.requested_pos,
        closed_at = null`.execute(trx);
  });
}

export const stockNotificationsReadModel: ReadModel = {
  name: 'stock_notifications',
  version: 3,
  eventTypes: [...STOCK_NOTIFICATION_EVENT_TYPES, 'ClientForgotten'],
  createTables,
  createIndexes,
  applyBatch,
  hashTables: [
    { table: 'requests', orderBy: 't.id' },
    { table: 'position', orderBy: 't.stream_id' },
  ],
};
