/**
 * PlaceOrder as a use case over several streams (spec 4 "Checkout", spec 5 "Quantity and stock"):
 *
 * 1. when the order stream already holds OrderPlaced (a retried request with the same order id), answer that order;
 * 2. reserve each limited-amount line in its stock stream `stock-{productId}`, in turn in product id order
 *    (optimistic concurrency on each stream: never below 0, conflicts retried);
 * 3. when a line cannot be reserved, release the reservations already made (ReservationReleased, reason
 *    `order_not_placed`: compensating events) and place nothing: OrderNotAccepted;
 * 4. draw the order number (spec 3: assigned on saving) and append OrderPlaced to `order-{orderId}`.
 *
 * A crash between steps leaves reservations without an order (or an order the shopper never pays): the
 * reservation-expiry job (workers/jobs/expire-reservations.ts) releases them after ORDER_RESERVATION_TTL_MS.
 * Every command id is derived from the order's command id, so a re-run of the same order appends nothing twice.
 */
import { randomBytes } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { CatalogLine, OrderClient, OrderCommand, OrderDelivery, OrderLanguage, OrderPlacedData, OrderReservation } from '../../domain/order/order.js';
import { orderDecider, toOrderStreamId } from '../../domain/order/order.js';
import { OrderPlacedDataSchema } from '../../domain/order/events.js';
import type { AvailabilityPolicy } from '../../domain/product/availability.js';
import { DomainError } from '../../domain/shared/errors.js';
import { type EventStore, WrongExpectedVersionError } from '../../platform/event-store/port.js';
import { type CommandContext, toNewEvents } from '../shared/command-handler.js';
import { toStockStreamId } from '../../domain/stock/stock.js';
import { releaseReservation } from '../stock/release-reservation.js';
import { reserveStockForOrder } from '../stock/reserve-stock.js';

const STEP_NAMESPACE = '0c5e8f7e-2b8f-4f55-9d0e-0e4a3f1a6b21';

/** A command id for one step of the order, derived from the order's command id. */
export const stepCommandId = (commandId: string, step: string) => uuidv5(`${commandId}/${step}`, STEP_NAMESPACE);

/** An order line as the catalog sells it, with what the Stock aggregate needs to decide on a reservation. */
export interface PlaceOrderLine extends CatalogLine {
  policy: AvailabilityPolicy;
  deliveryDays: number | null;
}

export interface PlaceOrderInput {
  orderId: string;
  language: OrderLanguage;
  client: OrderClient;
  shortContactAddress: string;
  comment: string;
  delivery: OrderDelivery;
  /** One line per product (merged by the caller), priced from the catalog. */
  lines: PlaceOrderLine[];
  /** VAT_RATE_PERCENT (spec 5 "VAT"). */
  vatRatePercent: number;
}

/**
 * A line that could not be reserved: the order was not accepted (the shopper is sent to /cart, spec 4). A
 * DomainError `order.not_accepted` of category conflict (409); `problems` name the products, `details.problems` the
 * same as `stock.insufficient` per product id.
 */
export class OrderNotAccepted extends DomainError {
  constructor(readonly problems: { productId: string; code: 'stock.insufficient'; message: string }[]) {
    super('order.not_accepted', 'conflict', `Order not accepted: ${problems.map((p) => `${p.productId} ${p.message}`).join('; ')}`, undefined, {
      problems: problems.map((p) => ({ code: p.code, field: p.productId, message: p.message })),
      redirect: '/cart',
    });
    this.name = 'OrderNotAccepted';
  }
}

/** 32 url-safe random characters (192 bits): the public token of /payment/{token} and /order/download/{token}. */
export const newPublicToken = () => randomBytes(24).toString('base64url');

/**
 * Places an order. `nextOrderNumber` draws from the order-number sequence (gaps allowed: the number is drawn while
 * the lines are reserved, so an order that is then refused leaves a gap). The lines' stock streams are reserved one
 * after another in product id order (each with optimistic concurrency); when one fails, every reservation made is
 * released.
 * @param options.mayExist false when the order id is new for sure (a random id): skips looking for a stored order
 * @returns the placed order's OrderPlaced data (the stored one when the order already existed)
 * @throws OrderNotAccepted when a limited line has fewer free units than ordered (nothing placed, nothing held);
 *   DomainError from the Order decider (order.empty, order.row_name_required, ...) after releasing what it held;
 *   WrongExpectedVersionError when a stream stays contended for 10 attempts.
 */
