/**
 * EditOrder as a use case over the order and its stock streams (staff order editing; spec 2 OrderEdit; spec 5 "VAT"
 * and "an order cannot be saved without a product or service name"): staff save the rows (catalog products with
 * quantity and unit price, service rows by name), the discount, the shop service fee and the comments, with the
 * order stream version the screen read.
 *
 * Stock follows the rows with the same no-oversell guarantee as placing an order (commands/order/place-order.ts):
 * every change of an order's units is a decision on the product's stock stream with optimistic concurrency
 * (`decideOnStock`), and stock never goes below zero. The order and the stock streams cannot be appended in one
 * transaction, so the steps are ordered such that a crash anywhere leaves the stock streams holding *at least* what
 * the order claims (never less, so no sold unit is missing), and only ever an excess that the next step of the same
 * order gives back:
 *
 * 1. read `order-{id}`: changed since the version the screen read (other than a refused save's lease events) ->
 *    OrderChangedMeanwhileError (409, who and when);
 * 2. price the rows (domain: spec 5 VAT rule, discount, fee; refusals are 400s) and compute per product the units
 *    the rows ask for (targets) against what the order claims now;
 * 3. no target changes (prices, names, service rows, comments): one append expecting the version read; done;
 * 4. else take the order's edit lease: OrderEditStarted appended expecting the version read (so only one edit of
 *    the order runs its stock steps at a time; a stale version is refused here too);
 * 5. raises first, in product id order: SetReservation(raise to target). Too few free units -> give back what this
 *    edit raised (SetReservation lower to the old claim), OrderEditAbandoned, 409 `order.not_enough_stock` naming
 *    the row;
 * 6. OrderRowsEdited (+ OrderCommentsChanged) with the units the order now claims (the lease stays);
 * 7. lowers last, still under the lease: SetReservation(lower to the claim) for every product of the order, giving
 *    back units of lowered or removed rows (and any excess an earlier crashed edit left);
 * 8. OrderEditCompleted closes the lease.
 * A crash after 5 leaves extra units held; after 6, units not yet given back: the order claims less than the stock
 * holds in both cases, and the next stock-changing edit of the order gives them back in its step 7. Lowering only
 * under the lease matters: another edit's raises (step 5) are not yet claimed by the order, and a lower outside the
 * lease could take them away. The lease (ORDER_EDIT_LEASE_MS) expires, so a crashed edit never blocks the order;
 * an edit checks before each stock step that it is well inside its lease and gives up otherwise.
 */
import type { CatalogPrices } from './place-order-from-cart.js';
import { orderDecider, type OrderEvent, type OrderState, toOrderStreamId } from '../../domain/order/order.js';
import { type EditRowInput, ORDER_EDIT_LEASE_MS, priceEditedRows, reservationTargets } from '../../domain/order/staff-edits.js';
import { DomainError, notFound, validation } from '../../domain/shared/errors.js';
import { type EventStore, type RecordedEvent, WrongExpectedVersionError } from '../../platform/event-store/port.js';
import { type CommandContext, handleWith, toNewEvents } from '../shared/command-handler.js';
import { toDomainEvent } from '../shared/event-parsers.js';
import { setReservation } from '../stock/set-reservation.js';
import { stepCommandId } from './place-order.js';

/** What OrderEdit saves (amounts in euro cents of the order's price basis; quantities whole units). */
export interface EditOrderInput {
  orderId: string;
  /** The order stream version the screen read. */
  expectedVersion: number;
  rows: EditRowInput[];
  discountCents: number;
  serviceFeeCents: number;
  employeeComment: string;
  invoiceComment: string;
}

/** The order stream moved since the screen read it: who changed it last (user id or null) and when (ISO-8601). */
export class OrderChangedMeanwhileError extends Error {
  readonly code = 'order.changed_meanwhile';
  constructor(
    readonly orderId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
    readonly lastUserId: string | null,
    readonly lastChangedAt: string | null,
  ) {
    super(`Order ${orderId} changed since version ${expectedVersion} (now ${actualVersion})`);
    this.name = 'OrderChangedMeanwhileError';
  }
}

