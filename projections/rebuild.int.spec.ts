/**
 * Read models are disposable (design brief "Read models"): rebuilding every read model from position 0 beside the
 * live one and switching gives rows identical to the live ones, while the live projector keeps running; a
 * projector that restarts mid-way resumes from its checkpoint without projecting an event twice.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody } from '../tests/support/order-test-kit.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { changeClientDetails } from '../commands/client/change-client-details.js';
import { clientIdForEmail } from '../commands/client/client-streams.js';
import { forgetClient } from '../commands/client/forget-client.js';
import { recordClientOrder } from '../commands/client/record-client-order.js';
import { setupDelivery } from '../commands/delivery/setup-delivery.js';
import { uploadFile } from '../commands/file/upload-file.js';
import { changeFileCaption } from '../commands/file/change-file-caption.js';
import { moveFile } from '../commands/file/move-file.js';
import { tagFile } from '../commands/file/tag-file.js';
import { createFolder } from '../commands/folder/create-folder.js';
import { createAlbum } from '../commands/gallery/create-album.js';
import { publishAlbum } from '../commands/gallery/publish-album.js';
import { setAlbumImages } from '../commands/gallery/set-album-images.js';
import { setMenu } from '../commands/menu/menu-handler.js';
import { publishPage } from '../commands/page/publish-page.js';
import { restorePageVersion } from '../commands/page/restore-page-version.js';
import { savePageDraft } from '../commands/page/save-page-draft.js';
import { schedulePage } from '../commands/page/schedule-page.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { setBannerShown } from '../commands/site/set-banner-shown.js';
import { setGlobalItemContainers } from '../commands/site/set-global-item-containers.js';
import { setFilterPosition } from '../commands/filter/set-filter-position.js';
import { setFilterShown } from '../commands/filter/set-filter-shown.js';
import { changeProductFitment } from '../commands/product/change-product-fitment.js';
import { loadVehicleReference } from '../commands/vehicle/load-vehicle-reference.js';
import { setCriticalStockLevel } from '../commands/product/set-critical-stock-level.js';
import { createPurchaseList } from '../commands/purchase-list/create-purchase-list.js';
import { setProductVisibility } from '../commands/product/set-product-visibility.js';
import { cancelStockNotification, markStockNotificationSent, requestStockNotification, toStockNotificationStreamId } from '../commands/stock-notification/request-stock-notification.js';
import { grantRole } from '../commands/user/grant-role.js';
import { recordSignIn } from '../commands/user/record-sign-in.js';
import { registerUser, setUserPassword } from '../commands/user/user-accounts.js';
import { adjustStock } from '../commands/stock/adjust-stock.js';
import { countStock } from '../commands/stock/count-stock.js';
import { renameWarehouse } from '../commands/warehouse/rename-warehouse.js';
import { csrfHeaders } from '../tests/support/csrf.js';
import { catalogPricesOf } from '../api/plugins/order-ports.js';
import { editOrder } from '../commands/order/edit-order.js';
import { markOrderFilled } from '../commands/order/mark-order-filled.js';
import { markOrderPaid } from '../commands/order/mark-order-paid.js';
import { FileStorage } from '../platform/files/file-storage.js';
import { createShopHarness, type ShopHarness } from '../tests/support/shop-harness.js';
import { ensureReadModel, hashReadModel, liveSchema, readCheckpoint, type ReadModel, rebuildReadModel, runProjector } from './read-model.js';
import { READ_MODELS } from './read-models.js';

const fixture = path.resolve(__dirname, '../tests/fixtures/small-catalog.csv');
let h: ShopHarness;

beforeAll(async () => {
  h = await createShopHarness('rebuild');
  await h.importFile(fixture);
  // Every read model holds rows: the site content and the delivery locations and postage products too.
  await seedSiteContent(h.store, h.clock.now);
  await setupDelivery(h.store, h.clock.now);
  // Staff accounts and warehouses (spec 6): the import created the fixture's warehouses; one is renamed.
  const ctx = () => ({ commandId: crypto.randomUUID(), correlationId: crypto.randomUUID(), userId: null, now: h.clock.now });
  const { userId } = await registerUser(h.store, { username: 'Mari.Maasikas', password: 'vihmavari-2026', confirm: 'vihmavari-2026', roles: ['CLIENT'] }, ctx(), { usernameTaken: async () => false });
  await grantRole(h.store, { userId, role: 'ADMIN' }, ctx());
  await setUserPassword(h.store, { userId, password: 'teine-vihmavari', confirm: 'teine-vihmavari' }, ctx());
  await recordSignIn(h.store, { userId, at: h.clock.now }, ctx());
  await renameWarehouse(h.store, { warehouseId: 'tartu', name: 'Tartu ladu' }, ctx());
  // Vehicle fitment: the classic cars of the reference, and a part's applications changed twice (added, one removed).
  await loadVehicleReference(h.store, path.resolve(__dirname, '../tests/fixtures/no-such-folder'), { now: h.clock.now });
  const fitted = productIdForCode('BF 1018/1');
  const mgb = { kind: 'generation' as const, make: 'mg', model: 'mgb', generation: '1962-1980', from: '1962-05', to: '1980-10', label: 'MG MGB (1962-1980)' };
  await changeProductFitment(h.store, { productId: fitted, change: { add: [mgb, { kind: 'years', make: 'triumph', model: 'tr6', fromYear: 1973, toYear: 1976, label: 'Triumph TR6 (1973-1976)' }], reason: 'supplier catalogue' } }, { ...ctx(), userId });
  await changeProductFitment(h.store, { productId: fitted, change: { remove: [mgb], reason: 'not for the MGB' } }, { ...ctx(), userId });
  // Content: a page with versions, a restore, a rule and a publish; a nested menu; global containers; the banner off.
  const pageId = crypto.randomUUID();
  await savePageDraft(h.store, { pageId, title: { et: 'Hooldus' }, content: { et: '<p>Üks</p>' }, itemContainers: { side: [{ id: 'a', html: { et: '<p>Kõrval</p>' } }] } }, { ...ctx(), userId });
  await publishPage(h.store, { pageId }, ctx());
  await savePageDraft(h.store, { pageId, title: { et: 'Hooldus' }, content: { et: '<p>Kaks</p>' } }, { ...ctx(), userId });
  await restorePageVersion(h.store, { pageId, revision: 1 }, ctx());
  await schedulePage(h.store, { pageId, visibility: { type: 'timed', rangeFrom: '2026-12-01T00:00:00.000Z', rangeTo: null, stateInRange: 'visible', stateOutRange: 'hidden' } }, ctx());
  await setMenu(h.store, { entries: [{ id: 'info', kind: 'link', label: { et: 'Info' }, target: '/info', children: [{ id: 'hooldus', kind: 'page', label: { et: 'Hooldus' }, target: pageId }] }] }, ctx());
  await setGlobalItemContainers(h.store, { containers: { footerNote: [{ id: 'n1', html: { et: '<p>Tere</p>' } }] } }, ctx());
  await setBannerShown(h.store, { shown: false }, ctx());
  // The problematic products list and the filters (spec 2 "Admin area"): a critical stock level, an ended visibility rule, a hidden and a
  // placed facet, so their rebuilt rows hold more than the defaults.
  await setCriticalStockLevel(h.store, { productId: productIdForCode('BF 1018/1'), level: 5 }, ctx());
  // A purchase list of accepted reorder suggestions (the purchase_lists read model).
  await createPurchaseList(
    h.store,
    { listId: crypto.randomUUID(), serviceLevel: '95', range: 'last-30-days', lines: [{ productId: productIdForCode('BF 1018/1'), warehouseId: 'tallinn', quantity: 12, reason: { et: 'tellida 12', en: 'order 12' } }] },
    { ...ctx(), userId },
  );
  await setProductVisibility(h.store, { productId: productIdForCode('GB 200'), rule: { type: 'timeRange', rangeFrom: '2026-01-01T00:00:00.000Z', rangeTo: '2026-02-01T00:00:00.000Z', stateInRange: 'visible', stateOutRange: 'visible' } }, ctx());
  await setFilterShown(h.store, { name: 'Kit', shown: false }, ctx());
  await setFilterPosition(h.store, { name: 'Colour', position: 0 }, ctx());
  // An uploaded image (spec 2, the file and image manager): a row of the files read model naming the staff user.
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00000' } }).png().toBuffer();
  const files = new FileStorage(await mkdtemp(path.join(tmpdir(), 'rebuild-files-')));
  const uploadedId = crypto.randomUUID();
  await uploadFile(h.store, files, { fileId: uploadedId, folderId: null, name: 'ketas.png', bytes: png }, { ...ctx(), userId });
  // A finder folder holding it, tagged and captioned, and a published gallery album using it (files, file_usage, gallery).
  const folderId = crypto.randomUUID();
  await createFolder({ store: h.store, reads: { siblingNames: async () => [], subtreeHeight: async () => 1, contents: async () => ({ childCount: 0, fileCount: 0 }) } }, { folderId, parentId: 'root', name: 'Pildid' }, { ...ctx(), userId });
  await moveFile(h.store, { fileId: uploadedId, folderId }, { ...ctx(), userId });
  await tagFile(h.store, { fileId: uploadedId, tag: 'Pidurid' }, { ...ctx(), userId });
  await changeFileCaption(h.store, { fileId: uploadedId, language: 'en', caption: 'Disc' }, { ...ctx(), userId });
  const albumId = crypto.randomUUID();
  await createAlbum(h.store, { albumId, names: { et: 'Autod' } }, { ...ctx(), userId });
  await setAlbumImages(h.store, { albumId, images: [{ fileId: uploadedId, caption: { et: 'Ketas' } }], imageFileIds: [uploadedId] }, { ...ctx(), userId });
  await publishAlbum(h.store, { albumId }, { ...ctx(), userId });
  // Staff stock changes with a reason: rows of the stock-movements read model that name the user.
  await adjustStock(h.store, { productId: productIdForCode('BF 1018/1'), warehouseId: 'tartu', delta: 3, reason: 'Leitud riiulilt' }, { ...ctx(), userId });
  await countStock(h.store, { productId: productIdForCode('BF 1018/1'), warehouseId: 'tartu', quantity: 2, reason: 'Inventuur' }, { ...ctx(), userId });
  // An open back-in-stock request: a row for the stock-notifications read model.
  await requestStockNotification(h.store, { productId: productIdForCode('BF 1018/2'), email: 'ootaja@example.ee', quantity: 1, language: 'et' }, ctx());
  // A cancelled and a sent one (the read model keeps them with their state).
  await requestStockNotification(h.store, { productId: productIdForCode('BF 1018/2'), email: 'loobuja@example.ee', quantity: 2, language: 'en' }, ctx());
  await cancelStockNotification(h.store, toStockNotificationStreamId(productIdForCode('BF 1018/2'), 'loobuja@example.ee'), ctx());
  await requestStockNotification(h.store, { productId: productIdForCode('BF 1018/2'), email: 'saaja@example.ee', quantity: 1, language: 'et' }, ctx());
  await markStockNotificationSent(h.store, toStockNotificationStreamId(productIdForCode('BF 1018/2'), 'saaja@example.ee'), crypto.randomUUID(), ctx());
  for (const q of ['fuel', 'BF1018/1', 'piduriklotsid', 'fuel']) await h.app.inject(`/v1/products?q=${encodeURIComponent(q)}&iu=user`);
  // Searches that named a vehicle, chosen (`v=`) and typed in the text: rows of search_stats' search_vehicles.
  await h.settle();
  for (const url of ['/v1/products?q=oil&v=mg.mgb.1962-1980', '/v1/search?q=mgb%20piduriklotsid&iu=user']) expect((await h.app.inject(url)).statusCode).toBe(200);
  // An order (spec 5) holding reserved stock: rows for the orders read model.
  await h.settle();
  const order = await h.app.inject({ method: 'POST', url: '/v1/place-order', payload: checkoutBody([{ product_id: productIdForCode('BF 1018/1'), amount: 2 }]) as object , headers: await csrfHeaders(h.app) });
  expect(order.statusCode).toBe(200);
  // Staff work on orders (spec 2, OrderEdit): an edited order (rows, discount, fee, comments; stock raised), a paid and filled
  // one (shipped stock): rows of the admin orders read model, the orders read model and the stock movements.
  {
    const orderId = order.json().data.order.id as string;
    const placed = (await h.store.readStream(`order-${orderId}`)).events;
    await editOrder(
      h.store,
      {
        orderId, expectedVersion: placed.length, discountCents: 100, serviceFeeCents: 250, employeeComment: 'Helistada', invoiceComment: 'Arve e-postiga',
        rows: [{ productId: productIdForCode('BF 1018/1'), code: '', name: 'Piduriketas', quantity: 3, unit: '', unitPriceCents: 5000 }, { productId: null, code: '', name: 'Paigaldus', quantity: 1, unit: 'h', unitPriceCents: 3000 }],
      },
      { ...ctx(), userId },
      { catalog: catalogPricesOf(h.db) },
    );
    await markOrderPaid(h.store, { orderId }, { ...ctx(), userId });
    // A second order filled (its units shipped), so the first keeps rows in the orders read model's reservations.
    const second = await h.app.inject({ method: 'POST', url: '/v1/place-order', payload: checkoutBody([{ product_id: productIdForCode('BF 1018/1'), amount: 1 }]) as object, headers: await csrfHeaders(h.app) });
    expect(second.statusCode).toBe(200);
    await markOrderFilled(h.store, { orderId: second.json().data.order.id }, { ...ctx(), userId });
  }
  // Clients (spec 2, ClientEdit): one with two orders and edited details, one forgotten (its key deleted: a rebuild opens nothing).
  const clients = { store: h.store, db: h.db };
  const details = { firstName: 'Mari', lastName: 'Maasikas', businessName: '', email: 'Mari@Example.ee', phone: '+37255551234', vatRegNr: '', address: { street: 'Pikk 1', apartment: '', city: 'Tallinn', state: '', areaCode: '10123', country: 'EE' } };
  const mari = clientIdForEmail(details.email);
  await recordClientOrder(clients, { clientId: mari, customerType: 'private', details, order: { orderId: 'rebuild-o1', number: 9001, placedAt: h.clock.now, totalCents: 1250 } }, ctx());
  await recordClientOrder(clients, { clientId: mari, customerType: 'private', details, order: { orderId: 'rebuild-o2', number: 9002, placedAt: h.clock.now, totalCents: 990 } }, ctx());
  await changeClientDetails(clients, { clientId: mari, customerType: 'private', details: { ...details, phone: '+372 5555 0000' }, expectedVersion: 2n }, { ...ctx(), userId });
  const jaan = clientIdForEmail('jaan@example.ee');
  await recordClientOrder(clients, { clientId: jaan, customerType: 'business', details: { ...details, businessName: 'Jaan OÜ', email: 'jaan@example.ee' }, order: { orderId: 'rebuild-o3', number: 9003, placedAt: h.clock.now, totalCents: 500 } }, ctx());
  await forgetClient(clients, { clientId: jaan }, { ...ctx(), userId });
  await h.settle();
});
afterAll(async () => {
  await h?.close();
});

const schemaOid = async (schema: string) =>
  (await sql<{ oid: number }>`select oid::int from pg_namespace where nspname = ${schema}`.execute(h.db)).rows[0]?.oid;

describe('projections:rebuild', () => {
  it.each(READ_MODELS.map((rm) => [rm.name, rm] as const))('rebuilds %s from position 0 with rows identical to the live read model', async (_name, rm) => {
    const live = await hashReadModel(h.db, rm);
    expect(live).not.toMatch(/:empty/);
    const before = await schemaOid(liveSchema(rm));
    await rebuildReadModel(h.db, h.store, rm);
    expect(await schemaOid(liveSchema(rm))).not.toBe(before); // a new schema took over
    expect(await hashReadModel(h.db, rm)).toBe(live);
  });

  it('keeps the live projector running after a switch, and projects new events into the rebuilt read model', async () => {
    await h.app.inject('/v1/products?q=gearbox&iu=user');
    await h.settle();
    const rows = await sql<{ searches: number }>`select searches from rm_search_stats.search_keywords where query = 'gearbox'`.execute(h.db);
    expect(rows.rows).toEqual([{ searches: 1 }]);
  });

  it('keeps an idle read model\'s checkpoint still, and lets a standby projector be waited on', async () => {
    await h.settle();
    const rm = READ_MODELS.find((r) => r.name === 'catalog')!;
    const before = (await readCheckpoint(h.db, liveSchema(rm)))!.checkpoint;
    await new Promise((r) => setTimeout(r, 1200));
    expect((await readCheckpoint(h.db, liveSchema(rm)))!.checkpoint).toBe(before);
    const standby = runProjector(h.db, h.store, rm, { retryMs: 100 });
    await h.app.inject('/v1/products?q=brake&iu=user');
    await standby.caughtUp(); // the active projector (the harness's) does the work
    await standby.stop();
  });

  it('resumes from the checkpoint after a projector restart without applying an event twice', async () => {
    const rm = READ_MODELS.find((r) => r.name === 'search_stats')!;
    const hashBefore = await hashReadModel(h.db, rm);
    for (const p of h.projectors) await p.stop();
    const checkpoint = (await readCheckpoint(h.db, liveSchema(rm)))!.checkpoint;
    await h.app.inject('/v1/products?q=fuel&iu=user');
    const restarted = runProjector(h.db, h.store, rm, { retryMs: 100 });
    await restarted.caughtUp();
    await restarted.stop();
    expect((await readCheckpoint(h.db, liveSchema(rm)))!.checkpoint > checkpoint).toBe(true);
    const fuel = await sql<{ searches: number }>`select searches from rm_search_stats.search_keywords where query = 'fuel'`.execute(h.db);
    expect(fuel.rows).toEqual([{ searches: 3 }]);
    expect(await hashReadModel(h.db, rm)).not.toBe(hashBefore);
    // Rebuilding after all this still matches.
    const live = await hashReadModel(h.db, rm);
    await rebuildReadModel(h.db, h.store, rm);
    expect(await hashReadModel(h.db, rm)).toBe(live);
  });

  it('adopts a renamed read model\'s former schema with its rows, and rebuilds it when the version changed too', async () => {
    const search = READ_MODELS.find((r) => r.name === 'search_stats')!;
    const before: ReadModel = { ...search, name: 'rename_before' };
    await rebuildReadModel(h.db, h.store, before);
    const rows = await hashReadModel(h.db, before);
    expect(rows).not.toMatch(/:empty/);
    const renamed: ReadModel = { ...search, name: 'rename_after', formerNames: ['rename_gone', 'rename_before'] };
    await ensureReadModel(h.db, h.store, renamed);
    expect(await schemaOid('rm_rename_before')).toBeUndefined();
    expect(await hashReadModel(h.db, renamed)).toBe(rows);
    const newer: ReadModel = { ...renamed, name: 'rename_newer', version: search.version + 1, formerNames: ['rename_after'] };
    await ensureReadModel(h.db, h.store, newer);
    expect(await schemaOid('rm_rename_after')).toBeUndefined();
    expect((await readCheckpoint(h.db, liveSchema(newer)))!.version).toBe(search.version + 1);
    expect(await hashReadModel(h.db, newer)).toBe(rows);
  });
});
