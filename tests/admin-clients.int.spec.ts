/**
 * Clients through `app.inject` on real PostgreSQL and Redis, with the client-registration process manager
 * and its BullMQ job running as the worker role runs them: shoppers' orders make clients (one per e-mail address in
 * any letter case), ClientList's search and filters, ClientEdit's read, save (the version it read; 409 naming who
 * changed it), field errors in the request's language, 'forget this client' (no name, e-mail or phone left in any
 * read model table, also after rebuilding every read model; the client's key deleted; the stored client events
 * never held them in the clear), the audit timeline of the client stream, and the guard (401, 403, CSRF, garbage).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { clientIdForEmail } from '../commands/client/client-streams.js';
import { setupDelivery } from '../commands/delivery/setup-delivery.js';
import { toClientStreamId } from '../domain/client/client.js';
import { rebuildReadModel } from '../projections/read-model.js';
import { READ_MODELS } from '../projections/read-models.js';
import { createRecordClientOrderProcessor } from '../workers/jobs/record-client-order.js';
import { type ClientPipeline, startClientPipeline } from './support/client-pipeline.js';
import { csrfHeaders } from './support/csrf.js';
import { checkoutBody, productRow } from './support/order-test-kit.js';
import { createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const PASSWORD = 'Staff-Pass-2026!x';
let h: ShopHarness;
let pipeline: ClientPipeline;
const sessions = createStaffSessions('clients');
const users: Record<string, string> = {};

type Browser = StaffBrowser;
const signedIn = (username: string): Promise<Browser> => sessions.signIn(h.app, username, PASSWORD);

const call = (b: Browser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  h.app.inject({ method, url, headers: { ...headersOf(b), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function placeOrder(client: Record<string, string>, amount = 1, order: Record<string, string> = {}) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/place-order?lang=et',
    headers: { ...(await csrfHeaders(h.app)), 'content-type': 'application/json' },
    payload: checkoutBody([{ product_id: productIdForCode('CLIENT-1'), amount }], { client: client as never, order: order as never }) as object,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order as { number: number; total?: unknown };
}

/** Rows of every read-model table (every `rm_*` schema) whose text contains `needle` (case-insensitive). */
async function readModelRowsContaining(needle: string): Promise<string[]> {
  const { rows: tables } = await sql<{ schema: string; table: string }>`
    select table_schema as schema, table_name as "table" from information_schema.tables
    where table_schema like 'rm\\_%' and table_type = 'BASE TABLE' order by 1, 2`.execute(h.db);
  expect(tables.length).toBeGreaterThan(10);
  const hits: string[] = [];
  for (const t of tables) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(t.schema, t.table)} x where x::text ilike ${`%${needle}%`}`.execute(h.db);
    if (rows[0]!.n > 0) hits.push(`${t.schema}.${t.table}: ${rows[0]!.n}`);
  }
  return hits;
}

const MARI = { client_type: 'private', first_name: 'Mari', last_name: 'Maasikas', email: 'Mari.Maasikas@Example.ee', phone: '+372 5123 4567', vat_reg_nr: '' };
const mariId = clientIdForEmail('mari.maasikas@example.ee');

beforeAll(async () => {
  h = await createShopHarness('admin_clients', { api: { sessions: sessions.deps(), vatRatePercent: 24 } });
  Object.assign(users, await registerStaff(h.store, [['kati', ['CLIENT']], ['peeter', ['CLIENT']], ['adam', ['ADMIN']]], { password: PASSWORD, now: h.clock.now }));
  await h.importCatalogRows([productRow('CLIENT-1', { grossCents: 1240, stock: 50 }), productRow('CLIENT-SOLD-OUT', { grossCents: 990, stock: 0 })]);
  await setupDelivery(h.store, h.clock.now);
  await h.settle();
  pipeline = await startClientPipeline(h, () => h.clock.now);
});

afterAll(async () => {
  await pipeline?.stop();
  await h?.close();
  await sessions.cleanup();
});

describe('clients from orders', () => {
  it('two orders with the same e-mail in another case make one client with order count 2; another address another client', async () => {
    await placeOrder(MARI, 1);
    await placeOrder({ ...MARI, email: '  mari.maasikas@EXAMPLE.EE ' }, 2);
    await placeOrder({ client_type: 'business', first_name: '', last_name: '', business_name: 'Rehv ja Veljed OÜ', email: 'info@rehv.ee', phone: '5555 0000', vat_reg_nr: 'EE100200300' }, 1, { short_contact_address: 'Tartu mnt 5, Tallinn' });
    await pipeline.caughtUp();
    await h.settle();
    const kati = await signedIn('kati');
    const list = await call(kati, 'GET', '/v1/admin/clients?lang=en');
    expect(list.statusCode, list.body).toBe(200);
    const data = list.json().data;
    expect(data.total).toBe(2);
    const mari = data.clients.find((c: { id: string }) => c.id === mariId);
    // The details come from the order whose job ran first (jobs run concurrently): the address in either case.
    expect(mari).toMatchObject({ first_name: 'Mari', last_name: 'Maasikas', order_count: 2, customer_type: 'private', forgotten: false });
    expect(mari.email.toLowerCase()).toBe('mari.maasikas@example.ee');
    // 1 + 2 units of 12.40 with VAT (courier postage is a separate, zero-priced line in the test catalog or none).
    expect(mari.total_spent_cents).toBeGreaterThanOrEqual(3 * 1240);
    const business = data.clients.find((c: { id: string }) => c.id === clientIdForEmail('info@rehv.ee'));
    expect(business).toMatchObject({ customer_type: 'business', business_name: 'Rehv ja Veljed OÜ', order_count: 1 });
  });

  it('a redelivered job or a replayed OrderPlaced makes no twin and counts no order twice', async () => {
    const { events } = await h.store.readAll({ eventTypes: ['OrderPlaced'], maxCount: 100 });
    expect(events.length).toBe(3);
    const processor = createRecordClientOrderProcessor({ store: h.store, db: h.db, now: () => h.clock.now });
    for (const e of events) expect((await processor({ eventId: e.id, orderId: (e.data as { orderId: string }).orderId })).recorded).toBe(0);
    await h.settle();
    const kati = await signedIn('kati');
    const data = (await call(kati, 'GET', '/v1/admin/clients')).json().data;
    expect(data.total).toBe(2);
    expect(data.clients.find((c: { id: string }) => c.id === mariId).order_count).toBe(2);
  });

  it('ClientList searches name, business name, e-mail and phone (any spacing), filters by type and pages', async () => {
    const kati = await signedIn('kati');
    const ids = async (query: string) => ((await call(kati, 'GET', `/v1/admin/clients?${query}`)).json().data.clients as { id: string }[]).map((c) => c.id);
    const rehv = clientIdForEmail('info@rehv.ee');
    expect(await ids('q=maasikas')).toEqual([mariId]);
    expect(await ids('q=MARI%20maas')).toEqual([mariId]);
    expect(await ids('q=rehv%20veljed')).toEqual([rehv]);
    expect(await ids('q=example.ee')).toEqual([mariId]);
    expect(await ids(`q=${encodeURIComponent('51234567')}`)).toEqual([mariId]);
    expect(await ids(`q=${encodeURIComponent('5123-4567')}`)).toEqual([mariId]);
    expect(await ids('q=nobody')).toEqual([]);
    expect(await ids('q=%25')).toEqual([]);
    expect(await ids('type=business')).toEqual([rehv]);
    expect(await ids('type=private')).toEqual([mariId]);
    const page = (await call(kati, 'GET', '/v1/admin/clients?page=2&pageSize=24')).json().data;
    expect(page).toMatchObject({ clients: [], total: 2, page: 2, pageSize: 24 });
  });
});

describe('ClientEdit', () => {
  it('reads the fields, the orders (newest first) and the version; saves a phone with the version read, recording who', async () => {
    const kati = await signedIn('kati');
    const res = await call(kati, 'GET', `/v1/admin/clients/${mariId}`);
    expect(res.statusCode).toBe(200);
    const client = res.json().data;
    expect(client).toMatchObject({ id: mariId, first_name: 'Mari', phone: '+372 5123 4567', version: 2, order_count: 2, forgotten: false });
    expect(client.address).toEqual({ street: 'Pikk 1', apartment: '', city: 'Tallinn', state: 'Harjumaa', area_code: '10123', country: 'EE' });
    expect(client.orders).toHaveLength(2);
    expect(client.orders[0].number).toBeGreaterThan(client.orders[1].number);
    const { id: _id, version, orders: _o, ...rest } = client;
    const form = { customer_type: rest.customer_type, first_name: rest.first_name, last_name: rest.last_name, business_name: rest.business_name, email: rest.email, phone: '+372 5999 8888', vat_reg_nr: '', address: rest.address };
    const saved = await call(kati, 'PUT', `/v1/admin/clients/${mariId}?lang=en`, { ...form, version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ phone: '+37259998888', version: 3 });
    const { events } = await h.store.readStream(toClientStreamId(mariId));
    expect(events.at(-1)).toMatchObject({ type: 'ClientDetailsChanged', data: { changed: ['phone'] }, metadata: { userId: users.kati } });
    // The list follows at once (the save answers once the read model applied it).
    const listed = (await call(kati, 'GET', '/v1/admin/clients?q=59998888')).json().data.clients;
    expect(listed.map((c: { id: string }) => c.id)).toEqual([mariId]);

    // A second staff member saving with the old version: 409 naming who changed it; nothing written.
    const peeter = await signedIn('peeter');
    const stale = await call(peeter, 'PUT', `/v1/admin/clients/${mariId}?lang=en`, { ...form, phone: '+372 5000 0000', version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0]).toMatchObject({ code: 'client.changed_meanwhile' });
    expect(stale.json().errors[0].message).toContain('kati');
    expect((await h.store.readStream(toClientStreamId(mariId))).version).toBe(3n);
  });

  it('refuses bad fields all at once in the request language, and a body that is not the form', async () => {
    const kati = await signedIn('kati');
    const client = (await call(kati, 'GET', `/v1/admin/clients/${mariId}`)).json().data;
    const form = { customer_type: 'private', first_name: '', last_name: 'Maasikas', business_name: '', email: 'a@x.ee, b@x.ee', phone: '12', vat_reg_nr: 'X', address: client.address, version: client.version };
    const et = await call(kati, 'PUT', `/v1/admin/clients/${mariId}?lang=et`, form);
    expect(et.statusCode).toBe(400);
    expect(et.json().errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual([
      ['first_name', 'client.required'],
      ['email', 'client.email_invalid'],
      ['phone', 'client.phone_invalid'],
      ['vat_reg_nr', 'client.vat_reg_nr_invalid'],
    ]);
    expect(et.json().errors[0].message).toBe('Kohustuslik');
    const en = await call(kati, 'PUT', `/v1/admin/clients/${mariId}?lang=en`, form);
    expect(en.json().errors[1].message).toBe('Enter one valid e-mail address.');
    for (const garbage of [{}, { ...form, version: 'x' }, { ...form, customer_type: 'alien' }, { ...form, first_name: 'a\u0000b' }, { ...form, first_name: 'x'.repeat(500) }, [1, 2], { ...form, address: 'Pikk 1' }]) {
      const res = await call(kati, 'PUT', `/v1/admin/clients/${mariId}?lang=en`, garbage);
      expect(res.statusCode, JSON.stringify(garbage).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: 'failure' });
    }
    expect((await call(kati, 'GET', '/v1/admin/clients/not-a-uuid?lang=en')).statusCode).toBe(400);
    expect((await call(kati, 'GET', `/v1/admin/clients/${randomUUID()}?lang=en`)).json()).toMatchObject({ errors: [{ code: 'client.not_found', message: 'The client was not found.' }] });
    for (const q of ['type=alien', 'page=0', 'page=x', 'pageSize=7', `q=${'x'.repeat(300)}`, 'q=%00']) {
      const res = await call(kati, 'GET', `/v1/admin/clients?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().status).toBe('failure');
    }
    expect((await h.store.readStream(toClientStreamId(mariId))).version).toBe(BigInt(client.version));
  });

  it('the audit timeline of the client stream shows each step with who and the changed phone', async () => {
    const kati = await signedIn('kati');
    const res = await call(kati, 'GET', `/v1/admin/history/client-${mariId}?lang=en`);
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json().data;
    expect(history).toMatchObject({ kind: 'client', subject: 'Mari Maasikas' });
    expect(history.events.map((e: { type: string }) => e.type)).toEqual(['ClientDetailsChanged', 'ClientOrderLinked', 'ClientRegistered']);
    expect(history.events[0].actor).toMatchObject({ kind: 'staff', username: 'kati' });
    expect(history.events[0].changes).toEqual([{ field: 'details.phone', before: '+372 5123 4567', after: '+37259998888' }]);
    expect(JSON.stringify(history)).not.toContain('"personal"');
    const adam = await signedIn('adam');
    expect((await call(adam, 'GET', `/v1/admin/history/client-${mariId}`)).statusCode).toBe(403);
  });
});

