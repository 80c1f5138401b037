/**
 * A deterministic event history for the analyses' tests and bench (analytics/): anonymous shopper sessions that
 * search (some terms find nothing), open products, add them to the cart and order; orders that are paid (by card
 * or bank link), filled, or whose reservation expires. Appended straight to the event store with the event time in
 * the past (metadata `time`), in windows of WINDOW sessions: per window one append per day's search stream, then
 * per day's step stream, then the order streams (a few at a time), so each session's search lands in `$all` before
 * its steps and its order, and a million events load in minutes.
 * Same `seed`, same events (ids included). The data are invented: no personal data beyond the placeholder client.
 */
import { v5 as uuidv5 } from 'uuid';
import type { EventStore, NewEvent } from '../../platform/event-store/port.js';

const NAMESPACE = '0f5b8f3e-2a57-4f0e-9b8e-7d1c1b6a4e21';
const TERMS = ['õlifilter', 'piduriklotsid', 'oil filter', 'brake pads', 'süüteküünal', 'spark plug', 'rehv 17', 'amortisaator', 'W 712/95', 'xyzzy-nothing', 'kliimafilter', 'headlight'];
const ZERO = new Set(['xyzzy-nothing', 'headlight']);
const METHODS = ['card', 'swedbank', 'seb', 'lhv'];

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface AnalyticsHistoryOptions {
  /** Shopper sessions to simulate (each makes about 6 events). */
  sessions: number;
  seed?: number;
  /** First event time, ISO-8601; sessions are spread over `days` days after it. */
  start?: string;
  days?: number;
  /** Sessions per window (per append of a day's searches). */
  window?: number;
  onProgress?: (events: number) => void;
}

function orderPlaced(orderId: string, number: number, placedAt: string, rows: { productId: string; cents: number }[], reserve: boolean) {
  const total = rows.reduce((n, r) => n + r.cents, 0);
  return {
    orderId,
    number,
    publicToken: orderId.replace(/-/g, '').padEnd(32, 'x'),
    placedAt,
    language: 'et' as const,
    client: { type: 'private' as const, firstName: 'Demo', lastName: 'Ostja', businessName: '', email: 'demo@example.com', phone: '', vatRegNr: '' },
    shortContactAddress: '',
    comment: '',
    delivery: { providerId: 'omniva', providerName: 'Omniva', optionId: null, optionName: null, address: null },
    rows: rows.map((r, i) => ({ productId: r.productId, code: `C${i}`, name: 'Varuosa', quantity: 1, unit: 'tk', unitPriceCents: r.cents, lineTotalCents: r.cents })),
    vatIncluded: true,
    vatRatePercent: 24,
    netTotalCents: Math.round(total / 1.24),
    vatCents: total - Math.round(total / 1.24),
    totalCents: total,
    reservations: reserve ? rows.map((r) => ({ productId: r.productId, quantity: 1 })) : [],
  };
}

/** Appends the history; returns the number of events appended. */
export async function appendAnalyticsHistory(store: EventStore, options: AnalyticsHistoryOptions): Promise<number> {
  const rnd = random(options.seed ?? 1);
  const start = Date.parse(options.start ?? '2026-09-01T06:00:00Z');
  const spanMs = (options.days ?? 60) * 86_400_000;
  const windowSize = options.window ?? 500;
  const pending = new Map<string, NewEvent[]>();
  let appended = 0;
  let ids = 0;
  const append = async (streamId: string) => {
    const events = pending.get(streamId)!;
    await store.appendToStream(streamId, events, { expectedVersion: 'any' });
    appended += events.length;
  };
  /** Appends the window: searches, then steps, then the orders 8 at a time (independent streams). */
  const flushWindow = async () => {
    const streams = [...pending.keys()];
    for (const id of streams.filter((s) => s.startsWith('search-'))) await append(id);
    for (const id of streams.filter((s) => s.startsWith('shopper-steps-'))) await append(id);
    const orders = streams.filter((s) => s.startsWith('order-'));
    for (let i = 0; i < orders.length; i += 8) await Promise.all(orders.slice(i, i + 8).map(append));
    pending.clear();
    options.onProgress?.(appended);
  };
  const add = async (streamId: string, type: string, data: unknown, time: number, session: string | null) => {
    const events = pending.get(streamId) ?? [];
    events.push({
      id: uuidv5(`${options.seed ?? 1}/${ids++}`, NAMESPACE),
      type,
      data,
      metadata: { correlationId: uuidv5(`c/${ids}`, NAMESPACE), causationId: uuidv5(`k/${ids}`, NAMESPACE), userId: null, time: new Date(time).toISOString(), ...(session ? { shopperSession: session } : {}) },
    });
    pending.set(streamId, events);
  };
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  for (let s = 0; s < options.sessions; s++) {
    if (s > 0 && s % windowSize === 0) await flushWindow();
    // Sessions in time order, so each day stream fills and is appended in turn.
    let t = start + Math.floor((s / options.sessions) * spanMs);
    const session = uuidv5(`session/${options.seed ?? 1}/${s}`, NAMESPACE);
    const tracked = rnd() < 0.9 ? session : null;
    const term = TERMS[Math.floor(rnd() * TERMS.length)]!;
    const results = ZERO.has(term) ? 0 : 1 + Math.floor(rnd() * 40);
    await add(`search-${day(t)}`, 'SearchPerformed', { query: term, categoryId: null, filters: {}, resultCount: results, typedByUser: true, language: 'et' }, t, tracked);
    if (!tracked || results === 0 || rnd() < 0.3) continue;
    const products = [`p-${Math.floor(rnd() * 500)}`, `p-${Math.floor(rnd() * 500)}`];
    for (const productId of products) {
      t += 20_000;
      await add(`shopper-steps-${day(t)}`, 'ShopperOpenedProduct', { productId }, t, session);
    }
    if (rnd() < 0.5) continue;
    t += 30_000;
    await add(`shopper-steps-${day(t)}`, 'ShopperAddedToCart', { productId: products[0], quantity: 1 }, t, session);
    if (rnd() < 0.4) continue;
    t += 120_000;
    const orderId = uuidv5(`order/${options.seed ?? 1}/${s}`, NAMESPACE);
    const stream = `order-${orderId}`;
    const reserve = rnd() < 0.7;
    const cents = 500 + Math.floor(rnd() * 20_000);
    await add(stream, 'OrderPlaced', orderPlaced(orderId, s + 1, new Date(t).toISOString(), [{ productId: products[0]!, cents }], reserve), t, session);
    const fate = rnd();
    if (fate < 0.7) {
      const methodId = METHODS[Math.floor(rnd() * METHODS.length)]!;
      t += 60_000;
      await add(stream, 'PaymentStarted', { orderId, attempt: 1, attemptId: `${orderId}-1`, methodId, providerId: 'montonio', amountCents: cents }, t, session);
      t += 60_000;
      await add(stream, 'OrderPaid', { orderId, providerId: 'montonio', transactionId: `t-${orderId}`, amountCents: cents, paidAt: new Date(t).toISOString() }, t, null);
      if (rnd() < 0.8) await add(stream, 'OrderFilled', { orderId, at: new Date(t + 86_400_000).toISOString(), shipped: [] }, t + 86_400_000, null);
    } else if (reserve) {
      await add(stream, 'OrderReservationExpired', { orderId, reservations: [], expiredAt: new Date(t + 3_600_000).toISOString() }, t + 3_600_000, null);
    }
  }
  await flushWindow();
  return appended;
}
