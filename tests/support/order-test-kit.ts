/**
 * Test helpers of the order tests (tests/order-*.int.spec.ts, bench/place-order.bench.ts): catalog rows to import,
 * a complete checkout body, and stock figures read from the event store. Test code only.
 */
import type { ImportRow } from '../../commands/catalog/catalog-csv.js';
import { productIdForCode } from '../../commands/catalog/catalog-csv.js';
import type { AvailabilityPolicy } from '../../domain/product/availability.js';
import { evolve, initialState, type StockEvent, type StockState, totalOnHand, toStockStreamId } from '../../domain/stock/stock.js';
import type { EventStore } from '../../platform/event-store/port.js';
import type { PlaceOrderBody } from '../../api/contracts/orders.js';

let line = 2;

/** A catalog row: a priced product with stock in warehouse `tallinn` (whole units). */
export function productRow(
  code1: string,
  options: { grossCents?: number | null; stock?: number; policy?: AvailabilityPolicy; deliveryDays?: number | null; bigProduct?: boolean; names?: { et: string; en: string } } = {},
): ImportRow {
  return {
    line: line++,
    productId: productIdForCode(code1),
    code1,
    code2: null,
    names: options.names ?? { et: `Toode ${code1}`, en: `Product ${code1}` },
    descriptions: { et: '', en: '' },
    categoryPath: [],
    grossCents: options.grossCents === undefined ? 1240 : options.grossCents,
    stock: options.stock === undefined ? {} : { tallinn: options.stock },
    unit: 'pcs',
    policy: options.policy ?? 'available',
    deliveryDays: options.deliveryDays ?? null,
    bigProduct: options.bigProduct ?? false,
    productClass: 'product',
    attributes: [],
    oeNumbers: [],
    vehicles: [],
    images: [],
  };
}

/** A complete checkout by a private client with courier delivery (spec 5: every required field filled). */
export function checkoutBody(items: { product_id: string; amount: number; [extra: string]: unknown }[], over: Partial<PlaceOrderBody> = {}): PlaceOrderBody {
  return {
    items,
    client: { client_type: 'private', first_name: 'Mari', last_name: 'Maasikas', email: 'mari@example.ee', phone: '+372 5555 5555', vat_reg_nr: '', ...over.client },
    order: { delivery_provider: 'omniva-courier', delivery_option: '', accept_terms: true, delivery_user_comment: '', ...over.order },
    delivery: { country: 'EE', street: 'Pikk 1', apartment: '', city: 'Tallinn', state: 'Harjumaa', area_code: '10123', ...over.delivery },
    ...(over.language ? { language: over.language } : {}),
  };
}

/** The Stock aggregate of a product folded from its stream, with every stock event in order. */
export async function stockOf(store: EventStore, productId: string): Promise<{ state: StockState; free: number; events: StockEvent[] }> {
  const { events } = await store.readStream(toStockStreamId(productId));
  const stockEvents = events.map((e) => ({ type: e.type, data: e.data }) as StockEvent);
  const state = stockEvents.reduce(evolve, initialState);
  return { state, free: totalOnHand(state), events: stockEvents };
}

/**
 * The free units implied by summing the stock events' deltas (received +, adjusted by delta, counted as a new
 * level, reserved -, released +): must equal the last event's `onHand` when the history is consistent.
 */
export function freeUnitsBySum(events: StockEvent[]): number {
  let free = 0;
  for (const e of events) {
    switch (e.type) {
      case 'StockReceived':
        free += e.data.quantity;
        break;
      case 'StockAdjusted':
        free += e.data.delta;
        break;
      case 'StockCounted':
        free = e.data.quantity;
        break;
      case 'StockReserved':
        free -= e.data.quantity;
        break;
      case 'ReservationReleased':
        free += e.data.quantity;
        break;
    }
  }
  return free;
}
