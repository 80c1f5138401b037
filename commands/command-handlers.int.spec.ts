/**
 * Command handlers against the real event store: metadata on every event (correlation id, causation id, acting
 * user, time), bounded retries on version conflicts (many concurrent writers to one stock stream), stock never
 * below zero under concurrency, a re-sent command appending nothing twice, and stock commands refusing a
 * warehouse that does not exist.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../domain/shared/errors.js';
import { createDatabase, type Database } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { PostgresEventStore } from '../platform/event-store/postgres.js';
import { createTestDatabase, type TestDatabase } from '../platform/testing/database.js';
import { changeProductPrice } from './product/change-product-price.js';
import { createProduct } from './product/create-product.js';
import type { CommandContext } from './shared/command-handler.js';
import { adjustStock } from './stock/adjust-stock.js';
import { countStock } from './stock/count-stock.js';
import { receiveStock } from './stock/receive-stock.js';
import { createWarehouse } from './warehouse/create-warehouse.js';
import { deactivateWarehouse } from './warehouse/deactivate-warehouse.js';

let database: TestDatabase;
let db: Database;
let store: PostgresEventStore;
beforeAll(async () => {
  database = await createTestDatabase('handlers');
  db = createDatabase(database.url, { max: 16 });
  await migrate(db);
  store = new PostgresEventStore(db);
  for (const [warehouseId, name] of [['tallinn', 'Tallinn'], ['tartu', 'Tartu']]) await createWarehouse(store, { warehouseId, name }, ctx());
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const ctx = (userId: string | null = 'staff-7'): CommandContext => ({ commandId: randomUUID(), correlationId: randomUUID(), userId, now: '2026-11-22T10:00:00.000Z' });

describe('command handlers', () => {
  it('append the decided events with correlation id, causation id, user and time in the metadata', async () => {
    const productId = randomUUID();
    const create = ctx();
    await createProduct(store, { productId, code1: 'W 712/75', names: { et: 'Õlifilter', en: 'Oil filter' } }, create);
    const price = ctx();
    const result = await changeProductPrice(store, { productId, grossCents: 890, vatRatePercent: 24 }, price);
    expect(result.events).toEqual([{ type: 'ProductPriceChanged', data: { productId, grossCents: 890, netCents: 718, vatRatePercent: 24 } }]);
    const { events } = await store.readStream(`product-${productId}`);
    expect(events.map((e) => e.type)).toEqual(['ProductCreated', 'ProductPriceChanged']);
    expect(events[1].metadata).toEqual({ correlationId: price.correlationId, causationId: price.commandId, userId: 'staff-7', time: price.now });
    // Unchanged: nothing appended.
    expect((await changeProductPrice(store, { productId, grossCents: 890, vatRatePercent: 24 }, ctx())).events).toEqual([]);
  });

  it('raise the domain error and append nothing when the decider refuses', async () => {
    const error = await changeProductPrice(store, { productId: randomUUID(), grossCents: 100, vatRatePercent: 24 }, ctx()).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('product.not_found');
  });

  it('retry on version conflicts: 12 concurrent takes of 1 from a stock of 8 leave 0, never below, 4 refused', async () => {
    const productId = randomUUID();
    await countStock(store, { productId, warehouseId: 'tallinn', quantity: 8 }, ctx());
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => adjustStock(store, { productId, warehouseId: 'tallinn', delta: -1 }, ctx())));
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(8);
    expect(refused.map((r) => (r.reason as DomainError).code)).toEqual(Array(4).fill('stock.negative'));
    const { events } = await store.readStream(`stock-${productId}`);
    expect(events.map((e) => (e.data as { onHand: number }).onHand)).toEqual([8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('append a re-sent command (same command id) only once', async () => {
    const productId = randomUUID();
    await countStock(store, { productId, warehouseId: 'tartu', quantity: 5 }, ctx());
    const take = ctx();
    const first = await adjustStock(store, { productId, warehouseId: 'tartu', delta: -2 }, take);
    const again = await adjustStock(store, { productId, warehouseId: 'tartu', delta: -2 }, take);
    expect(first.events).toHaveLength(1);
    expect(again.events).toEqual([]);
    const { events } = await store.readStream(`stock-${productId}`);
    expect(events.map((e) => (e.data as { onHand: number }).onHand)).toEqual([5, 3]);
  });

  it('refuse stock of an unknown warehouse, and new stock into a deactivated one (which may still be emptied)', async () => {
    const productId = randomUUID();
    const unknown = await receiveStock(store, { productId, warehouseId: 'parnu', quantity: 1 }, ctx()).catch((e) => e);
    expect(unknown).toBeInstanceOf(DomainError);
    expect([unknown.code, unknown.category, unknown.field]).toEqual(['stock.warehouse_unknown', 'validation', 'warehouse']);
    expect((await countStock(store, { productId, warehouseId: 'parnu', quantity: 1 }, ctx()).catch((e) => e)).code).toBe('stock.warehouse_unknown');
    expect((await store.readStream(`stock-${productId}`)).exists).toBe(false);

    await createWarehouse(store, { warehouseId: 'narva', name: 'Narva' }, ctx());
    await receiveStock(store, { productId, warehouseId: 'narva', quantity: 5 }, ctx());
    await deactivateWarehouse(store, { warehouseId: 'narva' }, ctx());
    expect((await receiveStock(store, { productId, warehouseId: 'narva', quantity: 1 }, ctx()).catch((e) => e)).code).toBe('stock.warehouse_inactive');
    expect((await adjustStock(store, { productId, warehouseId: 'narva', delta: 1 }, ctx()).catch((e) => e)).code).toBe('stock.warehouse_inactive');
    await adjustStock(store, { productId, warehouseId: 'narva', delta: -2 }, ctx());
    await countStock(store, { productId, warehouseId: 'narva', quantity: 0 }, ctx());
    const { events } = await store.readStream(`stock-${productId}`);
    expect(events.map((e) => (e.data as { onHand: number }).onHand)).toEqual([5, 3, 0]);
  });
});
