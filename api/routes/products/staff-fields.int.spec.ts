/**
 * Staff fields (spec 4, 6): `fieldsPreset=frontEdit` on GET /v1/products and GET /product/view/{id}. A guest's frontEdit
 * is ignored (no `staff` details, an inaccessible product stays 404, no session cookie set); a signed-in staff user
 * with `products.view` gets each product's `staff` details (visibility, critical stock level, low stock) and may
 * open an inaccessible product's page; listings stay as they are (no hidden products).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdForCode } from '../../../commands/catalog/catalog-csv.js';
import { setCriticalStockLevel } from '../../../commands/product/set-critical-stock-level.js';
import { setProductVisibility } from '../../../commands/product/set-product-visibility.js';
import { SESSION_COOKIE } from '../../plugins/sessions.js';
import { cookieOf, registerStaff, signInStaff } from '../../../tests/support/staff-session.js';
import { createShopHarness, type ShopHarness } from '../../../tests/support/shop-harness.js';

const fixture = path.resolve(__dirname, '../../../tests/fixtures/small-catalog.csv');
const PASSWORD = 'Staff-Pass-2026!x';
let h: ShopHarness;
let staffCookie = '';

const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: 'staff-1', now: h.clock.now });
const get = async (url: string, cookie?: string) => {
  const res = await h.app.inject({ url, headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
};

beforeAll(async () => {
  h = await createShopHarness('staff_fields');
  await h.importFile(fixture);
  await registerStaff(h.store, [['carol', ['CLIENT']]], { password: PASSWORD, now: h.clock.now });
  // BF 1018/1 has 4 in stock: at its critical level of 4 it is low; GB 200 hidden, GSK 100 inaccessible.
  await setCriticalStockLevel(h.store, { productId: productIdForCode('BF 1018/1'), level: 4 }, ctx());
  await setProductVisibility(h.store, { productId: productIdForCode('GB 200'), rule: { type: 'static', state: 'hidden' } }, ctx());
  await setProductVisibility(h.store, { productId: productIdForCode('GSK 100'), rule: { type: 'static', state: 'inaccessible' } }, ctx());
  await h.settle();
  staffCookie = cookieOf(await signInStaff(h.app, 'carol', PASSWORD));
});
afterAll(async () => {
  await h?.close();
});

describe('fieldsPreset=frontEdit', () => {
  it('is ignored for a guest: no staff details, no inaccessible product, no cookie', async () => {
    const list = await get('/v1/products?fieldsPreset=frontEdit&pageSize=24');
    expect(list.status).toBe(200);
    expect(list.body.data.results.length).toBeGreaterThan(0);
    for (const p of list.body.data.results) expect(p).not.toHaveProperty('staff');
    expect(list.headers['set-cookie']).toBeUndefined();
    const view = await get(`/product/view/${productIdForCode('GB 200')}?fieldsPreset=frontEdit`);
    expect(view.status).toBe(200);
    expect(view.body.data).not.toHaveProperty('staff');
    expect(view.headers['set-cookie']).toBeUndefined();
    expect((await get(`/product/view/${productIdForCode('GSK 100')}?fieldsPreset=frontEdit`)).status).toBe(404);
    // A cookie naming no session is a guest too.
    expect((await get(`/product/view/${productIdForCode('GSK 100')}?fieldsPreset=frontEdit`, `${SESSION_COOKIE}=forged.value`)).status).toBe(404);
  });

  it('gives staff the details: low stock, visibility, and the inaccessible product page; listings unchanged', async () => {
    const list = await get('/v1/products?fieldsPreset=frontEdit&pageSize=24', staffCookie);
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    const codes = list.body.data.results.map((p: { code1: string }) => p.code1);
    expect(codes).not.toContain('GB 200');
    expect(codes).not.toContain('GSK 100');
    const bf = list.body.data.results.find((p: { code1: string }) => p.code1 === 'BF 1018/1');
    expect(bf.staff).toEqual({ visibility: 'visible', criticalStockLevel: 4, firstStockAmount: '4.000', lowStock: true });
    for (const p of list.body.data.results) expect(p.staff).toBeDefined();

    const hidden = await get(`/product/view/${productIdForCode('GB 200')}?fieldsPreset=frontEdit`, staffCookie);
    expect(hidden.body.data.staff).toMatchObject({ visibility: 'hidden', lowStock: false });
    const inaccessible = await get(`/product/view/${productIdForCode('GSK 100')}?fieldsPreset=frontEdit`, staffCookie);
    expect(inaccessible.status).toBe(200);
    expect(inaccessible.body.data.staff.visibility).toBe('inaccessible');
    // Without frontEdit staff see what everyone sees.
    expect((await get(`/product/view/${productIdForCode('GSK 100')}`, staffCookie)).status).toBe(404);
    expect((await get(`/product/view/${productIdForCode('GB 200')}`, staffCookie)).body.data).not.toHaveProperty('staff');
  });
});
