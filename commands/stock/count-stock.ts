/** CountStock: see `CountStock` in domain/stock/stock.ts for its rules and errors. */
import { stockHandler } from './stock-handler.js';

export const countStock = stockHandler('CountStock');