/**
 * A product row asks for more units than are free (409 `order.not_enough_stock`): the row's index, the product and
 * the units the order could still get (`free`: units free now plus what the order already holds).
 */
export class OrderNotEnoughStockError extends DomainError {
  constructor(
    readonly rowIndex: number,
    readonly productId: string,
    readonly available: number,
  ) {
    const field = `rows.${rowIndex}.quantity`;
    super('order.not_enough_stock', 'conflict', `Only ${available} available for row ${rowIndex + 1}`, field, { problems: [{ code: 'order.not_enough_stock', field }] });
    this.name = 'OrderNotEnoughStockError';
  }
}

export interface EditOrderPorts {
  /** The catalog's products (codes, units, availability policy): commands/order/place-order-from-cart.ts. */
  catalog: CatalogPrices;
  /** Lease length in ms (default ORDER_EDIT_LEASE_MS). */
  leaseMs?: number;
  /** Milliseconds since some origin (default performance.now): measures the edit against its lease. */
  clock?: () => number;
}

export interface EditOrderResult {
  /** The events appended to the order stream (none when nothing changed). */
  events: OrderEvent[];
  /** The order stream's version after the save. */
  version: number;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Events that change nothing the screen shows: an edit's lease taken and given up (a refused save). */
const LEASE_ONLY = new Set(['OrderEditStarted', 'OrderEditAbandoned']);

async function readOrder(store: EventStore, orderId: string): Promise<{ state: OrderState; version: number; last: RecordedEvent | null; events: RecordedEvent[] }> {
  const { events, version } = await store.readStream(toOrderStreamId(orderId));
  const state = events.reduce((s, e) => orderDecider.evolve(s, toDomainEvent<OrderEvent>(e)), orderDecider.initialState);
  const last = [...events].reverse().find((e) => !LEASE_ONLY.has(e.type)) ?? null;
  return { state, version: Number(version), last, events };
}

async function changedMeanwhile(store: EventStore, orderId: string, expected: number): Promise<OrderChangedMeanwhileError> {
  const { version, last } = await readOrder(store, orderId);
  const metadata = (last?.metadata ?? {}) as { userId?: unknown; time?: unknown };
  return new OrderChangedMeanwhileError(orderId, expected, version, typeof metadata.userId === 'string' ? metadata.userId : null, typeof metadata.time === 'string' ? metadata.time : null);
}

/**
 * Saves OrderEdit (see the module comment for the steps and what a crash leaves).
 * @throws OrderChangedMeanwhileError (409); DomainError not_found `order.not_found`; validation `order.product_unknown`
 *   (field `rows.<i>.productId`) and the Order decider's (`order.row_name_required` with spec 5's message,
 *   `order.quantity_invalid`, `order.price_invalid`, `order.discount_invalid`, ...); conflict `order.not_enough_stock`
 *   (field `rows.<i>.quantity`), `order.being_edited`; illegal_state `order.filled`
 */
export async function editOrder(store: EventStore, input: EditOrderInput, ctx: CommandContext, ports: EditOrderPorts): Promise<EditOrderResult> {
  const clock = ports.clock ?? (() => performance.now());
  const started = clock();
  const leaseMs = ports.leaseMs ?? ORDER_EDIT_LEASE_MS;
  const streamId = toOrderStreamId(input.orderId);
  const { state, version, events: stored } = await readOrder(store, input.orderId);
  if (state.status === 'empty') throw notFound('order.not_found', "We couldn't find the requested order.");
  // Stale: the stream moved since the screen read it, by more than a refused save's lease taken and given up.
  const since = stored.filter((e) => Number(e.streamPosition) > input.expectedVersion);
  // (An edit still holding its lease is refused by the decider: `order.being_edited`.)
  if (version < input.expectedVersion || since.some((e) => !LEASE_ONLY.has(e.type))) {
    throw await changedMeanwhile(store, input.orderId, input.expectedVersion);
  }

  // Product rows name catalog products; their code and unit default to the catalog's.
  const productIds = [...new Set(input.rows.flatMap((r) => (r.productId ? [r.productId] : [])))];
  const catalog = productIds.length ? await ports.catalog.products(productIds, ctx.now) : new Map();
  const rows = input.rows.map((r, i): EditRowInput => {
    if (!r.productId) return r;
    const p = catalog.get(r.productId);
    // A product already on the order may have left the catalog since; a new one must be known.
    const onOrder = state.staff.rows.some((o) => o.productId === r.productId);
    if (!p && !onOrder) throw validation('order.product_unknown', 'No such product in the catalog', `rows.${i}.productId`);
    return { ...r, code: r.code.trim() || p?.code || '', unit: r.unit.trim() || p?.unit || '' };
  });
  const base = { orderId: input.orderId, rows, discountCents: input.discountCents, serviceFeeCents: input.serviceFeeCents, employeeComment: input.employeeComment, invoiceComment: input.invoiceComment };

  // The units the rows ask for, against what the order claims now.
  const priced = priceEditedRows(rows, input.discountCents, input.serviceFeeCents, state.staff.vatRegNr, state.staff.vatRatePercent);
  const targets = reservationTargets(priced.rows);
  const claims = new Map(state.reservation === 'held' ? state.reservations.map((r) => [r.productId, r.quantity] as const) : []);
  // A product whose units the rows did not change and that the order holds nothing of (on demand, non-stock, or an
  // order whose reservations expired) needs no stock step: a comment or a price never reserves anything.
  const before = reservationTargets(state.staff.rows);
  const raises = [...targets.keys()].filter((id) => targets.get(id)! > (claims.get(id) ?? 0) && (targets.get(id) !== before.get(id) || claims.has(id))).sort(byId);
  const lowers = [...claims.keys()].filter((id) => (targets.get(id) ?? 0) < claims.get(id)!).sort(byId);

  if (raises.length === 0 && lowers.length === 0) {
    // No stock moves: one append expecting the version read (a writer slipping in between is refused the same way).
    const events = orderDecider.decide({ type: 'EditOrder', data: { ...base, editId: null, reservations: null }, metadata: { now: ctx.now } }, state);
    if (events.length === 0) return { events, version };
    try {
      const result = await store.appendToStream(streamId, toNewEvents(events, streamId, ctx), { expectedVersion: BigInt(version) });
      return { events: result.duplicate ? [] : events, version: Number(result.nextExpectedVersion) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) throw await changedMeanwhile(store, input.orderId, input.expectedVersion);
      throw error;
    }
  }

  // 4. The lease: only one stock-changing edit of the order at a time.
  const editId = ctx.commandId;
  const leaseUntil = new Date(Date.parse(ctx.now) + leaseMs).toISOString();
  const start = orderDecider.decide({ type: 'StartOrderEdit', data: { orderId: input.orderId, editId, leaseUntil }, metadata: { now: ctx.now } }, state);
  // Check the rows before holding the order (the decider refuses them the same way later).
  orderDecider.decide({ type: 'EditOrder', data: { ...base, editId: null, reservations: null }, metadata: { now: ctx.now } }, { ...state, staff: { ...state.staff, pendingEdit: null } });
  const leaseCtx = { ...ctx, commandId: stepCommandId(ctx.commandId, 'lease') };
  try {
    await store.appendToStream(streamId, toNewEvents(start, streamId, leaseCtx), { expectedVersion: BigInt(version) });
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) throw await changedMeanwhile(store, input.orderId, input.expectedVersion);
    throw error;
  }
  const stepCtx = (step: string) => ({ ...ctx, commandId: stepCommandId(ctx.commandId, step) });
  const abandon = (reason: 'not_enough_stock' | 'failed') =>
    handleWith(store, streamId, orderDecider, (s) => orderDecider.decide({ type: 'AbandonOrderEdit', data: { orderId: input.orderId, editId, reason }, metadata: { now: ctx.now } }, s), stepCtx('abandon')).catch(() => undefined);
  const outOfLease = () => clock() - started > leaseMs * 0.6;