export async function placeOrder(
  store: EventStore,
  input: PlaceOrderInput,
  ctx: CommandContext,
  deps: {
    nextOrderNumber: () => Promise<number>;
    newPublicToken?: () => string;
    /** Where a failed compensation is reported (pino's `error(obj, msg)` shape; default: one JSON line on stderr). */
    log?: CompensationLog;
  },
  options: { mayExist?: boolean } = {},
): Promise<OrderPlacedData> {
  if (options.mayExist !== false) {
    const existing = await readPlaced(store, input.orderId);
    if (existing) return existing;
  }
  const number = deps.nextOrderNumber();
  number.catch(() => {}); // awaited below; a failure is reported there

  // Streams this run reserved in (or tried to: a failed append may still have committed).
  const touched: string[] = [];
  const log = deps.log ?? stderrLog;
  const release = async () => {
    // Compensation: give back whatever this order holds; each release is idempotent per order. A release that
    // fails is logged with the order and the stream; the expiry job releases what it left behind.
    await Promise.all(
      touched.map((productId) =>
        releaseReservation(store, { productId, orderId: input.orderId, reason: 'order_not_placed' }, { ...ctx, commandId: stepCommandId(ctx.commandId, `release/${productId}`) }).catch(
          (error: unknown) => {
            log.error(
              { orderId: input.orderId, streamId: toStockStreamId(productId), err: error instanceof Error ? error.message : String(error) },
              'place-order: compensation failed, the reservation stays until the expiry job releases it',
            );
          },
        ),
      ),
    );
  };
  try {
    // One stream after another, in product id order: two orders competing for the same last units then meet on
    // the same stream first, so one of them gets everything instead of each getting a part and both failing.
    const reservations: OrderReservation[] = [];
    const problems: OrderNotAccepted['problems'] = [];
    for (const line of [...input.lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))) {
      try {
        touched.push(line.productId);
        const { held } = await reserveStockForOrder(
          store,
          { productId: line.productId, orderId: input.orderId, quantity: line.quantity, policy: line.policy, deliveryDays: line.deliveryDays },
          { ...ctx, commandId: stepCommandId(ctx.commandId, `reserve/${line.productId}`) },
        );
        if (held > 0) reservations.push({ productId: line.productId, quantity: held });
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'stock.insufficient')) throw error;
        problems.push({ productId: line.productId, code: 'stock.insufficient', message: error.message });
        break;
      }
    }
    if (problems.length) throw new OrderNotAccepted(problems);

    const streamId = toOrderStreamId(input.orderId);
    const command: OrderCommand = {
      type: 'PlaceOrder',
      data: {
        orderId: input.orderId,
        number: await number,
        publicToken: (deps.newPublicToken ?? newPublicToken)(),
        language: input.language,
        client: input.client,
        shortContactAddress: input.shortContactAddress,
        comment: input.comment,
        delivery: input.delivery,
        lines: input.lines.map(({ policy: _p, deliveryDays: _d, ...l }) => l),
        vatRatePercent: input.vatRatePercent,
        reservations,
      },
      metadata: { now: ctx.now },
    };
    // A new stream: decided on the empty state and appended only if the stream still does not exist.
    const events = orderDecider.decide(command, orderDecider.initialState);
    try {
      await store.appendToStream(streamId, toNewEvents(events, streamId, ctx), { expectedVersion: 'no_stream' });
      const placed = events[0];
      if (placed?.type !== 'OrderPlaced') throw new Error(`PlaceOrder decided ${placed?.type ?? 'nothing'}, not OrderPlaced`);
      return placed.data;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // Placed meanwhile by a concurrent run of the same order id: answer the stored order, keep its reservations.
      const stored = await readPlaced(store, input.orderId);
      if (stored) return stored;
      throw error;
    }
  } catch (error) {
    await release(); // never rejects: each failed release is logged above
    throw error;
  }
}

/** Where place-order reports a failed compensation (pino-compatible). */
export interface CompensationLog {
  error(fields: { orderId: string; streamId: string; err: string }, message: string): void;
}

const stderrLog: CompensationLog = {
  error: (fields, message) => console.error(JSON.stringify({ level: 'error', msg: message, ...fields })),
};

/** The OrderPlaced data of an order, or null when the order stream does not exist. */
export async function readPlaced(store: EventStore, orderId: string): Promise<OrderPlacedData | null> {
  const { events } = await store.readStream(toOrderStreamId(orderId), { maxCount: 1 });
  const first = events[0];
  return first?.type === 'OrderPlaced' ? OrderPlacedDataSchema.parse(first.data) : null;
}
