/**
 * ReserveStock: holds units of a limited-amount product for an order (stream `stock-{productId}`). See
 * `ReserveStock` in domain/stock/stock.ts for its rules; raises DomainError `stock.insufficient` (conflict) when
 * fewer units are free, `stock.quantity_invalid` (validation). Version conflicts are retried by the handler.
 */
import { stockHandler } from './stock-handler.js';

export const reserveStock = stockHandler('ReserveStock');
