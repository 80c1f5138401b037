/**
 * Stock goes only into warehouses that exist (stock commands refuse an unknown warehouse: spec 3 "Warehouse"). The
 * Warehouse aggregate (domain/warehouse) is read from its stream `warehouse-{id}` before a stock command of a
 * warehouse is decided: the event store, not a read model, so a warehouse created a moment ago is known.
 *
 * - an unknown warehouse: DomainError validation `stock.warehouse_unknown` (field `warehouse`);
 * - a deactivated one takes no more stock in: ReceiveStock and AdjustStock with a positive delta are refused with
 *   illegal_state `stock.warehouse_inactive`; taking out (negative AdjustStock) and counting (CountStock, what is
 *   really there) stay allowed, so its stock can be emptied.
 * Reservations (orders) take from the warehouses a product's stock already holds and are not checked here.
 *
 * The catalog import creates the warehouses its rows name before counting their stock (import-product.ts).
 */
import { DomainError, validation } from '../../domain/shared/errors.js';
import { toWarehouseStreamId, warehouseDecider } from '../../domain/warehouse/warehouse.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { CommandContext, HandleResult } from '../shared/command-handler.js';
import { loadAggregate } from '../shared/load-aggregate.js';

type WarehouseCommandData = { warehouseId: string };

/**
 * @param incoming whether the command brings stock in (refused for a deactivated warehouse)
 * @throws DomainError stock.warehouse_unknown (validation), stock.warehouse_inactive (illegal_state)
 */
export async function assertWarehouseTakesStock(store: EventStore, warehouseId: string, incoming: boolean): Promise<void> {
  const id = typeof warehouseId === 'string' ? warehouseId.trim() : '';
  // An id the Stock decider refuses anyway (stock.warehouse_invalid) is left to it.
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(id)) return;
  const { state } = await loadAggregate(store, toWarehouseStreamId(id), warehouseDecider);
  if (state.status === 'empty') throw validation('stock.warehouse_unknown', `There is no warehouse "${id}"`, 'warehouse');
  if (state.status === 'inactive' && incoming) throw new DomainError('stock.warehouse_inactive', 'illegal_state', `Warehouse "${id}" is deactivated: it takes no more stock`, 'warehouse');
}

/** Wraps a stock handler of a warehouse's stock with `assertWarehouseTakesStock`. */
export function inKnownWarehouse<TData extends WarehouseCommandData, TResult extends HandleResult<unknown>>(
  handler: (store: EventStore, data: TData, ctx: CommandContext) => Promise<TResult>,
  incoming: (data: TData) => boolean,
) {
  return async (store: EventStore, data: TData, ctx: CommandContext): Promise<TResult> => {
    await assertWarehouseTakesStock(store, data.warehouseId, incoming(data));
    return handler(store, data, ctx);
  };
}

