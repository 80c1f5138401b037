/**
 * A sample order summary (domain/order/order-summary.ts) for the mail and PDF tests: an Estonian private client
 * with õ, š, ž, ä in the name, two product rows (units as the catalog stores them: pcs, pair) and the postage row
 * (code postikulu-omniva-parcel) of a parcel-machine delivery, 24% VAT included. Amounts in euro cents.
 * `overrides` replace top-level fields.
 */
import { randomUUID } from 'node:crypto';
import type { OrderSummary } from '../../domain/order/order-summary.js';
import type { EventStore } from '../../platform/event-store/port.js';

export function sampleOrderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  // 2 x 12.40 + 1 x 139.99 + 1 x 3.99 = 168.78 gross; net = round(16878 / 1.24) = 13611; VAT 3267.
  return {
    orderId: '0b9d3c3e-3f5a-4d53-9d7e-6f0d6f1d2a01',
    number: 1042,
    publicToken: 'tok_3Qx9ZbV7mLrP2aWs',
    placedAt: '2026-11-21T22:30:00.000Z',
    language: 'et',
    isPaid: false,
    paidAt: null,
    refundedCents: 0,
    refundStatus: 'none',
    refunds: [],
    client: {
      type: 'private',
      firstName: 'Jõgeva',
      lastName: 'Šokolaad-Žukovski',
      businessName: '',
      email: 'joe.sokolaad@example.ee',
      phone: '+372 5555 1234',
      vatRegNr: '',
    },
    shortContactAddress: '',
    comment: 'Palun helistage enne <kohaletoomist> & aitäh',
    delivery: {
      providerId: 'omniva-parcel',
      providerName: 'Omniva pakiautomaat',
      optionId: '96311',
      optionName: 'Tartu Lõunakeskuse pakiautomaat',
      address: null,
    },
    rows: [
      { productId: 'p-1', code: 'BF 1018/1', name: 'Õhufilter Mini Cooper', quantity: 2, unit: 'pcs', unitPriceCents: 1240, lineTotalCents: 2480 },
      { productId: 'p-2', code: 'GBD 2247', name: 'Piduriketas (ees)', quantity: 1, unit: 'pair', unitPriceCents: 13999, lineTotalCents: 13999 },
      { productId: 'p-3', code: 'postikulu-omniva-parcel', name: 'Postikulu: Omniva pakiautomaat', quantity: 1, unit: 'pcs', unitPriceCents: 399, lineTotalCents: 399 },
    ],
    vatIncluded: true,
    vatRatePercent: 24,
    netTotalCents: 13611,
    vatCents: 3267,
    totalCents: 16878,
    ...overrides,
  };
}

/**
 * Appends an OrderPlaced event the way the order aggregate does (stream `order-{orderId}`, data with `orderId`) and,
 * for these tests only, the summary itself in `data.testSummary`, so `loadOrderFromTestEvents` can stand in for the
 * orders read model in any process.
 * @returns the event id
 */
export async function appendTestOrderPlaced(store: EventStore, summary: OrderSummary): Promise<string> {
  const id = randomUUID();
  await store.appendToStream(
    `order-${summary.orderId}`,
    [{ id, type: 'OrderPlaced', data: { orderId: summary.orderId, testSummary: summary }, metadata: { correlationId: id, causationId: id, userId: null, time: summary.placedAt } }],
    { expectedVersion: 'no_stream' },
  );
  return id;
}

/** A `loadOrder` that reads the summary of `appendTestOrderPlaced` back from the event store (null when absent). */
export function loadOrderFromTestEvents(store: EventStore): (orderId: string) => Promise<OrderSummary | null> {
  return async (orderId) => {
    const { events } = await store.readStream(`order-${orderId}`);
    const placed = events.find((e) => e.type === 'OrderPlaced');
    return ((placed?.data as { testSummary?: OrderSummary } | undefined)?.testSummary ?? null);
  };
}

/** Order `n` of a test run: its own id, number, token and client e-mail. */
export function numberedOrder(n: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  const base = sampleOrderSummary();
  return sampleOrderSummary({
    orderId: randomUUID(),
    number: 2000 + n,
    publicToken: `tok_${n}_${randomUUID().slice(0, 8)}`,
    client: { ...base.client, email: `client${n}@example.ee` },
    ...overrides,
  });
}
