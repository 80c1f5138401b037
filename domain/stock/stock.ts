/**
 * The Stock aggregate (stream `stock-{productId}`): a product's stock per warehouse, in whole units of the
 * product's unit (spec 5 "Quantity and stock", "Other rules": stock update input). Stock never goes below zero.
 *
 * - ReceiveStock adds a delivery (quantity >= 1);
 * - AdjustStock adds or subtracts (`+10` / `-10` in the back office);
 * - CountStock overwrites with a counted quantity (a plain `10`).
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { validation } from '../shared/errors.js';

export const toStockStreamId = (productId: string) => `stock-${productId}`;
/** Largest quantity one warehouse may hold, in units. */
export const MAX_QUANTITY = 10_000_000;

export type StockEvent =
  | Message<'StockReceived', { productId: string; warehouseId: string; quantity: number; onHand: number }>
  | Message<'StockAdjusted', { productId: string; warehouseId: string; delta: number; onHand: number }>
  | Message<'StockCounted', { productId: string; warehouseId: string; quantity: number; onHand: number }>;
export const STOCK_EVENT_TYPES: StockEvent['type'][] = ['StockReceived', 'StockAdjusted', 'StockCounted'];

type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
export type StockCommand =
  | Cmd<'ReceiveStock', { productId: string; warehouseId: string; quantity: number }>
  | Cmd<'AdjustStock', { productId: string; warehouseId: string; delta: number }>
  | Cmd<'CountStock', { productId: string; warehouseId: string; quantity: number }>;

/** On-hand quantity per warehouse id. */
export interface StockState {
  productId: string | null;
  onHand: Record<string, number>;
}
export const initialState: StockState = { productId: null, onHand: {} };

/** Total on hand over all warehouses. */
export const totalOnHand = (state: StockState) => Object.values(state.onHand).reduce((a, b) => a + b, 0);

function checkWarehouse(warehouseId: string): string {
  const w = warehouseId.trim();
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(w)) throw validation('stock.warehouse_invalid', 'A warehouse id is 1-64 lowercase letters, digits, - or _', 'warehouse');
  return w;
}

function checkQuantity(n: number, min: number, field: string): number {
  if (!Number.isInteger(n) || n < min || n > MAX_QUANTITY) throw validation('stock.quantity_invalid', `The quantity is a whole number from ${min} to ${MAX_QUANTITY}`, field);
  return n;
}

/** Pure decision for one stock command. @throws DomainError (validation: stock.negative and input errors). */
export function decide(command: StockCommand, state: StockState): StockEvent[] {
  const warehouseId = checkWarehouse(command.data.warehouseId);
  const productId = command.data.productId;
  const current = state.onHand[warehouseId] ?? 0;
  switch (command.type) {
    case 'ReceiveStock': {
      const quantity = checkQuantity(command.data.quantity, 1, 'quantity');
      if (current + quantity > MAX_QUANTITY) throw validation('stock.quantity_invalid', `A warehouse holds at most ${MAX_QUANTITY}`, 'quantity');
      return [{ type: 'StockReceived', data: { productId, warehouseId, quantity, onHand: current + quantity } }];
    }
    case 'AdjustStock': {
      const { delta } = command.data;
      if (!Number.isInteger(delta) || Math.abs(delta) > MAX_QUANTITY) throw validation('stock.quantity_invalid', 'The change is a whole number', 'delta');
      if (delta === 0) return [];
      if (current + delta < 0) throw validation('stock.negative', `Only ${current} in stock: cannot take ${-delta}`, 'delta');
      if (current + delta > MAX_QUANTITY) throw validation('stock.quantity_invalid', `A warehouse holds at most ${MAX_QUANTITY}`, 'delta');
      return [{ type: 'StockAdjusted', data: { productId, warehouseId, delta, onHand: current + delta } }];
    }
    case 'CountStock': {
      const quantity = checkQuantity(command.data.quantity, 0, 'quantity');
      // A first count of 0 for a warehouse still records it, so the warehouse is listed with 0.000.
      if (quantity === current && warehouseId in state.onHand) return [];
      return [{ type: 'StockCounted', data: { productId, warehouseId, quantity, onHand: quantity } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolve(state: StockState, event: StockEvent): StockState {
  switch (event.type) {
    case 'StockReceived':
    case 'StockAdjusted':
    case 'StockCounted':
      return { productId: event.data.productId, onHand: { ...state.onHand, [event.data.warehouseId]: event.data.onHand } };
    default:
      return assertNever(event);
  }
}

export const stockDecider: Decider<StockCommand, StockEvent, StockState> = { decide, evolve, initialState };

/**
 * Parses the back office's stock input (spec 5 "Other rules"): `+10` adds, `-10` subtracts, a plain `10`
 * overwrites. Returns the command data without ids. @throws DomainError stock.input_invalid.
 */
export function parseStockInput(input: string): { kind: 'adjust'; delta: number } | { kind: 'count'; quantity: number } {
  const m = /^\s*([+-]?)(\d{1,8})\s*$/.exec(input);
  if (!m) throw validation('stock.input_invalid', 'Enter +N to add, -N to subtract or N to set the stock', 'stock');
  const n = Number(m[2]);
  if (m[1] === '+') return { kind: 'adjust', delta: n };
  if (m[1] === '-') return { kind: 'adjust', delta: -n };
  return { kind: 'count', quantity: n };
}