  // 5. Raises, in product id order (two edits or orders competing for the same last units meet on the same stream).
  const newClaims = new Map(claims);
  const raised: string[] = [];
  try {
    for (const productId of raises) {
      if (outOfLease()) throw new DomainError('order.being_edited', 'conflict', 'The save took too long; try again');
      const p = catalog.get(productId);
      raised.push(productId);
      try {
        const { held } = await setReservation(
          store,
          { productId, orderId: input.orderId, quantity: targets.get(productId)!, mode: 'raise', policy: p?.policy ?? 'available', deliveryDays: p?.deliveryDays ?? null },
          stepCtx(`raise/${productId}`),
        );
        newClaims.set(productId, Math.min(held, targets.get(productId)!));
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'stock.insufficient')) throw error;
        // The stock decider says how many are free ('Only N available: ...'); the order may keep what it holds.
        const free = Number(/Only (\d+)/.exec(error.message)?.[1] ?? 0);
        const held = targets.get(productId)! - Number(/reserve (\d+) more/.exec(error.message)?.[1] ?? 0);
        throw new OrderNotEnoughStockError(rows.findIndex((r) => r.productId === productId), productId, free + Math.max(0, held));
      }
    }
    if (outOfLease()) throw new DomainError('order.being_edited', 'conflict', 'The save took too long; try again');
  } catch (error) {
    // Give back what this edit raised (never below the claim the order keeps), then close the lease.
    for (const productId of raised) {
      await setReservation(store, { productId, orderId: input.orderId, quantity: claims.get(productId) ?? 0, mode: 'lower', policy: 'available', deliveryDays: null }, stepCtx(`undo/${productId}`)).catch(() => undefined);
    }
    await abandon(error instanceof DomainError && error.code === 'order.not_enough_stock' ? 'not_enough_stock' : 'failed');
    throw error;
  }

  // 6. The order claims what it now holds.
  for (const productId of lowers) newClaims.set(productId, targets.get(productId) ?? 0);
  const reservations = [...newClaims.entries()].filter(([, q]) => q > 0).sort(([a], [b]) => byId(a, b)).map(([productId, quantity]) => ({ productId, quantity }));
  const result = await handleWith(
    store,
    streamId,
    orderDecider,
    (s) => orderDecider.decide({ type: 'EditOrder', data: { ...base, editId, reservations }, metadata: { now: ctx.now } }, s),
    stepCtx('save'),
  ).catch(async (error: unknown) => {
    for (const productId of raised) {
      await setReservation(store, { productId, orderId: input.orderId, quantity: claims.get(productId) ?? 0, mode: 'lower', policy: 'available', deliveryDays: null }, stepCtx(`undo/${productId}`)).catch(() => undefined);
    }
    await abandon('failed');
    throw error;
  });

  // 7. Lowers last, under the lease: units of lowered or removed rows go back (and any excess a crashed edit left).
  for (const productId of [...new Set([...claims.keys(), ...targets.keys()])].sort(byId)) {
    if (outOfLease()) break; // the next edit gives the rest back
    await setReservation(store, { productId, orderId: input.orderId, quantity: newClaims.get(productId) ?? 0, mode: 'lower', policy: 'available', deliveryDays: null }, stepCtx(`lower/${productId}`));
  }
  // 8. Close the lease.
  const done = await handleWith(
    store,
    streamId,
    orderDecider,
    (s) => orderDecider.decide({ type: 'CompleteOrderEdit', data: { orderId: input.orderId, editId }, metadata: { now: ctx.now } }, s),
    stepCtx('complete'),
  );
  return { events: result.events, version: Number(done.events.length ? done.version : result.version) };
}
