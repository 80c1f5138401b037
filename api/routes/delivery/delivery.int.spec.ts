/**
 * Delivery end to end on a fresh database: locations seeded from the shipped snapshots into rm_delivery, a refreshed
 * feed that drops a location stops offering it, GET /v1/delivery-provider in both languages, the postage products
 * reachable through GET /product/view/{id} and GET /v1/delivery-provider/{id} (and never listed), unknown provider
 * 404, and the checkout validation against the read model.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePostageProducts } from '../../../commands/delivery/ensure-postage-products.js';
import { setupDelivery } from '../../../commands/delivery/setup-delivery.js';
import { refreshDeliveryLocations } from '../../../commands/delivery/refresh-delivery-locations.js';
import { seedDeliveryLocationsFromSnapshots } from '../../../commands/delivery/seed-delivery-locations.js';
import { loadSnapshot } from '../../../commands/delivery/snapshots.js';
import { DELIVERY_PROVIDER_IDS, postageProductId, validateDelivery } from '../../../domain/delivery/providers.js';
import { getLocation, isLocationOffered, locationRefreshes, offeredOptionFor } from '../../../projections/delivery/queries.js';
import { deliveryReadModel } from '../../../projections/delivery/writer.js';
import { hashReadModel, rebuildReadModel } from '../../../projections/read-model.js';
import { createShopHarness, type ShopHarness } from '../../../tests/support/shop-harness.js';

let h: ShopHarness;
const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });
const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await h.app.inject({ url, headers });
  return { status: res.statusCode, body: res.json() };
};
type ProviderBody = { id: string; name: string; desc: string; inputType: string; big_product: boolean; options: { id: string; name: string; country: string }[] };
const provider = (body: { data: { deliveryProviders: ProviderBody[] } }, id: string) => body.data.deliveryProviders.find((p) => p.id === id)!;

let omnivaParcelCount = 0;

beforeAll(async () => {
  h = await createShopHarness('delivery');
  omnivaParcelCount = (await loadSnapshot('omniva-parcel'))!.locations.length;
});
afterAll(async () => {
  await h?.close();
});

describe('seeding from the snapshots', () => {
  it('offers every snapshot location through the read model, and a second seed appends nothing', async () => {
    const first = await seedDeliveryLocationsFromSnapshots(h.store, h.clock.now);
    expect(Object.fromEntries(first.map((r) => [r.providerId, r.appended]))).toEqual({
      'omniva-parcel': omnivaParcelCount + 1,
      'omniva-po': 84 + 1,
      'itella-ee-parcel': 360 + 1,
      'itella-fi-parcel': 0,
    });
    await h.settle();
    const again = await seedDeliveryLocationsFromSnapshots(h.store, h.clock.now);
    expect(again.every((r) => r.appended === 0)).toBe(true);

    const { status, body } = await get('/v1/delivery-provider');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(provider(body, 'omniva-parcel').options).toHaveLength(omnivaParcelCount);
    expect(provider(body, 'omniva-po').options).toHaveLength(84);
    expect(provider(body, 'itella-ee-parcel').options).toHaveLength(360);
    expect(await isLocationOffered(h.db, 'omniva-parcel', '96243')).toBe(true);
    expect(await isLocationOffered(h.db, 'omniva-po', '96243')).toBe(false);
    expect(await getLocation(h.db, 'itella-ee-parcel', '01007591')).toEqual({
      providerId: 'itella-ee-parcel',
      id: '01007591',
      name: 'Ääsmäe Meie kpl pakimajake (valge)',
      country: 'EE',
      city: 'Ääsmäe',
      address: 'Kopli tee 1',
      postalCode: '76402',
      offered: true,
    });
  });
});

describe('GET /v1/delivery-provider', () => {
  it('answers in Estonian by default: names, descriptions, countries, options sorted by name', async () => {
    const { body } = await get('/v1/delivery-provider');
    expect(body.data.deliveryProviders.map((p: ProviderBody) => p.id)).toEqual([...DELIVERY_PROVIDER_IDS]);
    expect(body.data.deliveryCountries).toEqual({ EE: 'Eesti', LV: 'Läti', LT: 'Leedu', FI: 'Soome' });
    const parcel = provider(body, 'omniva-parcel');
    expect(parcel.name).toBe('Omniva pakiautomaat');
    expect(parcel.inputType).toBe('select');
    expect(parcel.big_product).toBe(false);
    const names = parcel.options.map((o) => o.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('et', { sensitivity: 'base', numeric: true }).compare));
    const courier = provider(body, 'omniva-courier');
    expect(courier).toMatchObject({ name: 'Omniva kuller', inputType: 'Address', big_product: true, options: [] });
    // No Finnish snapshot ships: the provider is listed honestly without options.
    expect(provider(body, 'itella-fi-parcel').options).toEqual([]);
  });

  it('answers in English for lang=en and for Accept-Language en-US', async () => {
    for (const [url, headers] of [['/v1/delivery-provider?lang=en', {}], ['/v1/delivery-provider', { 'accept-language': 'en-US,en;q=0.9' }]] as const) {
      const { body } = await get(url, headers);
      expect(provider(body, 'omniva-parcel').name).toBe('Omniva parcel machine');
      expect(provider(body, 'itella-ee-parcel').desc).toContain('SmartPost');
      expect(body.data.deliveryCountries).toEqual({ EE: 'Estonia', LV: 'Latvia', LT: 'Lithuania', FI: 'Finland' });
    }
  });

  it('country=LV keeps the providers and options of Latvia', async () => {
    const { body } = await get('/v1/delivery-provider?country=lv');
    expect(body.data.deliveryProviders.map((p: ProviderBody) => p.id)).toEqual(['omniva-parcel', 'omniva-courier']);
    const options = provider(body, 'omniva-parcel').options;
    expect(options.length).toBeGreaterThan(100);
    expect(options.every((o) => o.country === 'LV')).toBe(true);
    expect(body.data.deliveryCountries).toEqual({ LV: 'Läti' });
    const bad = await get('/v1/delivery-provider?country=latvia');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, status: 'failure', errors: [{ code: 'request.invalid', field: 'country' }] });
  });
});

describe('a refreshed feed', () => {
  it('stops offering a location the feed no longer lists; the order still finds its name', async () => {
    const snapshot = (await loadSnapshot('omniva-parcel'))!.locations;
    const gone = snapshot.find((l) => l.id === '96243')!;
    const result = await refreshDeliveryLocations(h.store, { providerId: 'omniva-parcel', source: 'feed', locations: snapshot.filter((l) => l !== gone) }, ctx());
    expect(result.events.map((e) => e.type)).toEqual(['DeliveryLocationRemoved', 'DeliveryLocationsRefreshed']);
    await h.settle();

    expect(await isLocationOffered(h.db, 'omniva-parcel', '96243')).toBe(false);
    expect(await getLocation(h.db, 'omniva-parcel', '96243')).toMatchObject({ name: gone.name, offered: false });
    const { body } = await get('/v1/delivery-provider');
    const options = provider(body, 'omniva-parcel').options;
    expect(options).toHaveLength(omnivaParcelCount - 1);
    expect(options.map((o) => o.id)).not.toContain('96243');

    // Checkout refuses it now (spec 5), through the read model.
    const input = { providerId: 'omniva-parcel', optionId: '96243', country: 'EE', cartHasBigProduct: false };
    expect(validateDelivery(input, await offeredOptionFor(h.db, input.providerId, input.optionId)).map((e) => e.code)).toEqual(['delivery.option_not_offered']);
    const other = { ...input, optionId: options[0].id };
    expect(validateDelivery(other, await offeredOptionFor(h.db, other.providerId, other.optionId))).toEqual([]);

    // The snapshot no longer overrides what the live feed said.
    const reseed = await seedDeliveryLocationsFromSnapshots(h.store, h.clock.now);
    expect(reseed.find((r) => r.providerId === 'omniva-parcel')!.appended).toBe(0);
  });
});

describe('postage products', () => {
  it('are catalog products reachable by id, priced with the provider fee, and idempotent', async () => {
    const first = await ensurePostageProducts(h.store, h.clock.now);
    expect(first.every((r) => r.appended > 0)).toBe(true);
    expect((await ensurePostageProducts(h.store, h.clock.now)).map((r) => r.appended)).toEqual([0, 0, 0, 0, 0]);
    await h.settle();

    const id = postageProductId('omniva-parcel');
    const view = await get(`/product/view/${id}`);
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({
      id,
      code1: 'postikulu-omniva-parcel',
      name: 'Postikulu: Omniva pakiautomaat',
      price: '3.99',
      price_wo_vat: '3.22',
      priceCents: 399,
      unit: 'pcs',
      class: 'service',
      available_in: 0,
      hasLimitedAmount: false,
      big_product: false,
      visibility: { currentState: 'hidden' },
    });

    const fee = await get('/v1/delivery-provider/omniva-parcel');
    expect(fee.status).toBe(200);
    expect(fee.body.data).toEqual(view.body.data);
    const en = await get('/v1/delivery-provider/omniva-courier?lang=en');
    expect(en.body.data).toMatchObject({ id: postageProductId('omniva-courier'), code1: 'postikulu-omniva-courier', name: 'Postage: Omniva courier', price: '7.99' });
  });

  it('are never listed or found by search', async () => {
    const list = await get('/v1/products?q=postikulu');
    expect(list.status).toBe(200);
    expect(list.body.data.results).toEqual([]);
    expect((await get('/v1/products')).body.data.results).toEqual([]);
  });

  it('an unknown provider is a 404 in the envelope, in the request language', async () => {
    const et = await get('/v1/delivery-provider/dhl-express');
    expect(et.status).toBe(404);
    expect(et.body).toEqual({
      success: false,
      status: 'failure',
      message: 'Sellist tarneviisi ei ole.',
      errors: [{ code: 'delivery.provider_not_found', message: 'Sellist tarneviisi ei ole.' }],
    });
    const en = await get('/v1/delivery-provider/dhl-express?lang=en');
    expect(en.body.message).toBe('The delivery provider was not found.');
  });
});

describe('rebuild and restart', () => {
  it('rm_delivery rebuilt from the events holds the same rows', async () => {
    await h.settle();
    const before = await hashReadModel(h.db, deliveryReadModel);
    expect(before).not.toContain('locations:empty');
    await rebuildReadModel(h.db, h.store, deliveryReadModel);
    expect(await hashReadModel(h.db, deliveryReadModel)).toBe(before);
    expect((await locationRefreshes(h.db)).map((r) => `${r.providerId}:${r.source}`)).toEqual(['itella-ee-parcel:snapshot', 'omniva-parcel:feed', 'omniva-po:snapshot']);
  });

  it('setupDelivery on a later start appends nothing', async () => {
    const before = await h.store.headCheckpoint();
    const { locations, postage } = await setupDelivery(h.store, h.clock.now);
    expect([...locations, ...postage].every((r) => r.appended === 0)).toBe(true);
    expect(await h.store.headCheckpoint()).toBe(before);
  });
});
