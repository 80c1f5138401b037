/**
 * Crypto-shredding of the personal data in orders, back-in-stock requests and invoice recipients (docs/architecture.md
 * "Personal data"), on real PostgreSQL and Redis through `app.inject`:
 * - written sealed: after placing an order, asking for a back-in-stock mail and sending an invoice, no row of
 *   `es_events` holds the shopper's name, e-mail, phone or address, while every reader still sees them;
 * - after 'forget this client': no row of `es_events`, no read model (also rebuilt), no process manager table, no
 *   mail outbox row and no export (invoice PDF, order PDF, search-keyword CSV) holds them;
 * - the in-place sealing of events written in the clear by the old shape: stopped half-way and run again, ids,
 *   positions, order and metadata unchanged, nothing appended, a client forgotten before it stays forgotten (no key
 *   made), and every read model rebuilds to the rows it had.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { clientIdForEmail } from '../commands/client/client-streams.js';
import { setupDelivery } from '../commands/delivery/setup-delivery.js';
import { toNewEvents } from '../commands/shared/command-handler.js';
import { sealStoredEvents } from '../commands/shared/personal-data-rules.js';
import { toStockNotificationStreamId } from '../commands/stock-notification/request-stock-notification.js';
import { toOrderStreamId } from '../domain/order/order.js';
import { extractPdfText } from '../platform/documents/pdf-text.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { ensureMailOutbox, markSent, recordAttempt } from '../platform/mail/outbox.js';
import { hashReadModel, rebuildReadModel } from '../projections/read-model.js';
import { READ_MODELS } from '../projections/read-models.js';
import { type ClientPipeline, startClientPipeline } from './support/client-pipeline.js';
import { csrfHeaders } from './support/csrf.js';
import { checkoutBody, productRow } from './support/order-test-kit.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';

const PASSWORD = 'Staff-Pass-2026!x';
let h: ShopHarness;
let pipeline: ClientPipeline;
const sessions = createStaffSessions('shredding');

const HERMIINE = { client_type: 'private', first_name: 'Hermiine', last_name: 'Vaarikas', email: 'Hermiine.Vaarikas@Naide.ee', phone: '+372 5876 5432', vat_reg_nr: '' };
const HERMIINE_ADDRESS = { country: 'EE', street: 'Kaunase puiestee 77', apartment: '12', city: 'Kuldnokasoo', state: 'Harjumaa', area_code: '74115' };
/** Her name, e-mail, phone (as typed and as digits), street, city and comment: none may be left anywhere. */
const NEEDLES = ['hermiine', 'vaarikas', 'naide.ee', '5876 5432', '58765432', 'kaunase', 'kuldnokasoo', 'helistage'];
const hermiineId = clientIdForEmail(HERMIINE.email);

const staff = (b: StaffBrowser, method: 'GET' | 'POST', url: string) => h.app.inject({ method, url, headers: headersOf(b) });

/** The rows of `es_events` (any column) whose text holds one of `needles`, as `needle: count`. */
async function eventRowsContaining(needles: readonly string[]): Promise<string[]> {
  const hits: string[] = [];
  for (const needle of needles) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from es_events e where e::text ilike ${`%${needle}%`}`.execute(h.db);
    if (rows[0]!.n) hits.push(`${needle}: ${rows[0]!.n}`);
  }
  return hits;
}

/** Every table of the read models (`rm_*`), the process managers (`pm_*`) and the mail outbox holding a needle. */
async function tableRowsContaining(needles: readonly string[]): Promise<string[]> {
  const { rows: tables } = await sql<{ schema: string; table: string }>`
    select table_schema as schema, table_name as "table" from information_schema.tables
    where (table_schema like 'rm\\_%' or table_schema like 'pm\\_%' or table_schema = 'mail') and table_type = 'BASE TABLE' order by 1, 2`.execute(h.db);
  expect(tables.map((t) => t.schema)).toEqual(expect.arrayContaining(['rm_orders', 'rm_clients', 'rm_stock_notifications', 'mail']));
  const hits: string[] = [];
  for (const t of tables) {
    for (const needle of needles) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(t.schema, t.table)} x where x::text ilike ${`%${needle}%`}`.execute(h.db);
      if (rows[0]!.n) hits.push(`${t.schema}.${t.table} ${needle}: ${rows[0]!.n}`);
    }
  }
  return hits;
}

