/**
 * The api's label and category caches past their TTL (api/plugins/filter-labels.ts FilterLabelCache,
 * api/plugins/catalog-cache.ts CategoryCache) on real PostgreSQL: a reload past the TTL serves the value callers had
 * until the new one is read (no request waits for it), labels read again without a change are the same object (the
 * listing's facet memos are keyed by it), and after clear() (a change hint) callers wait for the new value.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renameCategory } from '../../commands/category/rename-category.js';
import { setFilterLabels } from '../../commands/filter/set-filter-labels.js';
import { createShopHarness, type ShopHarness } from '../../tests/support/shop-harness.js';
import { patience } from '../../tests/support/patience.js';
import { CategoryCache } from './catalog-cache.js';
import { FilterLabelCache } from './filter-labels.js';

const fixture = path.resolve(__dirname, '../../tests/fixtures/small-catalog.csv');
const HEIGHT = 'Height [mm]';
let h: ShopHarness;
const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });

beforeAll(async () => {
  h = await createShopHarness('catalog_caches');
  await h.importFile(fixture);
  await h.settle();
});
afterAll(async () => {
  await h?.close();
});

describe('FilterLabelCache', () => {
  it('keeps the same labels object across reloads that find no change, serves it while a reload runs, waits after clear()', async () => {
    let now = 1_000_000;
    const cache = new FilterLabelCache(h.db, 10_000, () => now);
    const first = await cache.get();
    expect(await cache.get()).toBe(first);
    now += 10_001;
    // Past the TTL: the labels it had at once, and the reload finds them unchanged, so they stay the same object.
    expect(await cache.get()).toBe(first);
    await expect.poll(() => (cache as unknown as { loading: unknown }).loading, { timeout: patience(5000), interval: 20 }).toBeNull();
    expect(await cache.get()).toBe(first);

    await setFilterLabels(h.store, { name: HEIGHT, label: { et: 'Kõrgus [mm]', en: 'Height [mm]' }, values: {} }, ctx());
    await h.settle();
    now += 10_001;
    // Changed meanwhile, no hint: the old labels while the reload runs, then the new ones.
    expect((await cache.get()).get(HEIGHT)?.label?.et).toBeUndefined();
    await expect.poll(async () => (await cache.get()).get(HEIGHT)?.label?.et, { timeout: patience(5000), interval: 20 }).toBe('Kõrgus [mm]');
    const second = await cache.get();
    expect(second).not.toBe(first);

    await setFilterLabels(h.store, { name: HEIGHT, label: { et: 'Kõrgus', en: 'Height' }, values: {} }, ctx());
    await h.settle();
    cache.clear();
    // A known change: the next caller waits for the new labels.
    expect((await cache.get()).get(HEIGHT)?.label?.et).toBe('Kõrgus');
  });
});

describe('CategoryCache', () => {
  it('serves the snapshot it had while a reload past the TTL runs, and waits for the new one after clear()', async () => {
    let now = 1_000_000;
    const cache = new CategoryCache(h.app.listingIndex, 5000, () => now);
    const first = await cache.get(h.clock.now);
    const category = first.tree[0]!;
    expect(await cache.get(h.clock.now)).toBe(first);

    await renameCategory(h.store, { categoryId: category.id, language: 'et', name: 'Ümbernimetatud' }, ctx());
    await h.settle();
    now += 5001;
    expect(await cache.get(h.clock.now)).toBe(first);
    await expect.poll(async () => (await cache.get(h.clock.now)).docs.get(category.id)?.name_et, { timeout: patience(5000), interval: 20 }).toBe('Ümbernimetatud');

    await renameCategory(h.store, { categoryId: category.id, language: 'et', name: 'Teist korda' }, ctx());
    await h.settle();
    cache.clear();
    expect((await cache.get(h.clock.now)).docs.get(category.id)?.name_et).toBe('Teist korda');
  });
});
