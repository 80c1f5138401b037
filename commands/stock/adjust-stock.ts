/** AdjustStock: see `AdjustStock` in domain/stock/stock.ts for its rules and errors. */
import { stockHandler } from './stock-handler.js';

export const adjustStock = stockHandler('AdjustStock');
