/**
 * The category tree editor api on real PostgreSQL and Redis: spec 7's POST /category/create,
 * /category/update/{id} and /category/delete/{id} (form data with the CSRF parameter), their envelopes (status
 * 'success' with model.id, or errors in the request's language), the decider's cycle refusal, sibling positions,
 * hide/show, search keywords, deletes refused while a category has subcategories or products, the staff user in
 * every event's metadata, the storefront's GET /v1/categories following at once (names, URLs, moves, hidden), GET
 * /v1/admin/categories, and the guard: no session 401, no CSRF 403, no products.edit 403, garbage 400.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriseProduct } from '../commands/product/categorise-product.js';
import { createProduct } from '../commands/product/create-product.js';
import { userIdForUsername } from '../commands/user/user-accounts.js';
import type { AdminCategory } from '../api/contracts/admin-categories.js';
import type { CategoryNode } from '../api/contracts/catalog.js';
import type { CsrfHeaders } from './support/csrf.js';
import { cookieOf, createStaffSessions, registerStaff } from './support/staff-session.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { patience } from './support/patience.js';

const PASSWORD = 'Kategooria-Pass-2026!';
let h: ShopHarness;
const sessions = createStaffSessions('categories');
const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });

interface Browser {
  csrf: CsrfHeaders;
  cookie: string;
}
/** Signs `username` in; what its browser sends (the cookies, and the CSRF token for the header or the form). */
async function signIn(username: string): Promise<Browser> {
  const b = await sessions.signIn(h.app, username, PASSWORD);
  return { csrf: b.csrf, cookie: cookieOf(b) };
}

