/**
 * The Stock aggregate (stream `stock-{productId}`): a product's stock per warehouse, in whole units of the
 * product's unit (spec 5 "Quantity and stock", "Other rules": stock update input). Stock never goes below zero.
 *
 * - ReceiveStock adds a delivery (quantity >= 1);
 * - AdjustStock adds or subtracts (`+10` / `-10` in the back office);
 * - CountStock overwrites with a counted quantity (a plain `10`);
 * - ReserveStock holds units for an order (spec 5 "Quantity and stock": an order never takes more than
 *   the limited `availableForSale`); ReleaseReservation gives them back (idempotent per order).
 * - SetReservation (staff editing an order's rows) raises or lowers what an order holds to a target: a
 *   raise reserves the missing units (all or nothing, `stock.insufficient` when too few are free), a lower gives the
 *   excess back (ReservationReleased with the partial quantity, reason `order_edited`). Both are idempotent: at the
 *   target they decide nothing.
 * - ShipReservation (the order is filled) ships what an order holds: StockShipped per warehouse, the units
 *   leave the reservation (and the shop); `onHand` (free units) is unchanged. ReturnShipment (the order is marked
 *   unfilled again) brings shipped units back into the order's reservation: StockShipmentReturned. Both idempotent.
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
  /** `reason`: staff's optional note, 1-200 characters; absent in older events and when none was given. */
  | Message<'StockReceived', { productId: string; warehouseId: string; quantity: number; onHand: number; reason?: string }>
  | Message<'StockAdjusted', { productId: string; warehouseId: string; delta: number; onHand: number; reason?: string }>
  | Message<'StockCounted', { productId: string; warehouseId: string; quantity: number; onHand: number; reason?: string }>
  /** `quantity` units of one warehouse held for order `orderId`; `onHand` is what stays free there. */
  | Message<'StockReserved', { productId: string; orderId: string; warehouseId: string; quantity: number; onHand: number }>
  /** An order's units of one warehouse given back; `onHand` is the warehouse's free units after it. */
  | Message<'ReservationReleased', { productId: string; orderId: string; warehouseId: string; quantity: number; onHand: number; reason: ReleaseReason }>
  /** `quantity` units an order held in one warehouse left with the order (it was filled); `onHand` unchanged. */
  | Message<'StockShipped', { productId: string; orderId: string; warehouseId: string; quantity: number; onHand: number }>
  /** Shipped units of an order came back into its reservation (it was marked unfilled); `onHand` unchanged. */
  | Message<'StockShipmentReturned', { productId: string; orderId: string; warehouseId: string; quantity: number; onHand: number }>;
export const STOCK_EVENT_TYPES: StockEvent['type'][] = ['StockReceived', 'StockAdjusted', 'StockCounted', 'StockReserved', 'ReservationReleased', 'StockShipped', 'StockShipmentReturned'];

/**
 * Why a reservation was given back: `order_not_placed` (another line of the order could not be reserved, or the
 * order was never saved), `expired` (unpaid after ORDER_RESERVATION_TTL_MS), `cancelled` (by staff), `order_edited` (staff lowered or removed
 * a row of the order; the release may be partial).
 */
export const RELEASE_REASONS = ['order_not_placed', 'expired', 'cancelled', 'order_edited'] as const;
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
  | Cmd<'ReleaseReservation', { productId: string; orderId: string; reason: ReleaseReason }>
  /**
   * Staff editing an order's rows: bring the units held for `orderId` to `quantity` (whole units, >= 0). `mode: 'raise'` only reserves the
   * missing units (a limited-amount product only; `stock.insufficient` when fewer are free); `mode: 'lower'` only
   * releases the excess (reason `order_edited`). Either decides nothing when the order already holds the target.
   */
  | Cmd<'SetReservation', { productId: string; orderId: string; quantity: number; mode: 'raise' | 'lower'; policy: AvailabilityPolicy; deliveryDays: number | null }>
  /** The order was filled: ship held units of `orderId` until `quantity` are shipped in all (the order was filled); idempotent. */
  | Cmd<'ShipReservation', { productId: string; orderId: string; quantity: number }>
  /** The order was marked unfilled again: every unit shipped for `orderId` comes back into its reservation; nothing when none was shipped. */
  | Cmd<'ReturnShipment', { productId: string; orderId: string }>;