async function placeOrder(client: Record<string, string>, delivery: Record<string, string>, comment: string): Promise<{ orderId: string; publicToken: string }> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/place-order?lang=et',
    headers: { ...(await csrfHeaders(h.app)), 'content-type': 'application/json' },
    payload: checkoutBody([{ product_id: productIdForCode('SHRED-1'), amount: 1 }], { client: client as never, delivery: delivery as never, order: { delivery_user_comment: comment } as never }) as object,
  });
  expect(res.statusCode, res.body).toBe(200);
  const number = res.json().data.order.number as number;
  await h.settle();
  const { rows } = await sql<{ order_id: string; public_token: string }>`select order_id, public_token from rm_orders.orders where number = ${number}`.execute(h.db);
  return { orderId: rows[0]!.order_id, publicToken: rows[0]!.public_token };
}

/** The staff's exports of an order: the invoice PDF, the shopper's order PDF, and the search-keyword CSV, as text. */
async function exportsOf(kati: StaffBrowser, order: { orderId: string; publicToken: string }): Promise<string> {
  const invoice = await staff(kati, 'GET', `/v1/admin/orders/${order.orderId}/invoice.pdf?kind=invoice`);
  expect(invoice.statusCode, invoice.body.slice(0, 200)).toBe(200);
  const summary = await h.app.inject({ method: 'GET', url: `/order/download/${order.publicToken}` });
  expect(summary.statusCode).toBe(200);
  const csv = await staff(kati, 'GET', '/v1/admin/statistics/search-keywords?range=all&zero=1&format=csv');
  expect(csv.statusCode).toBe(200);
  return [extractPdfText(invoice.rawPayload), extractPdfText(summary.rawPayload), csv.body].join('\n').replace(/[\s\u00a0]+/g, ' ');
}

beforeAll(async () => {
  h = await createShopHarness('shredding', { api: { sessions: sessions.deps(), vatRatePercent: 24 } });
  await registerStaff(h.store, [['kati', ['CLIENT']]], { password: PASSWORD, now: h.clock.now });
  await h.importCatalogRows([productRow('SHRED-1', { grossCents: 1500, stock: 50 }), productRow('SHRED-SOLD-OUT', { grossCents: 990, stock: 0 })]);
  await setupDelivery(h.store, h.clock.now);
  await h.settle();
  pipeline = await startClientPipeline(h, () => h.clock.now);
  await ensureMailOutbox(h.db);
});

afterAll(async () => {
  await pipeline?.stop();
  await h?.close();
  await sessions.cleanup();
});

