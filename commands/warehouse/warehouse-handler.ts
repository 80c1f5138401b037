/** The handler factory of the Warehouse aggregate (stream `warehouse-{id}`, domain/warehouse/warehouse.ts). */
import { toWarehouseStreamId, warehouseDecider } from '../../domain/warehouse/warehouse.js';
import { aggregateHandler } from '../shared/aggregate-handler.js';

export const warehouseHandler = aggregateHandler(warehouseDecider, (data: { warehouseId: string }) => toWarehouseStreamId(data.warehouseId));