/** Free (unreserved) units per warehouse id, units held per order id and warehouse id, and units shipped per order. */
export interface StockState {
  productId: string | null;
  onHand: Record<string, number>;
  reservations: Record<string, Record<string, number>>;
  /** Units that left with filled orders, per order id and warehouse id (absent in states folded before). */
  shipped?: Record<string, Record<string, number>>;
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

/** Longest reason a stock change may carry, in characters. */
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
  if (command.type === 'SetReservation') return decideSetReservation(command.data, state);
  if (command.type === 'ShipReservation') return decideShip(command.data, state);
  if (command.type === 'ReturnShipment') return decideReturn(command.data, state);
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
  return reserveFromWarehouses(productId, orderId, quantity, state);
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

/** Takes `quantity` units from the free units of the warehouses in id order (the caller checked there are enough). */
function reserveFromWarehouses(productId: string, orderId: string, quantity: number, state: StockState): StockEvent[] {
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

/** SetReservation: see the command. @throws DomainError stock.insufficient (conflict), stock.quantity_invalid */
function decideSetReservation(data: Extract<StockCommand, { type: 'SetReservation' }>['data'], state: StockState): StockEvent[] {
  const { productId, orderId } = data;
  if (!orderId) throw validation('stock.order_required', 'A reservation needs an order id', 'orderId');
  const target = checkQuantity(data.quantity, 0, 'amount');
  const held = reservedFor(state, orderId);
  if (data.mode === 'raise') {
    if (held >= target) return [];
    const need = target - held;
    const free = totalOnHand(state);
    if (!shopperAvailability(data.policy, data.deliveryDays, free).hasLimitedAmount) return [];
    if (free < need) throw new DomainError('stock.insufficient', 'conflict', `Only ${free} available: cannot reserve ${need} more`, 'amount');
    return reserveFromWarehouses(productId, orderId, need, state);
  }
  if (held <= target) return [];
  // Give the excess back from the warehouses in reverse id order (the last taken first).
  const events: StockEvent[] = [];
  let excess = held - target;
  const holding = state.reservations[orderId] ?? {};
  for (const warehouseId of Object.keys(holding).sort().reverse()) {
    if (excess === 0) break;
    const give = Math.min(holding[warehouseId], excess);
    excess -= give;
    events.push({ type: 'ReservationReleased', data: { productId, orderId, warehouseId, quantity: give, onHand: (state.onHand[warehouseId] ?? 0) + give, reason: 'order_edited' } });
  }
  return events;
}

/**
 * ShipReservation: held units leave with the order, warehouses in id order, until `quantity` units of the
 * order are shipped in all (so a repeated command ships nothing more, and units held beyond `quantity` stay held).
 */
function decideShip(data: Extract<StockCommand, { type: 'ShipReservation' }>['data'], state: StockState): StockEvent[] {
  const quantity = checkQuantity(data.quantity, 0, 'amount');
  const holding = state.reservations[data.orderId] ?? {};
  const events: StockEvent[] = [];
  const alreadyShipped = Object.values(state.shipped?.[data.orderId] ?? {}).reduce((a, b) => a + b, 0);
  let remaining = Math.max(0, quantity - alreadyShipped);
  for (const warehouseId of Object.keys(holding).sort()) {
    if (remaining === 0) break;
    const ship = Math.min(holding[warehouseId], remaining);
    remaining -= ship;
    if (ship > 0) events.push({ type: 'StockShipped', data: { productId: data.productId, orderId: data.orderId, warehouseId, quantity: ship, onHand: state.onHand[warehouseId] ?? 0 } });
  }
  return events;
}

/** ReturnShipment: everything shipped for the order comes back into its reservation. */
function decideReturn(data: Extract<StockCommand, { type: 'ReturnShipment' }>['data'], state: StockState): StockEvent[] {
  const shipped = state.shipped?.[data.orderId] ?? {};
  return Object.keys(shipped)
    .sort()
    .filter((warehouseId) => shipped[warehouseId] > 0)
    .map((warehouseId) => ({
      type: 'StockShipmentReturned' as const,
      data: { productId: data.productId, orderId: data.orderId, warehouseId, quantity: shipped[warehouseId], onHand: state.onHand[warehouseId] ?? 0 },
    }));
}

/** `holding[orderId][warehouseId] += delta`, dropping empty entries. */
function addHolding(holding: Record<string, Record<string, number>>, orderId: string, warehouseId: string, delta: number): Record<string, Record<string, number>> {
  const held = { ...(holding[orderId] ?? {}) };
  const next = (held[warehouseId] ?? 0) + delta;
  if (next > 0) held[warehouseId] = next;
  else delete held[warehouseId];
  const { [orderId]: _order, ...others } = holding;
  return Object.keys(held).length ? { ...others, [orderId]: held } : others;
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
      return { ...state, productId: event.data.productId, onHand, reservations: { ...state.reservations, [orderId]: { ...held, [warehouseId]: (held[warehouseId] ?? 0) + quantity } } };
    }
    case 'ReservationReleased': {
      // A release gives back `quantity` of what the order holds there (all of it, but for SetReservation's partial ones).
      const { orderId, warehouseId, quantity } = event.data;
      return { ...state, productId: event.data.productId, onHand, reservations: addHolding(state.reservations, orderId, warehouseId, -quantity) };
    }
    case 'StockShipped': {
      const { orderId, warehouseId, quantity } = event.data;
      return { ...state, productId: event.data.productId, onHand, reservations: addHolding(state.reservations, orderId, warehouseId, -quantity), shipped: addHolding(state.shipped ?? {}, orderId, warehouseId, quantity) };
    }
    case 'StockShipmentReturned': {
      const { orderId, warehouseId, quantity } = event.data;
      return { ...state, productId: event.data.productId, onHand, reservations: addHolding(state.reservations, orderId, warehouseId, quantity), shipped: addHolding(state.shipped ?? {}, orderId, warehouseId, -quantity) };
    }
    default:
      return assertNever(event);
  }
}

export const stockDecider: Decider<StockCommand, StockEvent, StockState> = { decide, evolve, initialState };
