/**
 * The order's audit timeline (GET /v1/admin/history/order-{id}) on real PostgreSQL and Redis
 * through `app.inject`: a shopper places an order, one staff member marks it paid and another filled; the timeline
 * lists them newest first with their usernames ('shopper' for the placing), the before/after of `paid` and
 * `filled`, the subject '#number'; the folded state and every answered event carry none of the client's personal
 * data (name, e-mail, phone, address, comment) nor the public token; `orders.view` is needed besides `history.view`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { markOrderFilled } from '../commands/order/mark-order-filled.js';
import { markOrderPaid } from '../commands/order/mark-order-paid.js';
import { historySchema } from '../api/contracts/admin-history.js';
import { csrfHeaders } from './support/csrf.js';
import { checkoutBody, productRow } from './support/order-test-kit.js';
import { createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const PASSWORD = 'Staff-Pass-2026!x';
let h: ShopHarness;
const sessions = createStaffSessions('order-history');
const ids: Record<string, string> = {};
type Browser = StaffBrowser;
let order: { id: string; number: number; public_token: string };

const signedIn = (username: string): Promise<Browser> => sessions.signIn(h.app, username, PASSWORD);
const get = (b: Browser | null, url: string) => h.app.inject({ method: 'GET', url, headers: b ? headersOf(b) : {} });
const ctx = (userId: string | null) => ({ commandId: randomUUID(), correlationId: randomUUID(), userId, now: new Date().toISOString() });

beforeAll(async () => {
  h = await createShopHarness('admin_order_history', { api: { sessions: sessions.deps() } });
  Object.assign(ids, await registerStaff(h.store, [['mari', ['CLIENT']], ['carol', ['CLIENT']], ['adam', ['ADMIN']]], { password: PASSWORD, now: new Date().toISOString() }));
  await h.importCatalogRows([productRow('HIST-ORDER-1', { stock: 5, names: { et: 'Kütusefilter', en: 'Fuel filter' } })]);
  await h.settle();
  const csrf = await csrfHeaders(h.app);
  const placed = await h.app.inject({
    method: 'POST',
    url: '/v1/place-order?lang=et',
    payload: checkoutBody([{ product_id: productIdForCode('HIST-ORDER-1'), amount: 2 }], { order: { delivery_user_comment: 'Helistage enne' } as never }) as object,
    headers: csrf,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  order = placed.json().data.order;
  await markOrderPaid(h.store, { orderId: order.id }, ctx(ids.mari!));
  await markOrderFilled(h.store, { orderId: order.id }, ctx(ids.carol!));
}, 60_000);

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

describe('GET /v1/admin/history/order-{id} (audit timeline)', () => {
  it('lists placed, marked paid and filled with who and the before/after, newest first', async () => {
    const res = await get(await signedIn('mari'), `/v1/admin/history/order-${order.id}?lang=en`);
    expect(res.statusCode, res.body).toBe(200);
    const history = historySchema.parse(res.json().data);
    expect(history.kind).toBe('order');
    expect(history.subject).toBe(`#${order.number}`);
    const byType = new Map(history.events.map((e) => [e.type, e]));
    expect(history.events.map((e) => e.type).slice(0, 2)).toEqual(['OrderFilled', 'OrderMarkedPaid']);
    expect(history.events.at(-1)!.type).toBe('OrderPlaced');
    expect(byType.get('OrderMarkedPaid')!.actor).toMatchObject({ kind: 'staff', username: 'mari' });
    expect(byType.get('OrderMarkedPaid')!.changes).toContainEqual({ field: 'paid', before: false, after: true });
    expect(byType.get('OrderFilled')!.actor).toMatchObject({ kind: 'staff', username: 'carol' });
    expect(byType.get('OrderFilled')!.changes).toContainEqual({ field: 'filled', before: false, after: true });
    expect(byType.get('OrderPlaced')!.actor.kind).toBe('shopper');
    expect(history.state).toMatchObject({ number: order.number, paid: true, filled: true });
    expect((history.state as { rows: Record<string, string> }).rows).toEqual({ '1': expect.stringMatching(/^2 × HIST-ORDER-1 Kütusefilter à \d+ c$/) });
  });

  it('answers none of the client\'s personal data nor the public token', async () => {
    const res = await get(await signedIn('carol'), `/v1/admin/history/order-${order.id}?lang=et`);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    // The phone '+372 5555 5555' in both spellings; a bare '5555' also matches a version-5 UUID's '-5555-' by chance.
    for (const secret of ['Maasikas', 'mari@example.ee', '5555 5555', '55555555', 'Pikk 1', 'Helistage enne', order.public_token]) expect(body, secret).not.toContain(secret);
    const placed = res.json().data.events.find((e: { type: string }) => e.type === 'OrderPlaced');
    expect(placed.data.client).toEqual({ type: 'private' });
    expect(placed.data.rows.length).toBeGreaterThan(0);
  });

  it('needs orders.view besides history.view: 403 for an administrator without it, 401 without a session', async () => {
    expect((await get(null, `/v1/admin/history/order-${order.id}`)).statusCode).toBe(401);
    const forbidden = await get(await signedIn('adam'), `/v1/admin/history/order-${order.id}?lang=en`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ success: false, status: 'failure' });
  });
});