describe('forget this client', () => {
  it('leaves no name, e-mail or phone in any read model, also after rebuilding them all; the key is gone; the stream never held them', async () => {
    // Mari also asked to be told when a sold-out product is back (her address in another letter case).
    const notify = await h.app.inject({
      method: 'POST',
      url: '/v1/stock-notification?lang=et',
      headers: { ...(await csrfHeaders(h.app)), 'content-type': 'application/json' },
      payload: { user_email: 'MARI.Maasikas@example.EE', product_id: productIdForCode('CLIENT-SOLD-OUT'), quantity: 1 },
      remoteAddress: '10.44.0.9',
    });
    expect(notify.statusCode, notify.body).toBe(200);
    await h.settle();
    expect(await readModelRowsContaining('maasikas')).toEqual(expect.arrayContaining([expect.stringMatching(/^rm_stock_notifications/)]));
    const kati = await signedIn('kati');
    const res = await call(kati, 'POST', `/v1/admin/clients/${mariId}/forget?lang=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: mariId, forgotten: true, first_name: '', last_name: '', email: '', phone: '', order_count: 2 });
    const { events } = await h.store.readStream(toClientStreamId(mariId));
    expect(events.at(-1)).toMatchObject({ type: 'ClientForgotten', metadata: { userId: users.kati } });
    // The client's events never held the personal data in the clear, and the key that opened them is deleted.
    const stored = JSON.stringify(events.map((e) => e.data));
    for (const needle of ['Maasikas', 'example.ee', '5123', '59998888', 'Pikk']) expect(stored).not.toContain(needle);
    const keys = await sql<{ n: number }>`select count(*)::int as n from personal_data.keys where subject = ${`client-${mariId}`}`.execute(h.db);
    expect(keys.rows[0]!.n).toBe(0);

    await h.settle();
    // (The test orders all go to Pikk 1, so the street is no needle: the other client's orders keep it.)
    const needles = ['maasikas', 'mari.maasikas@example.ee', '5123 4567', '51234567', '59998888'];
    for (const needle of needles) expect(await readModelRowsContaining(needle), needle).toEqual([]);
    // The other client keeps everything.
    expect(await readModelRowsContaining('info@rehv.ee')).not.toEqual([]);
    // Her back-in-stock request is cancelled, so no mail goes to the forgotten address.
    const waiting = await sql<{ n: number }>`select count(*)::int as n from rm_stock_notifications.requests where state = 'waiting'`.execute(h.db);
    expect(waiting.rows[0]!.n).toBe(0);

    for (const rm of READ_MODELS) await rebuildReadModel(h.db, h.store, rm);
    await h.settle();
    for (const needle of needles) expect(await readModelRowsContaining(needle), `${needle} after rebuild`).toEqual([]);

    const list = (await call(kati, 'GET', '/v1/admin/clients?type=private')).json().data.clients;
    expect(list).toEqual([expect.objectContaining({ id: mariId, forgotten: true, first_name: '', email: '', order_count: 2 })]);
    // A forgotten client cannot be edited; forgetting again changes nothing.
    const edit = await call(kati, 'PUT', `/v1/admin/clients/${mariId}?lang=en`, { customer_type: 'private', first_name: 'Mari', last_name: 'M', business_name: '', email: 'm@example.ee', phone: '5555555', vat_reg_nr: '', address: { street: '', apartment: '', city: '', state: '', area_code: '', country: '' }, version: Number(events.length) });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().errors[0].code).toBe('client.forgotten');
    expect((await call(kati, 'POST', `/v1/admin/clients/${mariId}/forget`)).statusCode).toBe(200);
    expect((await h.store.readStream(toClientStreamId(mariId))).version).toBe(BigInt(events.length));
    // The timeline still shows the steps, with the personal data gone.
    const history = (await call(kati, 'GET', `/v1/admin/history/client-${mariId}?lang=en`)).json().data;
    expect(history.events[0].type).toBe('ClientForgotten');
    expect(JSON.stringify(history)).not.toMatch(/maasikas|5123|59998888/i);
  }, 180_000);

  it('a new order with the forgotten address registers the client afresh', async () => {
    h.clock.now = '2026-11-23T10:00:00.000Z';
    await placeOrder({ ...MARI, first_name: 'Mari-Liis' }, 1);
    await pipeline.caughtUp();
    await h.settle();
    const kati = await signedIn('kati');
    const client = (await call(kati, 'GET', `/v1/admin/clients/${mariId}`)).json().data;
    expect(client).toMatchObject({ forgotten: false, first_name: 'Mari-Liis', order_count: 1 });
  });
});

describe('the guard', () => {
  it('401 without a session, 403 without clients permissions, 403 without the CSRF token', async () => {
    for (const [method, url] of [
      ['GET', '/v1/admin/clients'],
      ['GET', `/v1/admin/clients/${mariId}`],
      ['PUT', `/v1/admin/clients/${mariId}`],
      ['POST', `/v1/admin/clients/${mariId}/forget`],
    ] as const) {
      const anonymous = await h.app.inject({ method, url, headers: await csrfHeaders(h.app) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    const adam = await signedIn('adam');
    expect((await call(adam, 'GET', '/v1/admin/clients')).statusCode).toBe(403);
    expect((await call(adam, 'POST', `/v1/admin/clients/${mariId}/forget`)).statusCode).toBe(403);
    const kati = await signedIn('kati');
    const noCsrf = await h.app.inject({ method: 'POST', url: `/v1/admin/clients/${mariId}/forget`, headers: { cookie: kati.session! } });
    expect(noCsrf.statusCode).toBe(403);
  });
});