let staff: Browser;
let admin: Browser;
const post = (url: string, payload: unknown, as: Browser | null = staff, withCsrf = true) =>
  h.app.inject({
    method: 'POST',
    url,
    headers: { ...(as ? { cookie: as.cookie } : {}), ...(as && withCsrf ? { 'x-csrf-token': as.csrf['x-csrf-token'] } : {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
/** A save that must succeed: its model. */
async function save(url: string, payload: unknown): Promise<AdminCategory> {
  const res = await post(url, payload);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { success: boolean; status: string; model: AdminCategory; data: AdminCategory };
  expect(body).toMatchObject({ success: true, status: 'success' });
  expect(body.model.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(body.data).toEqual(body.model);
  return body.model;
}
/** Form data delete with the CSRF parameter (spec 7). */
const deleteByForm = (id: string, as: Browser | null = staff, token: string | null = as?.csrf['x-csrf-token'] ?? null, lang = 'en') =>
  h.app.inject({
    method: 'POST',
    url: `/category/delete/${id}?lang=${lang}`,
    headers: { ...(as ? { cookie: as.cookie } : {}), 'content-type': 'application/x-www-form-urlencoded' },
    payload: token === null ? '' : new URLSearchParams({ _csrf: token }).toString(),
  });

/** The storefront's tree, after the projector caught up. */
async function storefrontTree(): Promise<CategoryNode[]> {
  await h.settle();
  const res = await h.app.inject({ url: '/v1/categories' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: CategoryNode[] }).data;
}
const find = (nodes: CategoryNode[], id: string): CategoryNode | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = find(n.children, id);
    if (inner) return inner;
  }
  return undefined;
};
/**
 * Polls a value of the storefront's tree: the api's category cache is dropped by the read model's change hint
 * (LISTEN, a few ms after the projector commits), so "at once" is "by the next request after the hint".
 */
const storefront = <T,>(pick: (tree: CategoryNode[]) => T) => expect.poll(async () => pick(await storefrontTree()), { timeout: patience(8000), interval: 50 });
async function adminList(as: Browser = staff): Promise<AdminCategory[]> {
  await h.settle();
  const res = await h.app.inject({ url: '/v1/admin/categories', headers: { cookie: as.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { categories: AdminCategory[] } }).data.categories;
}

beforeAll(async () => {
  h = await createShopHarness('admin_categories', { api: { sessions: sessions.deps() } });
  await registerStaff(h.store, [['kat.staff', ['CLIENT']], ['kat.admin', ['ADMIN']]], { password: PASSWORD, now: h.clock.now });
  staff = await signIn('kat.staff');
  admin = await signIn('kat.admin');
});

afterAll(async () => {
  await h?.close();
  await sessions.cleanup();
});

describe('POST /category/create', () => {
  it('creates a root category named in the request language; the other language takes the same name; events name the staff user', async () => {
    const brakes = await save('/category/create?lang=et', { id: null, parent_id: 0, name: 'Pidurid', position: 0, hidden: '0', className: 'icon-brakes', url: 'ignored-slug' });
    expect(brakes).toMatchObject({ parent_id: null, name: { et: 'Pidurid', en: 'Pidurid' }, hidden: false, className: { et: 'icon-brakes', en: 'icon-brakes' }, url: { et: '/et/pidurid', en: '/en/pidurid' } });
    const { events } = await h.store.readStream(`category-${brakes.id}`);
    expect(events.map((e) => e.type)).toEqual(['CategoryCreated', 'CategoryClassNameChanged']);
    expect(events[0].metadata).toMatchObject({ userId: userIdForUsername('kat.staff') });
  });

  it('creates a child with names per language, hidden and search keywords; the storefront shows it under its parent with its URL', async () => {
    const engine = await save('/category/create?lang=en', { parent_id: '0', name: { et: 'Mootor', en: 'Engine' } });
    const filters = await save('/category/create?lang=en', {
      parent_id: engine.id,
      name: { et: 'Õlifiltrid', en: 'Oil filters' },
      search_keywords: { et: 'õlifilter, filter', en: 'oil filter' },
    });
    expect(filters).toMatchObject({ parent_id: engine.id, search_keywords: { et: 'õlifilter, filter', en: 'oil filter' }, url: { et: '/et/mootor/olifiltrid', en: '/en/engine/oil-filters' } });
    await storefront((tree) => find(tree, engine.id)?.children.map((c) => c.id)).toEqual([filters.id]);
    await storefront((tree) => find(tree, filters.id)?.url).toEqual({ et: '/et/mootor/olifiltrid', en: '/en/engine/oil-filters' });

    const hidden = await save('/category/create', { parent_id: engine.id, name: 'Peidus', hidden: 1 });
    expect(hidden.hidden).toBe(true);
    await storefront((tree) => find(tree, engine.id)?.children.length).toBe(1);
    expect(find(await storefrontTree(), hidden.id)).toBeUndefined();
    expect((await adminList()).find((c) => c.id === hidden.id)).toMatchObject({ hidden: true, parent_id: engine.id });
  });

  it('stores className (spec 3) and answers it in the save, the staff list and the storefront tree; an object changes one language, null clears it', async () => {
    const wheels = await save('/category/create?lang=et', { parent_id: 0, name: { et: 'Rattad', en: 'Wheels' }, className: { et: 'ratas', en: 'wheel' } });
    expect(wheels.className).toEqual({ et: 'ratas', en: 'wheel' });
    expect((await adminList()).find((c) => c.id === wheels.id)?.className).toEqual({ et: 'ratas', en: 'wheel' });
    await storefront((tree) => find(tree, wheels.id)?.className).toEqual({ et: 'ratas', en: 'wheel' });
    const changed = await save(`/category/update/${wheels.id}`, { className: { en: 'wheels' } });
    expect(changed.className).toEqual({ et: 'ratas', en: 'wheels' });
    // The same value again appends nothing.
    const before = (await h.store.readStream(`category-${wheels.id}`)).events.length;
    await save(`/category/update/${wheels.id}`, { className: { et: 'ratas', en: 'wheels' } });
    expect((await h.store.readStream(`category-${wheels.id}`)).events.length).toBe(before);
    const cleared = await save(`/category/update/${wheels.id}`, { className: null });
    expect(cleared.className).toBeNull();
    await storefront((tree) => find(tree, wheels.id)?.className).toBeNull();
    expect((await post(`/category/update/${wheels.id}`, { className: 'x'.repeat(101) })).statusCode).toBe(400);
  });

  it("is named 'New category' without a name, and refuses an unknown parent (404) and a taken id (409)", async () => {
    const unnamed = await save('/category/create', {});
    expect(unnamed.name).toEqual({ et: 'New category', en: 'New category' });
    const orphan = await post('/category/create?lang=en', { parent_id: randomUUID(), name: 'Orphan' });
    expect(orphan.statusCode).toBe(404);
    expect(orphan.json()).toEqual({
      success: false,
      status: 'failure',
      message: 'The chosen parent category does not exist.',
      errors: [{ code: 'category.parent_not_found', field: 'parent_id', message: 'The chosen parent category does not exist.' }],
    });
    const twin = await post('/category/create?lang=en', { id: unnamed.id, name: 'Twin' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().errors[0].code).toBe('category.already_exists');
  });
});

describe('POST /category/update/{id}', () => {
  it('renames one language (the other keeps its name), moves and hides; the storefront follows at once', async () => {
    const a = await save('/category/create?lang=et', { name: { et: 'Vedrustus', en: 'Suspension' } });
    const b = await save('/category/create?lang=et', { name: { et: 'Amordid', en: 'Shocks' } });
    const renamed = await save(`/category/update/${b.id}?lang=en`, { name: 'Shock absorbers' });
    expect(renamed.name).toEqual({ et: 'Amordid', en: 'Shock absorbers' });
    const moved = await save(`/category/update/${b.id}?lang=en`, { parent_id: a.id });
    expect(moved).toMatchObject({ parent_id: a.id, url: { et: '/et/vedrustus/amordid', en: '/en/suspension/shock-absorbers' } });
    await storefront((tree) => find(tree, a.id)?.children.map((c) => c.id)).toEqual([b.id]);
    await storefront((tree) => tree.map((n) => n.id)).not.toContain(b.id);

    await save(`/category/update/${a.id}`, { hidden: '1' });
    await storefront((tree) => find(tree, a.id)).toBeUndefined();
    expect(find(await storefrontTree(), b.id)).toBeUndefined(); // a child of a hidden category is hidden too
    await save(`/category/update/${a.id}`, { hidden: false });
    await storefront((tree) => find(tree, b.id)?.url.en).toBe('/en/suspension/shock-absorbers');

    const { events } = await h.store.readStream(`category-${b.id}`);
    expect(events.map((e) => e.type)).toEqual(['CategoryCreated', 'CategoryRenamed', 'CategoryMoved']);
    expect(events.every((e) => (e.metadata as { userId?: string }).userId === userIdForUsername('kat.staff'))).toBe(true);
  });

  it('refuses a move under its own descendant (category.cycle) in the request language, and changes nothing', async () => {
    const top = await save('/category/create', { name: 'Kere' });
    const mid = await save('/category/create', { parent_id: top.id, name: 'Uksed' });
    const leaf = await save('/category/create', { parent_id: mid.id, name: 'Lukud' });
    for (const [lang, message] of [
      ['en', 'A category cannot be moved under one of its own subcategories.'],
      ['et', 'Kategooriat ei saa viia oma alamkategooria alla.'],
    ]) {
      const res = await post(`/category/update/${top.id}?lang=${lang}`, { parent_id: leaf.id, name: 'Renamed' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, status: 'failure', message, errors: [{ code: 'category.cycle', field: 'parent_id', message }] });
    }
    const own = await post(`/category/update/${top.id}?lang=en`, { parent_id: top.id });
    expect(own.json().errors[0].code).toBe('category.own_parent');
    const { events } = await h.store.readStream(`category-${top.id}`);
    expect(events.map((e) => e.type)).toEqual(['CategoryCreated']);
    await storefront((tree) => find(tree, leaf.id)?.url.et).toBe('/et/kere/uksed/lukud');
  });

  it('places a category at a position among its siblings and renumbers them 0..n-1', async () => {
    const parent = await save('/category/create', { name: 'Elekter' });
    const names = ['Akud', 'Lambid', 'Releed', 'Kaablid'];
    const made: AdminCategory[] = [];
    for (const name of names) made.push(await save('/category/create', { parent_id: parent.id, name }));
    expect(made.map((c) => c.position)).toEqual([0, 1, 2, 3]); // each at the end by default
    await save(`/category/update/${made[3].id}`, { position: '0' }); // Kaablid first
    await save(`/category/update/${made[1].id}`, { position: 3 }); // Lambid last
    await storefront((tree) => find(tree, parent.id)?.children.map((c) => [c.name.et, c.position])).toEqual([
      ['Kaablid', 0],
      ['Akud', 1],
      ['Releed', 2],
      ['Lambid', 3],
    ]);
    const inserted = await save('/category/create', { parent_id: parent.id, name: 'Sulavkaitsmed', position: 1 });
    expect(inserted.position).toBe(1);
    await storefront((tree) => find(tree, parent.id)?.children.map((c) => c.name.et)).toEqual(['Kaablid', 'Sulavkaitsmed', 'Akud', 'Releed', 'Lambid']);
  });

  it('answers 404 for a category that does not exist and 409 for a deleted one', async () => {
    const missing = await post(`/category/update/${randomUUID()}?lang=en`, { name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0]).toEqual({ code: 'category.not_found', message: 'The category was not found.' });
    const gone = await save('/category/create', { name: 'Ajutine' });
    expect((await deleteByForm(gone.id)).statusCode).toBe(200);
    const res = await post(`/category/update/${gone.id}?lang=en`, { name: 'Y' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe('category.deleted');
  });
});

describe('POST /category/delete/{id}', () => {
  it('deletes by form data with the CSRF parameter (urlencoded and multipart); the storefront drops it', async () => {
    const one = await save('/category/create', { name: 'Kustutatav' });
    const res = await deleteByForm(one.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, status: 'success', model: { id: one.id }, data: { id: one.id } });
    await storefront((tree) => find(tree, one.id)).toBeUndefined();
    expect((await adminList()).map((c) => c.id)).not.toContain(one.id);

    const two = await save('/category/create', { name: 'Kustutatav 2' });
    const boundary = '----categorytest';
    const multipart = await h.app.inject({
      method: 'POST',
      url: `/category/delete/${two.id}`,
      headers: { cookie: staff.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${staff.csrf['x-csrf-token']}\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    const { events } = await h.store.readStream(`category-${two.id}`);
    expect(events.at(-1)).toMatchObject({ type: 'CategoryDeleted', metadata: { userId: userIdForUsername('kat.staff') } });
  });

  it('refuses a category with subcategories or products, with a clear message', async () => {
    const parent = await save('/category/create', { name: 'Rattad' });
    const child = await save('/category/create', { parent_id: parent.id, name: 'Veljed' });
    await h.settle();
    const withChild = await deleteByForm(parent.id);
    expect(withChild.statusCode).toBe(409);
    expect(withChild.json().errors).toEqual([{ code: 'category.has_children', message: 'The category has subcategories. Move or delete them before deleting it.' }]);

    const productId = randomUUID();
    await createProduct(h.store, { productId, code1: 'RIM-1', names: { et: 'Velg', en: 'Rim' } }, ctx());
    await categoriseProduct(h.store, { productId, categoryIds: [child.id] }, ctx());
    await h.settle();
    expect((await adminList()).find((c) => c.id === child.id)!.productCount).toBe(1);
    const withProduct = await deleteByForm(child.id, staff, staff.csrf['x-csrf-token'], 'et');
    expect(withProduct.statusCode).toBe(409);
    expect(withProduct.json().errors[0]).toEqual({ code: 'category.has_products', message: 'Selles kategoorias on tooteid. Viige tooted enne kustutamist teise kategooriasse.' });
    await storefront((tree) => find(tree, child.id)?.name.et).toBe('Veljed');
  });
});

describe('GET /v1/admin/categories', () => {
  it('lists every category that is not deleted with its parent, names, keywords, URL and version', async () => {
    const created = await save('/category/create?lang=en', { name: { et: 'Tööriistad', en: 'Tools' }, search_keywords: 'wrench' });
    const listed = (await adminList()).find((c) => c.id === created.id)!;
    expect(listed).toEqual({ ...created, productCount: 0 });
  });
});

describe('the guard and hostile input', () => {
  it('answers 401 without a session, 403 without the CSRF token, 403 without products.edit', async () => {
    const anyId = randomUUID();
    for (const url of ['/category/create', `/category/update/${anyId}`]) {
      expect((await post(`${url}?lang=en`, { name: 'X' }, null)).json()).toMatchObject({ status: 'failure', errors: [{ code: 'unauthorized' }] });
      const noCsrf = await post(`${url}?lang=en`, { name: 'X' }, staff, false);
      expect(noCsrf.statusCode, url).toBe(403);
      expect(noCsrf.json().errors[0].code).toBe('request.csrf_invalid');
      const forbidden = await post(`${url}?lang=en`, { name: 'X' }, admin);
      expect(forbidden.statusCode, url).toBe(403);
      expect(forbidden.json().errors[0]).toEqual({ code: 'forbidden', message: "You don't have permission to access this resource, please contact your admin." });
    }
    expect((await deleteByForm(anyId, null)).statusCode).toBe(401);
    expect((await deleteByForm(anyId, staff, null)).statusCode).toBe(403);
    expect((await deleteByForm(anyId, staff, 'forged-token')).statusCode).toBe(403);
    expect((await deleteByForm(anyId, admin)).statusCode).toBe(403);
    expect((await h.app.inject({ url: '/v1/admin/categories' })).statusCode).toBe(401);
    // Nothing was created by any of these.
    expect((await adminList()).map((c) => c.name.en)).not.toContain('X');
  });

  it('answers 400 in the envelope for garbage', async () => {
    const real = await save('/category/create', { name: 'Prügikast' });
    const bad: [string, unknown][] = [
      ['/category/create', { parent_id: 'not-a-uuid' }],
      ['/category/create', { parent_id: 7 }],
      ['/category/create', { name: 'n'.repeat(121) }],
      ['/category/create', { name: 'a\u0000b' }],
      ['/category/create', { name: { fi: 'Jarrut' } }],
      ['/category/create', { position: -1 }],
      ['/category/create', { position: 1.5 }],
      ['/category/create', { position: '1e2' }],
      ['/category/create', { hidden: 'maybe' }],
      ['/category/create', { id: 'abc' }],
      ['/category/create', { evil: true }],
      ['/category/create', [1, 2]],
      ['/category/create', { search_keywords: 'k'.repeat(1001) }],
      [`/category/update/${real.id}`, { name: '   ' }],
      [`/category/update/${real.id}`, { position: 100_001 }],
      ['/category/update/not-a-uuid', { name: 'X' }],
      ['/category/update/..%2F..%2Fetc', { name: 'X' }],
    ];
    for (const [url, payload] of bad) {
      const res = await post(`${url}?lang=en`, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 60)}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: 'failure', message: expect.any(String), errors: expect.any(Array) });
    }
    const notJson = await h.app.inject({ method: 'POST', url: '/category/create', headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrf['x-csrf-token'], 'content-type': 'application/json' }, payload: '{"name":' });
    expect(notJson.statusCode).toBe(400);
    const badDelete = await deleteByForm('not-a-uuid');
    expect(badDelete.statusCode).toBe(400);
    const extraField = await h.app.inject({
      method: 'POST',
      url: `/category/delete/${real.id}`,
      headers: { cookie: staff.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `_csrf=${encodeURIComponent(staff.csrf['x-csrf-token'])}&drop=table`,
    });
    expect(extraField.statusCode).toBe(400);
    // Form data the delete call does not take: a file part, more parts than it reads (a 4xx, never a 500).
    const boundary = '----categorygarbage';
    const csrfPart = `--${boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${staff.csrf['x-csrf-token']}\r\n`;
    for (const extra of [
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n`,
      Array.from({ length: 6 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join(''),
      `--${boundary}\r\nContent-Disposition: form-data; name="big"\r\n\r\n${'x'.repeat(2000)}\r\n`,
    ]) {
      const res = await h.app.inject({
        method: 'POST',
        url: `/category/delete/${real.id}?lang=en`,
        headers: { cookie: staff.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${csrfPart}${extra}--${boundary}--\r\n`,
      });
      expect(res.statusCode, `${extra.slice(0, 80)} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false, status: 'failure' });
    }
    expect((await adminList()).map((c) => c.id)).toContain(real.id);
  });
});
