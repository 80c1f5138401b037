/**
 * StockNotificationsList through `app.inject` on real PostgreSQL and Redis: GET
 * /v1/admin/stock-notifications (with its state filter) and DELETE /v1/admin/stock-notifications/{id} behind the
 * staff guard (401 without a session, 403 without `stock_notifications.edit`, CSRF), the cancel recorded with the
 * staff member, the read model keeping the cancelled request with its state, and the badge list (GET
 * /v1/stock-notification) holding only the waiting ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { toStockNotificationStreamId } from '../commands/stock-notification/request-stock-notification.js';
import { csrfHeaders } from './support/csrf.js';
import { productRow } from './support/order-test-kit.js';
import { createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const PASSWORD = 'Staff-Pass-2026!x';
let h: ShopHarness;
const sessions = createStaffSessions('stock-notif');
const ids: Record<string, string> = {};

type Browser = StaffBrowser;
const signedIn = (username: string): Promise<Browser> => sessions.signIn(h.app, username, PASSWORD);

const call = (b: Browser, method: 'GET' | 'DELETE', url: string) => h.app.inject({ method, url, headers: headersOf(b) });

async function requestNotification(email: string, code: string, quantity = 1) {
  const csrf = await csrfHeaders(h.app);
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/stock-notification?lang=et',
    headers: { ...csrf, 'content-type': 'application/json' },
    payload: { user_email: email, product_id: productIdForCode(code), quantity },
    remoteAddress: `10.30.0.${Math.floor(Math.random() * 200) + 1}`,
  });
  expect(res.statusCode).toBe(200);
  return toStockNotificationStreamId(productIdForCode(code), email);
}

beforeAll(async () => {
  h = await createShopHarness('admin_stock_notifications', { api: { sessions: sessions.deps() } });
  Object.assign(ids, await registerStaff(h.store, [['mari', ['CLIENT']], ['adam', ['ADMIN']]], { password: PASSWORD, now: h.clock.now }));
  await h.importCatalogRows([productRow('NOTIFY-1', { grossCents: 1000, stock: 0 }), productRow('NOTIFY-2', { grossCents: 2000, stock: 0 })]);
  await h.settle();
});

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

describe('DELETE /v1/admin/stock-notifications/{id}', () => {
  it('needs a session (401) and stock_notifications.edit (403), then cancels once and keeps the request as cancelled', async () => {
    const first = await requestNotification('ootaja@example.ee', 'NOTIFY-1', 3);
    h.clock.now = '2026-11-22T10:05:00.000Z';
    const second = await requestNotification('teine@example.ee', 'NOTIFY-2');
    await h.settle();
    const url = `/v1/admin/stock-notifications/${encodeURIComponent(first)}?lang=en`;

    const anonymous = await h.app.inject({ method: 'DELETE', url });
    expect(anonymous.statusCode).toBe(401);
    const adam = await signedIn('adam');
    const forbidden = await call(adam, 'DELETE', url);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ success: false, status: 'failure' });
    expect((await call(adam, 'GET', '/v1/admin/stock-notifications')).statusCode).toBe(403);

    const mari = await signedIn('mari');
    const listed = (await call(mari, 'GET', '/v1/admin/stock-notifications?lang=en')).json().data;
    expect(listed.map((r: { id: string; state: string }) => [r.id, r.state])).toEqual([
      [second, 'waiting'],
      [first, 'waiting'],
    ]);
    expect(listed[1]).toMatchObject({ email: 'ootaja@example.ee', productCode: 'NOTIFY-1', quantity: 3, language: 'et', closedAt: null });

    const cancelled = await call(mari, 'DELETE', url);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ success: true, data: { id: first, state: 'cancelled' } });
    const stream = await h.store.readStream(first);
    expect(stream.events.map((e) => e.type)).toEqual(['StockNotificationRequested', 'StockNotificationCancelled']);
    expect((stream.events[1]!.metadata as { userId?: string }).userId).toBe(ids.mari);

    const again = await call(mari, 'DELETE', url);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ code: 'stock_notification.not_waiting', message: 'This stock notification request was already sent or cancelled.' });
    const unknown = await call(mari, 'DELETE', `/v1/admin/stock-notifications/${encodeURIComponent(toStockNotificationStreamId(productIdForCode('NOTIFY-1'), 'keegi@example.ee'))}?lang=et`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].message).toBe('Laoteavituse soovi ei leitud.');
    expect((await call(mari, 'DELETE', '/v1/admin/stock-notifications/not-a-request')).statusCode).toBe(404);

    await h.settle();
    const byState = async (state: string) => (await call(mari, 'GET', `/v1/admin/stock-notifications?state=${state}`)).json().data.map((r: { id: string }) => r.id);
    expect(await byState('cancelled')).toEqual([first]);
    expect(await byState('waiting')).toEqual([second]);
    expect((await call(mari, 'GET', '/v1/admin/stock-notifications?state=bogus')).statusCode).toBe(400);
    const all = (await call(mari, 'GET', '/v1/admin/stock-notifications')).json().data;
    expect(all.find((r: { id: string }) => r.id === first)).toMatchObject({ state: 'cancelled', closedAt: expect.any(String) });
    // The badge: only the waiting request.
    expect((await call(mari, 'GET', '/v1/stock-notification')).json().data.map((r: { id: string }) => r.id)).toEqual([second]);
  });
});