describe('a forgotten client leaves nothing', () => {
  it('is sealed in the log from the start; after forget no event, read model, outbox row or export holds it, also after rebuilding', async () => {
    const order = await placeOrder(HERMIINE, HERMIINE_ADDRESS, 'Palun helistage Hermiinele enne');
    const notify = await h.app.inject({
      method: 'POST',
      url: '/v1/stock-notification?lang=et',
      headers: { ...(await csrfHeaders(h.app)), 'content-type': 'application/json' },
      payload: { user_email: HERMIINE.email, product_id: productIdForCode('SHRED-SOLD-OUT'), quantity: 1 },
      remoteAddress: '10.45.0.9',
    });
    expect(notify.statusCode, notify.body).toBe(200);
    const kati = await sessions.signIn(h.app, 'kati', PASSWORD);
    const invoice = await h.app.inject({ method: 'POST', url: `/v1/admin/orders/${order.orderId}/invoice?lang=en`, headers: headersOf(kati) });
    expect(invoice.statusCode, invoice.body).toBe(202);
    await pipeline.caughtUp();
    await h.settle();

    // The log never held her data in the clear; every reader opens it.
    expect(await eventRowsContaining(NEEDLES)).toEqual([]);
    const placed = (await h.store.readStream(toOrderStreamId(order.orderId))).events;
    expect(placed[0]!.data).toMatchObject({ client: { firstName: 'Hermiine', email: HERMIINE.email, phone: expect.stringMatching(/5876.?5432/) }, comment: 'Palun helistage Hermiinele enne', delivery: { address: { street: 'Kaunase puiestee 77', city: 'Kuldnokasoo' } } });
    expect(placed.at(-1)).toMatchObject({ type: 'InvoiceSendRequested', data: { recipient: expect.stringMatching(/^hermiine\.vaarikas@naide\.ee$/i) } });
    expect(await tableRowsContaining(['vaarikas', 'hermiine.vaarikas@naide.ee', 'kuldnokasoo'])).toEqual(
      expect.arrayContaining([expect.stringMatching(/^rm_orders\.orders vaarikas/), expect.stringMatching(/^rm_clients\.clients/), expect.stringMatching(/^rm_stock_notifications\.requests hermiine/)]),
    );
    expect(await exportsOf(kati, order)).toContain('Vaarikas');

    // The mail outbox as the mail jobs leave it: the order's confirmation and her back-in-stock mail went out.
    const requestId = toStockNotificationStreamId(productIdForCode('SHRED-SOLD-OUT'), HERMIINE.email);
    for (const [kind, orderId] of [['order-confirmation', order.orderId], ['back-in-stock', requestId]] as const) {
      const eventId = randomUUID();
      await recordAttempt(h.db, { eventId, kind, orderId, recipient: 'hermiine.vaarikas@naide.ee', messageId: `<${eventId}@shop>` });
      await h.db.transaction().execute((trx) => markSent(trx, eventId, '250 OK queued for <hermiine.vaarikas@naide.ee>'));
    }

    const forget = await h.app.inject({ method: 'POST', url: `/v1/admin/clients/${hermiineId}/forget?lang=en`, headers: headersOf(kati) });
    expect(forget.statusCode, forget.body).toBe(200);
    await h.settle();
    const keys = await sql<{ n: number }>`select count(*)::int as n from personal_data.keys where subject = ${`client-${hermiineId}`}`.execute(h.db);
    expect(keys.rows[0]!.n).toBe(0);

    expect(await eventRowsContaining(NEEDLES)).toEqual([]);
    expect(await tableRowsContaining(NEEDLES)).toEqual([]);
    const exported = await exportsOf(kati, order);
    for (const needle of NEEDLES) expect(exported.toLowerCase(), needle).not.toContain(needle);
    // Readers get the blanks (the forgotten marker): the order keeps its rows and totals, the request its client id.
    const after = (await h.store.readStream(toOrderStreamId(order.orderId))).events;
    expect(after[0]!.data).toMatchObject({ client: { type: 'private', firstName: '', email: '', phone: '' }, comment: '', delivery: { address: { street: '', city: '' } }, totalCents: (placed[0]!.data as { totalCents: number }).totalCents });
    const request = (await h.store.readStream(requestId)).events[0]!;
    expect(request.data).toMatchObject({ email: '', forgottenClientId: hermiineId });

    for (const rm of READ_MODELS) await rebuildReadModel(h.db, h.store, rm);
    await h.settle();
    expect(await tableRowsContaining(NEEDLES)).toEqual([]);
    const cancelled = await sql<{ state: string }>`select state from rm_stock_notifications.requests where id = ${requestId}`.execute(h.db);
    expect(cancelled.rows).toEqual([{ state: 'cancelled' }]);
  }, 180_000);
});

