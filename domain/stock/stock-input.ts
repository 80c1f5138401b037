/**
 * The back office's stock update input (spec 5 "Other rules": "+10 adds, -10 subtracts, a plain 10 overwrites;
 * confirm with enter or tab"), as typed into a stock cell of ProductList or ProductEdit. Pure: no I/O, no clock.
 *
 * - `+N` -> `{ kind: 'adjust', delta: N }` (AdjustStock, or ReceiveStock: the route maps it);
 * - `-N` -> `{ kind: 'adjust', delta: -N }` (AdjustStock; the Stock decider refuses going below zero);
 * - `N`  -> `{ kind: 'count', quantity: N }` (CountStock: overwrites the warehouse's free units).
 *
 * N is a whole number of units (the product's unit) from 0 to MAX_QUANTITY (10,000,000). Spaces around the input and
 * between the sign and the number are ignored ('  + 10 '); the typographic minus '−' (U+2212) and en dash '–' count
 * as '-'. Leading zeros are allowed ('007').
 *
 * @throws DomainError validation, field `input`:
 *   - `stock.input_invalid`   empty, letters, two signs, units ('10 pcs'), anything else that is not [+|-]digits;
 *   - `stock.input_not_whole` a decimal ('1.5', '1,5'): stock is counted in whole units;
 *   - `stock.input_too_large` more than MAX_QUANTITY.
 */
import { validation } from '../shared/errors.js';
import { MAX_QUANTITY } from './stock.js';

export type StockInput = { kind: 'adjust'; delta: number } | { kind: 'count'; quantity: number };

/** The input field's name in error envelopes (`errors[].field`). */
export const STOCK_INPUT_FIELD = 'input';

/** Longest input looked at: anything longer is refused before any pattern runs. */
const MAX_INPUT_LENGTH = 32;

/** Parses one stock cell input. See the module docstring for the forms and errors. */
export function parseStockInput(raw: string): StockInput {
  const input = typeof raw === 'string' && raw.length <= MAX_INPUT_LENGTH ? raw.replace(/[\u2212\u2013]/g, '-').trim() : '';
  const m = /^([+-]?)\s*(\d+)$/.exec(input);
  if (!m) {
    if (/^[+-]?\s*\d+[.,]\d*$/.test(input)) throw validation('stock.input_not_whole', 'Stock is counted in whole units', STOCK_INPUT_FIELD);
    throw validation('stock.input_invalid', 'Enter +N to add, -N to subtract or N to set the stock', STOCK_INPUT_FIELD);
  }
  const digits = m[2].replace(/^0+(?=\d)/, '');
  if (digits.length > String(MAX_QUANTITY).length || Number(digits) > MAX_QUANTITY) {
    throw validation('stock.input_too_large', `At most ${MAX_QUANTITY} units`, STOCK_INPUT_FIELD);
  }
  const n = Number(digits);
  if (m[1] === '+') return { kind: 'adjust', delta: n };
  if (m[1] === '-') return { kind: 'adjust', delta: n === 0 ? 0 : -n };
  return { kind: 'count', quantity: n };
}
