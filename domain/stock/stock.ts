/**
 * The Stock aggregate (stream `stock-{productId}`): a product's stock per warehouse, in whole units of the
 * product's unit (spec 5 "Quantity and stock", "Other rules": stock update input). Stock never goes below zero.
 *
 * - ReceiveStock adds a delivery (quantity >= 1);
 * - AdjustStock adds or subtracts (`+10` / `-10` in the back office);
 * - CountStock overwrites with a counted quantity (a plain `10`);
 * - ReserveStock holds units for an order (issue 4, spec 5 "Quantity and stock": an order never takes more than
 *   the limited `availableForSale`); ReleaseReservation gives them back (idempotent per order).
 *
 * `onHand` per warehouse is the number of units free for sale there: a reservation moves units out of `onHand`
 * into `reservations[orderId]`, a release moves them back. So every stock event carries the warehouse's new
 * `onHand`, and the catalog's `stock` / `availableForSale` drop and rise with reservations without knowing about
 * them. A count (`CountStock`) overwrites the free units, the figure staff see in the back office.
 *
 * Only products with a limited amount reserve (`hasLimitedAmount` of domain/product/availability.ts, computed from
 * the product's availability policy and this aggregate's stock): on-demand, non-stock and "available in N workdays"
 * products are sold beyond the stock and decide no reservation. Optimistic concurrency on the stream is what makes
 * "never below 0" hold under concurrent orders: two orders deciding on the same version cannot both append.
 */
import { type AvailabilityPolicy, shopperAvailability } from '../product/availability.js';
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { DomainError, validation } from '../shared/errors.js';

export const toStockStreamId = (productId: string) => `stock-${productId}`;
/** Largest quantity one warehouse may hold, in units. */
export const MAX_QUANTITY = 10_000_000;

export type StockEvent =
  /** `reason` (issue 11): staff's optional note, 1-200 characters; absent in older events and when none was given. */
  | Message<'StockReceived', { productId: string; warehouseId: string; quantity: number; onHand: number; reason?: string }>
  | Message<'StockAdjusted', { productId: string; warehouseId: string; delta: number; onHand: number; reason?: string }>
  | Message<'StockCounted', { productId: string; warehouseId: string; quantity: number; onHand: number; reason?: string }>
  /** `quantity` units of one warehouse held for order `orderId`; `onHand` is what stays free there. */
  | Message<'StockReserved', { productId: string; orderId: string; warehouseId: string; quantity: number; onHand: number }>
  /** An order's units of one warehouse given back; `onHand` is the warehouse's free units after it. */
  | Message<'ReservationReleased', { productId: string; orderId: string; warehouseId: string; quantity: number; onHand: number; reason: ReleaseReason }>;
export const STOCK_EVENT_TYPES: StockEvent['type'][] = ['StockReceived', 'StockAdjusted', 'StockCounted', 'StockReserved', 'ReservationReleased'];

/**
 * Why a reservation was given back: `order_not_placed` (another line of the order could not be reserved, or the
 * order was never saved), `expired` (unpaid after ORDER_RESERVATION_TTL_MS), `cancelled` (by staff).
 */
export const RELEASE_REASONS = ['order_not_placed', 'expired', 'cancelled'] as const;
export type ReleaseReason = (typeof RELEASE_REASONS)[number];

type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
export type StockCommand =
  /** `reason`: optional note of the staff member (at most STOCK_REASON_MAX characters; blank counts as none). */
  | Cmd<'ReceiveStock', { productId: string; warehouseId: string; quantity: number; reason?: string }>
  | Cmd<'AdjustStock', { productId: string; warehouseId: string; delta: number; reason?: string }>
  | Cmd<'CountStock', { productId: string; warehouseId: string; quantity: number; reason?: string }>
  /**
   * Hold `quantity` whole units for order `orderId` when the product has a limited amount (its availability
   * `policy` and `deliveryDays` come from the Product aggregate). Units are taken from the warehouses in order of
   * their id. A second ReserveStock for the same order decides nothing.
   */
  | Cmd<'ReserveStock', { productId: string; orderId: string; quantity: number; policy: AvailabilityPolicy; deliveryDays: number | null }>
  /** Give back every unit held for `orderId` (nothing when none is held: idempotent). */
  | Cmd<'ReleaseReservation', { productId: string; orderId: string; reason: ReleaseReason }>;

/** Free (unreserved) units per warehouse id, and units held per order id and warehouse id. */
export interface StockState {
  productId: string | null;
  onHand: Record<string, number>;
  reservations: Record<string, Record<string, number>>;
}
export const initialState: StockState = { productId: null, onHand: {}, reservations: {} };

/** Units held for `orderId` over all warehouses (0 when none). */
export const reservedFor = (state: StockState, orderId: string) => Object.values(state.reservations[orderId] ?? {}).reduce((a, b) => a + b, 0);

/** Total on hand over all warehouses. */
export const totalOnHand = (state: StockState) => Object.values(state.onHand).reduce((a, b) => a + b, 0);

function checkWarehouse(warehouseId: string): string {
  const w = warehouseId.trim();
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(w)) throw validation('stock.warehouse_invalid', 'A warehouse id is 1-64 lowercase letters, digits, - or _', 'warehouse');
  return w;
}

/** Longest reason a stock change may carry (issue 11), in characters. */
export const STOCK_REASON_MAX = 200;

/** `{ reason }` trimmed, or `{}` when none or blank. @throws DomainError validation stock.reason_invalid (too long, not text) */
function reasonOf(reason: unknown): { reason?: string } {
  if (reason === undefined || reason === null) return {};
  if (typeof reason !== 'string') throw validation('stock.reason_invalid', `The reason is text of at most ${STOCK_REASON_MAX} characters`, 'reason');
  const r = reason.trim();
  if (r.length > STOCK_REASON_MAX) throw validation('stock.reason_invalid', `The reason is text of at most ${STOCK_REASON_MAX} characters`, 'reason');
  return r ? { reason: r } : {};
}