describe('sealing the events stored in the clear, in place', () => {
  /** Appends an OrderPlaced in the old shape (personal fields in the clear), bypassing the sealing decorator. */
  async function appendClearOrder(raw: PostgresEventStore, template: Record<string, unknown>, client: Record<string, string>, street: string, number: number): Promise<string> {
    const orderId = randomUUID();
    const data = { ...template, orderId, number, publicToken: randomUUID().replaceAll('-', ''), client: { ...(template.client as object), ...client }, comment: `Kommentaar ${client.lastName}`, delivery: { ...(template.delivery as object), address: { street, apartment: '', city: 'Rakvere', state: '', areaCode: '44310', country: 'EE' } } };
    const streamId = toOrderStreamId(orderId);
    await raw.appendToStream(streamId, toNewEvents([{ type: 'OrderPlaced', data }], streamId, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now }), { expectedVersion: 'no_stream' });
    return orderId;
  }

  it('stopped half-way and run again: nothing clear is left, ids and positions stay, nothing is appended, read models rebuild identically', async () => {
    const raw = new PostgresEventStore(h.db);
    const { rows: templates } = await sql<{ order_id: string }>`select order_id from rm_orders.orders limit 1`.execute(h.db);
    const template = (await h.store.readStream(toOrderStreamId(templates[0]!.order_id))).events[0]!.data as Record<string, unknown>;
    const ottokar = { firstName: 'Ottokar', lastName: 'Mustikapuu', email: 'ottokar.mustikapuu@naide.ee', phone: '+37259990001' };
    const leopoldine = { firstName: 'Leopoldine', lastName: 'Pohlasmaa', email: 'leopoldine.pohlasmaa@naide.ee', phone: '+37259990002' };
    const ottokarOrder = await appendClearOrder(raw, template, ottokar, 'Mustika tee 5', 900_001);
    await appendClearOrder(raw, template, leopoldine, 'Pohla tee 9', 900_002);
    const requestStream = toStockNotificationStreamId(productIdForCode('SHRED-SOLD-OUT'), ottokar.email);
    await raw.appendToStream(requestStream, toNewEvents([{ type: 'StockNotificationRequested', data: { productId: productIdForCode('SHRED-SOLD-OUT'), email: ottokar.email, quantity: 2, language: 'et' } }], requestStream, { commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now }), { expectedVersion: 'no_stream' });
    // The readers take the old shape as it is: the clients register, the read models show them.
    await pipeline.caughtUp();
    await h.settle();
    const kati = await sessions.signIn(h.app, 'kati', PASSWORD);
    const leopoldineId = clientIdForEmail(leopoldine.email);
    expect((await h.app.inject({ method: 'POST', url: `/v1/admin/clients/${leopoldineId}/forget`, headers: headersOf(kati) })).statusCode).toBe(200);
    await h.settle();
    const clear = ['mustikapuu', 'mustika tee', 'pohlasmaa', 'pohla tee', '59990001', '59990002'];
    expect(await eventRowsContaining(clear)).toEqual(clear.map((n) => expect.stringMatching(new RegExp(`^${n}: `))));

    const snapshot = () =>
      sql<{ row: string }>`
        select concat_ws('|', global_position, transaction_id, stream_id, stream_position, event_id, event_type, metadata::text, created_at) as row
        from es_events order by global_position`.execute(h.db).then((r) => r.rows.map((x) => x.row));
    const before = await snapshot();
    const hashes = async () => Object.fromEntries(await Promise.all(READ_MODELS.map(async (rm) => [rm.name, await hashReadModel(h.db, rm)] as const)));
    const live = await hashes();

    // Stop after the first event sealed, one event per batch (the progress marker keeps the place).
    let first = { sealed: 0, done: false };
    while (!first.sealed) {
      first = await sealStoredEvents(h.db, { batchSize: 1, maxBatches: 1 });
      expect(first.done).toBe(false);
    }
    expect(first.sealed).toBe(1);
    expect((await eventRowsContaining(clear)).length).toBeGreaterThan(0);
    expect(await sealStoredEvents(h.db, { batchSize: 2 })).toEqual({ sealed: 2, done: true });
    expect(await sealStoredEvents(h.db, { batchSize: 2 })).toEqual({ sealed: 0, done: true });

    expect(await eventRowsContaining(clear)).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // Ottokar reads as before; Leopoldine, forgotten before the sealing, stays forgotten: no key was made for her.
    expect((await h.store.readStream(toOrderStreamId(ottokarOrder))).events[0]!.data).toMatchObject({ client: { lastName: 'Mustikapuu' }, delivery: { address: { street: 'Mustika tee 5' } } });
    const keys = await sql<{ n: number }>`select count(*)::int as n from personal_data.keys where subject = ${`client-${leopoldineId}`}`.execute(h.db);
    expect(keys.rows[0]!.n).toBe(0);

    for (const rm of READ_MODELS) await rebuildReadModel(h.db, h.store, rm);
    await h.settle();
    expect(await hashes()).toEqual(live);
  }, 180_000);
});
