/**
 * AdjustStock: see `AdjustStock` in domain/stock/stock.ts for its rules and errors. Refused for an unknown
 * warehouse, and a positive change for a deactivated one (known-warehouse.ts: stock.warehouse_unknown,
 * stock.warehouse_inactive).
 */
import { inKnownWarehouse } from './known-warehouse.js';
import { stockHandler } from './stock-handler.js';

export const adjustStock = inKnownWarehouse(stockHandler('AdjustStock'), (data) => data.delta > 0);
