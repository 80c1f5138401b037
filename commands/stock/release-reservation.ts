/**
 * ReleaseReservation: gives back every unit held for an order (stream `stock-{productId}`); appends nothing when
 * the order holds none, so it is safe to repeat. See `ReleaseReservation` in domain/stock/stock.ts.
 */
import { stockHandler } from './stock-handler.js';

export const releaseReservation = stockHandler('ReleaseReservation');
