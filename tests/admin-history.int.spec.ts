/**
 * The audit timeline (spec 2 "Admin area", spec 6 "Roles and permissions"): GET /v1/admin/history/{stream} on real PostgreSQL and Redis through `app.inject`:
 * a stock stream with a receive by one staff member and a count by another shows newest first with their usernames
 * and the before/after of the warehouse's onHand; `asOf` between them shows only the receive and the state then;
 * paging; 401 without a session, 403 without the permission (and for a `user-` stream without `users.manage`); a bad
 * stream name or time 400, an empty stream 404; a user stream never holds the password hash.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { countStock } from '../commands/stock/count-stock.js';
import { receiveStock } from '../commands/stock/receive-stock.js';
import { requestStockNotification, toStockNotificationStreamId } from '../commands/stock-notification/request-stock-notification.js';
import { seedWarehouses } from '../commands/warehouse/seed-warehouses.js';
import { historySchema } from '../api/contracts/admin-history.js';
import { productRow } from './support/order-test-kit.js';
import { createStaffSessions, headersOf, registerStaff, type StaffBrowser } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const PASSWORD = 'Staff-Pass-2026!x';
const T1 = '2026-11-22T10:00:00.000Z';
const T2 = '2026-11-22T12:00:00.000Z';
const CODE = 'BF1018/1';
const productId = productIdForCode(CODE);
let h: ShopHarness;
const sessions = createStaffSessions('history');
const ids: Record<string, string> = {};
type Browser = StaffBrowser;

const signedIn = (username: string): Promise<Browser> => sessions.signIn(h.app, username, PASSWORD);
const get = (b: Browser | null, url: string) => h.app.inject({ method: 'GET', url, headers: b ? headersOf(b) : {} });
const history = async (b: Browser, url: string) => {
  const res = await get(b, url);
  expect(res.statusCode, res.body).toBe(200);
  return historySchema.parse(res.json().data);
};
const ctx = (userId: string | null, now: string) => ({ commandId: randomUUID(), correlationId: randomUUID(), userId, now });

beforeAll(async () => {
  h = await createShopHarness('admin_history', { api: { sessions: sessions.deps() } });
  const users: [string, ('ADMIN' | 'CLIENT')[]][] = [
    ['mari.maasikas', ['ADMIN', 'CLIENT']],
    ['carol', ['CLIENT']],
    ['ada', ['ADMIN']],
    ['nobody', []],
  ];
  Object.assign(ids, await registerStaff(h.store, users, { password: PASSWORD, now: T1 }));
  await seedWarehouses(h.store, T1);
  await h.importCatalogRows([productRow(CODE)]);
  await receiveStock(h.store, { productId, warehouseId: 'tallinn', quantity: 4 }, ctx(ids['mari.maasikas']!, T1));
  await countStock(h.store, { productId, warehouseId: 'tallinn', quantity: 14 }, ctx(ids.carol!, T2));
  await h.settle();
}, 60_000);

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

describe('GET /v1/admin/history/{stream} (the audit timeline)', () => {
  it('shows a stock stream newest first: who by username, the before/after of onHand, the product code and warehouse name', async () => {
    const mari = await signedIn('mari.maasikas');
    const h1 = await history(mari, `/v1/admin/history/stock-${productId}?lang=en`);
    expect(h1).toMatchObject({ stream: `stock-${productId}`, kind: 'stock', subject: CODE, asOf: null, version: 2, nextBefore: null });
    expect(h1.warehouses.tallinn).toBe('Tallinn');
    expect(h1.events.map((e) => e.type)).toEqual(['StockCounted', 'StockReceived']);
    const [count, receive] = h1.events;
    expect(count).toMatchObject({ streamPosition: 2, time: T2, actor: { kind: 'staff', userId: ids.carol, username: 'carol' }, data: { quantity: 14, onHand: 14 } });
    expect(count!.changes).toEqual([{ field: 'onHand.tallinn', before: 4, after: 14 }]);
    expect(receive).toMatchObject({ streamPosition: 1, time: T1, actor: { kind: 'staff', username: 'mari.maasikas' } });
    expect(receive!.changes).toContainEqual({ field: 'onHand.tallinn', before: null, after: 4 });
    expect(receive!.metadata).toMatchObject({ userId: ids['mari.maasikas'], correlationId: expect.any(String), causationId: expect.any(String) });
    expect(BigInt(count!.globalPosition)).toBeGreaterThan(BigInt(receive!.globalPosition));
    expect(h1.state).toMatchObject({ onHand: { tallinn: 14 } });
  });

  it('as of a time between the receive and the count: only the receive, and the state then', async () => {
    const mari = await signedIn('mari.maasikas');
    const then = await history(mari, `/v1/admin/history/stock-${productId}?asOf=${encodeURIComponent('2026-11-22T13:00:00+02:00')}`);
    expect(then.asOf).toBe('2026-11-22T11:00:00.000Z');
    expect(then.events.map((e) => e.type)).toEqual(['StockReceived']);
    expect(then.state).toMatchObject({ onHand: { tallinn: 4 } });
    expect(then.version).toBe(2);
    const before = await history(mari, `/v1/admin/history/stock-${productId}?asOf=2026-11-22T09:00:00Z`);
    expect(before.events).toEqual([]);
    expect(before.state).toEqual({});
  });

  it('pages a long stream with `before`', async () => {
    const mari = await signedIn('mari.maasikas');
    const first = await history(mari, `/v1/admin/history/stock-${productId}?limit=1`);
    expect(first.events.map((e) => e.streamPosition)).toEqual([2]);
    expect(first.nextBefore).toBe(2);
    const next = await history(mari, `/v1/admin/history/stock-${productId}?limit=1&before=2`);
    expect(next.events.map((e) => e.streamPosition)).toEqual([1]);
    expect(next.events[0]!.changes).toContainEqual({ field: 'onHand.tallinn', before: null, after: 4 });
    expect(next.nextBefore).toBeNull();
  });

  it('answers 401 without a session and 403 without the permission', async () => {
    const url = `/v1/admin/history/stock-${productId}?lang=en`;
    const anonymous = await get(null, url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().success).toBe(false);
    const nobody = await get(await signedIn('nobody'), url);
    expect(nobody.statusCode).toBe(403);
    expect(nobody.json().errors[0].code).toBe('forbidden');
    const carol = await signedIn('carol');
    expect((await get(carol, url)).statusCode).toBe(200);
    // Shop staff without ADMIN do not read staff accounts' histories.
    const users = await get(carol, `/v1/admin/history/user-${ids['mari.maasikas']}?lang=en`);
    expect(users.statusCode).toBe(403);
    expect(users.json().message).toBe("You don't have permission to access this resource, please contact your admin.");
  });

  it('answers a bad stream name or time 400 and a stream without events 404, in the envelope', async () => {
    const mari = await signedIn('mari.maasikas');
    for (const stream of ['page-1', 'stock-', '%24all', 'stock-a%20b', 'user-1%27--', 'setup-demo-catalog']) {
      const res = await get(mari, `/v1/admin/history/${stream}?lang=en`);
      expect(res.statusCode, stream).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'history.stream_invalid', field: 'stream' }] });
      expect(res.json().message).toMatch(/Unknown history stream/);
    }
    const time = await get(mari, `/v1/admin/history/stock-${productId}?asOf=yesterday&lang=en`);
    expect(time.statusCode).toBe(400);
    expect(time.json().errors[0]).toMatchObject({ code: 'history.as_of_invalid', field: 'asOf' });
    const missing = await get(mari, `/v1/admin/history/stock-${randomUUID()}?lang=en`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe('history.not_found');
  });

  it("keeps each area's timeline to those who may view it; a stock-notification stream is no stock stream", async () => {
    const email = 'ootan.kaupa@example.ee';
    await requestStockNotification(h.store, { productId, email, quantity: 2, language: 'et' }, ctx(null, T2));
    const notification = toStockNotificationStreamId(productId, email);
    const ada = await signedIn('ada'); // ADMIN only: users and warehouses, no shop area
    for (const b of [ada, await signedIn('carol')]) {
      const leak = await get(b, `/v1/admin/history/${notification}?lang=en`);
      expect(leak.statusCode).toBe(400);
      expect(leak.json().errors[0]).toMatchObject({ code: 'history.stream_invalid', field: 'stream' });
      expect(leak.body).not.toContain(email);
    }
    for (const stream of [`stock-${productId}`, `product-${productId}`]) {
      const res = await get(ada, `/v1/admin/history/${stream}?lang=en`);
      expect(res.statusCode, stream).toBe(403);
      expect(res.json().errors[0].code).toBe('forbidden');
    }
    // The ADMIN's own area stays open to them.
    expect((await get(ada, `/v1/admin/history/user-${ids.carol}?lang=en`)).statusCode).toBe(200);
  });

  it('shows a user stream with the roles changed by an administrator, and never the password hash', async () => {
    const mari = await signedIn('mari.maasikas');
    const put = await h.app.inject({ method: 'PUT', url: `/v1/admin/users/${ids.carol}`, headers: { ...headersOf(mari), 'content-type': 'application/json' }, payload: { roles: ['ADMIN', 'CLIENT'] } });
    expect(put.statusCode).toBe(200);
    const pw = await h.app.inject({ method: 'POST', url: `/v1/admin/users/${ids.carol}/password`, headers: { ...headersOf(mari), 'content-type': 'application/json' }, payload: { password: 'Another-Pass-2027?y', confirm: 'Another-Pass-2027?y' } });
    expect(pw.statusCode).toBe(200);
    const res = await get(mari, `/v1/admin/history/user-${ids.carol}?lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/argon2|passwordHash/i);
    const timeline = historySchema.parse(res.json().data);
    expect(timeline.subject).toBe('carol');
    expect(timeline.events.map((e) => e.type)).toEqual(expect.arrayContaining(['PasswordChanged', 'RoleGranted', 'UserSignedIn', 'UserCreated']));
    const granted = timeline.events.find((e) => e.type === 'RoleGranted')!;
    expect(granted.actor).toMatchObject({ kind: 'staff', username: 'mari.maasikas' });
    expect(granted.changes).toEqual([{ field: 'roles', before: ['CLIENT'], after: ['ADMIN', 'CLIENT'] }]);
    const created = timeline.events.find((e) => e.type === 'UserCreated')!;
    expect(created.actor).toEqual({ kind: 'system', userId: null, username: null });
    expect(created.data).toMatchObject({ username: 'carol', roles: ['CLIENT'] });
  });
});