function checkQuantity(n: number, min: number, field: string): number {
  if (!Number.isInteger(n) || n < min || n > MAX_QUANTITY) throw validation('stock.quantity_invalid', `The quantity is a whole number from ${min} to ${MAX_QUANTITY}`, field);
  return n;
}

/**
 * Pure decision for one stock command.
 * @throws DomainError validation (stock.negative and input errors); conflict `stock.insufficient` when a
 *   limited-amount product has fewer free units than ReserveStock asks for (spec 5 "Quantity and stock").
 */
export function decide(command: StockCommand, state: StockState): StockEvent[] {
  if (command.type === 'ReserveStock') return decideReserve(command.data, state);
  if (command.type === 'ReleaseReservation') return decideRelease(command.data, state);
  const warehouseId = checkWarehouse(command.data.warehouseId);
  const productId = command.data.productId;
  const current = state.onHand[warehouseId] ?? 0;
  const reason = reasonOf(command.data.reason);
  switch (command.type) {
    case 'ReceiveStock': {
      const quantity = checkQuantity(command.data.quantity, 1, 'quantity');
      if (current + quantity > MAX_QUANTITY) throw validation('stock.quantity_invalid', `A warehouse holds at most ${MAX_QUANTITY}`, 'quantity');
      return [{ type: 'StockReceived', data: { productId, warehouseId, quantity, onHand: current + quantity, ...reason } }];
    }
    case 'AdjustStock': {
      const { delta } = command.data;
      if (!Number.isInteger(delta) || Math.abs(delta) > MAX_QUANTITY) throw validation('stock.quantity_invalid', 'The change is a whole number', 'delta');
      if (delta === 0) return [];
      if (current + delta < 0) throw validation('stock.negative', `Only ${current} in stock: cannot take ${-delta}`, 'delta');
      if (current + delta > MAX_QUANTITY) throw validation('stock.quantity_invalid', `A warehouse holds at most ${MAX_QUANTITY}`, 'delta');
      return [{ type: 'StockAdjusted', data: { productId, warehouseId, delta, onHand: current + delta, ...reason } }];
    }
    case 'CountStock': {
      const quantity = checkQuantity(command.data.quantity, 0, 'quantity');
      // A first count of 0 for a warehouse still records it, so the warehouse is listed with 0.000.
      if (quantity === current && warehouseId in state.onHand) return [];
      return [{ type: 'StockCounted', data: { productId, warehouseId, quantity, onHand: quantity, ...reason } }];
    }
    default:
      return assertNever(command);
  }
}

function decideReserve(data: Extract<StockCommand, { type: 'ReserveStock' }>['data'], state: StockState): StockEvent[] {
  const { productId, orderId } = data;
  const quantity = checkQuantity(data.quantity, 1, 'amount');
  if (!orderId) throw validation('stock.order_required', 'A reservation needs an order id', 'orderId');
  if (state.reservations[orderId]) return [];
  const free = totalOnHand(state);
  if (!shopperAvailability(data.policy, data.deliveryDays, free).hasLimitedAmount) return [];
  if (free < quantity) throw new DomainError('stock.insufficient', 'conflict', `Only ${free} available: cannot reserve ${quantity}`, 'amount');
  const events: StockEvent[] = [];
  let remaining = quantity;
  for (const warehouseId of Object.keys(state.onHand).sort()) {
    const onHand = state.onHand[warehouseId];
    if (remaining === 0) break;
    if (onHand <= 0) continue;
    const take = Math.min(onHand, remaining);
    remaining -= take;
    events.push({ type: 'StockReserved', data: { productId, orderId, warehouseId, quantity: take, onHand: onHand - take } });
  }
  return events;
}

function decideRelease(data: Extract<StockCommand, { type: 'ReleaseReservation' }>['data'], state: StockState): StockEvent[] {
  if (!RELEASE_REASONS.includes(data.reason)) throw validation('stock.release_reason_invalid', 'Unknown release reason', 'reason');
  const held = state.reservations[data.orderId];
  if (!held) return [];
  return Object.keys(held)
    .sort()
    .map((warehouseId) => ({
      type: 'ReservationReleased' as const,
      data: { productId: data.productId, orderId: data.orderId, warehouseId, quantity: held[warehouseId], onHand: (state.onHand[warehouseId] ?? 0) + held[warehouseId], reason: data.reason },
    }));
}

export function evolve(state: StockState, event: StockEvent): StockState {
  const onHand = { ...state.onHand, [event.data.warehouseId]: event.data.onHand };
  switch (event.type) {
    case 'StockReceived':
    case 'StockAdjusted':
    case 'StockCounted':
      return { ...state, productId: event.data.productId, onHand };
    case 'StockReserved': {
      const { orderId, warehouseId, quantity } = event.data;
      const held = state.reservations[orderId] ?? {};
      return { productId: event.data.productId, onHand, reservations: { ...state.reservations, [orderId]: { ...held, [warehouseId]: (held[warehouseId] ?? 0) + quantity } } };
    }
    case 'ReservationReleased': {
      const { orderId, warehouseId } = event.data;
      const { [warehouseId]: _released, ...rest } = state.reservations[orderId] ?? {};
      const { [orderId]: _order, ...others } = state.reservations;
      return { productId: event.data.productId, onHand, reservations: Object.keys(rest).length ? { ...others, [orderId]: rest } : others };
    }
    default:
      return assertNever(event);
  }
}

export const stockDecider: Decider<StockCommand, StockEvent, StockState> = { decide, evolve, initialState };
