/**
 * CountStock: see `CountStock` in domain/stock/stock.ts for its rules and errors. Refused for an unknown warehouse
 * (known-warehouse.ts: stock.warehouse_unknown); a deactivated one may still be counted.
 */
import { inKnownWarehouse } from './known-warehouse.js';
import { stockHandler } from './stock-handler.js';

export const countStock = inKnownWarehouse(stockHandler('CountStock'), () => false);
