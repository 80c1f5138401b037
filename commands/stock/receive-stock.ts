/**
 * ReceiveStock: see `ReceiveStock` in domain/stock/stock.ts for its rules and errors. Refused for an unknown or
 * deactivated warehouse (known-warehouse.ts: stock.warehouse_unknown, stock.warehouse_inactive).
 */
import { inKnownWarehouse } from './known-warehouse.js';
import { stockHandler } from './stock-handler.js';

export const receiveStock = inKnownWarehouse(stockHandler('ReceiveStock'), () => true);
