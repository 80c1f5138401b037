/**
 * The warehouses the demo catalog's stock names (`tallinn`, `tartu`: data/demo-catalog.csv's `stock` column) as
 * Warehouse aggregates, recorded on every `npm start` and by `npm run setup:content`: a warehouse that
 * exists is left as it is (its name or deactivation staff chose stays), so a second run appends nothing. Stock
 * commands refuse a warehouse that does not exist (commands/stock/known-warehouse.ts); a database whose catalog was
 * imported before warehouses existed gets them here. Another catalog's warehouses are created by its import
 * (commands/catalog/import-product.ts).
 */
import { randomUUID } from 'node:crypto';
import { toWarehouseStreamId, warehouseDecider, type WarehouseState } from '../../domain/warehouse/warehouse.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { handleWith } from '../shared/command-handler.js';

/** The demo catalog's warehouses: id (the stock's code) and name. */
export const DEMO_WAREHOUSES: readonly { warehouseId: string; name: string }[] = [
  { warehouseId: 'tallinn', name: 'Tallinn' },
  { warehouseId: 'tartu', name: 'Tartu' },
];

/**
 * Creates each warehouse that does not exist yet. @returns the ids created now
 * @throws DomainError only if the seed data itself were invalid
 */
export async function seedWarehouses(store: EventStore, now: string, warehouses = DEMO_WAREHOUSES): Promise<string[]> {
  const created: string[] = [];
  const correlationId = randomUUID();
  for (const { warehouseId, name } of warehouses) {
    const create = (state: WarehouseState) =>
      state.status !== 'empty' ? [] : warehouseDecider.decide({ type: 'CreateWarehouse', data: { warehouseId, name }, metadata: { now } }, state);
    const result = await handleWith(store, toWarehouseStreamId(warehouseId), warehouseDecider, create, { commandId: randomUUID(), correlationId, userId: null, now });
    if (result.events.length) created.push(warehouseId);
  }
  return created;
}
