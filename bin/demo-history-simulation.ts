/**
 * A generated history for the demo shop (docs/analytics.md "A history to analyse"): `simulateDemoHistory` plays
 * `days` days of a shop's life before `end` through the REAL commands, each with its event time (the command
 * context's `now`) in the past:
 *
 * - shoppers searching: Estonian and English words, typos, part numbers of the catalog, terms nothing matches (the
 *   search statistics record zero-result searches); the result count is what the catalog's names and codes match;
 * - shoppers ordering baskets of 1-4 lines (popular parts more often, repeat customers, a courier or a parcel
 *   machine, the postage line as the checkout adds it), then paying with a bank (78 %) or abandoning, in which case
 *   the reservation expires after the TTL (the same ExpireReservation the worker runs);
 * - an order the stock cannot cover is refused as on the storefront, and then the shopper sometimes asks to be told
 *   when the part is back (back-in-stock request);
 * - staff filling paid orders on the next working morning, and receiving stock for parts that run low, twice a week.
 *
 * **Deterministic from the seed**: every id (command, correlation, order, transaction, token) comes from a seeded
 * generator, actions run one after another in time order, so the same seed on the same catalog appends the same
 * events with the same ids and data. Every event carries `generatedBy: 'demo-history'` in its metadata, and the run
 * is recorded as DemoHistoryGenerated in stream `setup-demo-history` (see data/README.md: GENERATED, not real).
 * Shoppers' addresses are on example.com (RFC 2606), their names invented.
 *
 * Limits: the catalog's opening stock was recorded when it was imported (today), after the history's events in
 * time; a history is added once per database (the marker), not merged with real orders of the same days.
 */
import { v5 as uuidv5 } from 'uuid';
import { DomainError } from '../domain/shared/errors.js';
import { normaliseKeyword } from '../domain/search/keyword.js';
import type { OrderClient, OrderDelivery, OrderLanguage } from '../domain/order/order.js';
import { DELIVERY_PROVIDERS, postageCode, postageProductId } from '../domain/delivery/providers.js';
import { stockDecider, toStockStreamId, totalOnHand } from '../domain/stock/stock.js';
import type { AvailabilityPolicy } from '../domain/product/availability.js';
import type { EventStore } from '../platform/event-store/port.js';
import { type CommandContext, toNewEvents } from '../commands/shared/command-handler.js';
import { loadAggregate } from '../commands/shared/load-aggregate.js';
import { recordSearch } from '../commands/catalog/record-search.js';
import { readCatalogCsv } from '../commands/catalog/catalog-csv.js';
import { OrderNotAccepted, placeOrder, type PlaceOrderLine } from '../commands/order/place-order.js';
import { startPayment } from '../commands/order/start-payment.js';
import { recordPayment } from '../commands/order/record-payment.js';
import { expireReservation } from '../commands/order/expire-reservation.js';
import { markOrderFilled } from '../commands/order/mark-order-filled.js';
import { receiveStock } from '../commands/stock/receive-stock.js';
import { requestStockNotification } from '../commands/stock-notification/request-stock-notification.js';

/** The `generatedBy` metadata of every generated event. */
export const GENERATED_BY = 'demo-history';
/** The stream recording that a history was generated (once per database). */
export const DEMO_HISTORY_MARKER = 'setup-demo-history';

const ID_NAMESPACE = '3f7c1a9e-8d24-4b6a-a1f3-5e2d7c9b0a41';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A catalog product the simulation may sell (from the demo catalog or a test's rows). */
export interface DemoProduct {
  productId: string;
  code: string;
  names: { et: string; en: string };
  /** Gross unit price, euro cents. */
  grossCents: number;
  unit: string;
  policy: AvailabilityPolicy;
  deliveryDays: number | null;
}

export interface DemoHistoryOptions {
  /** Days simulated (1-365). */
  days: number;
  /** Seed of every random choice (an integer). */
  seed: number;
  /** The first UTC day after the history (YYYY-MM-DD); the history covers the `days` days before it. */
  end: string;
  /** Products sold (priced, sellable; the simulation picks its popular ones from them). */
  products: DemoProduct[];
  /** Products the search result counts are computed over (default: `products`). */
  searchCatalog?: DemoProduct[];
  /** The warehouse that receives stock (must exist). */
  warehouseId: string;
  /** VAT_RATE_PERCENT (spec 5 "VAT"). */
  vatRatePercent: number;
  /** Order numbers (the shop's sequence). */
  nextOrderNumber: () => Promise<number>;
  /** The reservation TTL, milliseconds (ORDER_RESERVATION_TTL_MS). */
  reservationTtlMs: number;
  log?: (line: string) => void;
}

export interface DemoHistoryReport {
  from: string;
  to: string;
  searches: number;
  zeroResultSearches: number;
  ordersPlaced: number;
  ordersRefused: number;
  ordersPaid: number;
  ordersExpired: number;
  ordersFilled: number;
  stockReceipts: number;
  backInStockRequests: number;
}

/** mulberry32: a small, fast, seeded generator of floats in [0, 1). */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEARCH_WORDS_ET = ['piduriklotsid', 'õlifilter', 'süüteküünal', 'summuti', 'tihend', 'sidur', 'laager', 'vedru', 'kate', 'lamp', 'rihm', 'pump', 'kaabel', 'juhtmestik', 'filter', 'kruvi'];
const SEARCH_WORDS_EN = ['brake pads', 'oil filter', 'spark plug', 'gasket', 'clutch', 'bearing', 'spring', 'cover', 'lamp', 'belt', 'pump', 'cable', 'wiring loom', 'seal', 'bolt', 'exhaust'];
const TYPOS = ['piduriklotsd', 'olifilter', 'süüteküünel', 'gaskett', 'cluth', 'bearng', 'wirring loom', 'exaust'];
const NOTHING_MATCHES = ['tesla model 3 aku', 'iphone laadija', 'talverehvid 205/55 r16', 'xqz-0000', 'playstation', 'jalgratta kett'];
const FIRST_NAMES = ['Mari', 'Jaan', 'Kati', 'Peeter', 'Liis', 'Toomas', 'Kadri', 'Andres', 'Piret', 'Margus', 'Eveli', 'Rein', 'Anu', 'Urmas', 'Helen', 'Tarmo', 'John', 'Emma', 'Mikko', 'Laura'];
const LAST_NAMES = ['Tamm', 'Saar', 'Sepp', 'Mägi', 'Kask', 'Kukk', 'Rebane', 'Ilves', 'Pärn', 'Koppel', 'Lepik', 'Kallas', 'Smith', 'Virtanen', 'Oja', 'Raud'];
const CITIES = ['Tallinn', 'Tartu', 'Pärnu', 'Narva', 'Viljandi', 'Rakvere', 'Haapsalu', 'Kuressaare'];
/** Payment methods and their share (the sandbox's providers stand for the banks; spec 4 "Payment"). */
const METHODS: readonly [string, number][] = [
  ['ipizza-swedbank', 0.42],
  ['ipizza-seb', 0.24],
  ['ipizza-lhv', 0.16],
  ['ipizza-luminor', 0.08],
  ['ipizza-coop', 0.1],
];

interface Shopper {
  client: OrderClient;
  language: OrderLanguage;
  city: string;
}

type Action = { at: number; seq: number; run: () => Promise<void> };

/**
 * Plays the history (see the module comment) and records DemoHistoryGenerated.
 * @returns what was generated
 * @throws Error when `days` is not 1-365 or `products` holds no priced product; errors of the commands other than
 *   the refusals the simulation expects (stock short, an order already paid or expired)
 */
export async function simulateDemoHistory(store: EventStore, options: DemoHistoryOptions): Promise<DemoHistoryReport> {
  if (!Number.isInteger(options.days) || options.days < 1 || options.days > 365) throw new Error(`days must be a whole number 1-365, not ${options.days}`);
  const sellable = options.products.filter((p) => p.grossCents > 0 && p.policy !== 'not_available');
  if (sellable.length === 0) throw new Error('no priced product to sell');
  const random = generator(options.seed);
  let counter = 0;
  const nextId = () => uuidv5(`${options.seed}/${counter++}`, ID_NAMESPACE);
  const log = options.log ?? (() => {});
  const endMs = Date.parse(`${options.end}T00:00:00.000Z`);
  const startMs = endMs - options.days * DAY;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const ctx = (at: number, userId: string | null = null): CommandContext => ({ commandId: nextId(), correlationId: nextId(), userId, now: new Date(at).toISOString(), generatedBy: GENERATED_BY });
  const staffId = uuidv5(`${options.seed}/staff`, ID_NAMESPACE);

  // Popular parts: a fixed sample of the catalog, drawn with Zipf-like weights (the first sells most).
  const popular = [...sellable].sort((a, b) => (a.productId < b.productId ? -1 : 1));
  for (let i = popular.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [popular[i], popular[j]] = [popular[j], popular[i]];
  }
  popular.length = Math.min(popular.length, 120);
  const weights = popular.map((_, i) => 1 / (i + 1));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const pickPopular = (): DemoProduct => {
    let r = random() * weightSum;
    for (let i = 0; i < popular.length; i++) if ((r -= weights[i]) <= 0) return popular[i];
    return popular[popular.length - 1];
  };

  const shoppers: Shopper[] = Array.from({ length: 80 }, (_, i) => {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const business = random() < 0.15;
    return {
      client: { type: business ? 'business' : 'private', firstName: first, lastName: last, businessName: business ? `${last} Auto OÜ` : '', email: `${first}.${last}.${i + 1}@example.com`.toLowerCase(), phone: `+372 5${String(1000000 + Math.floor(random() * 8999999)).slice(0, 7)}`, vatRegNr: '' },
      language: random() < 0.8 ? 'et' : 'en-US',
      city: pick(CITIES),
    };
  });

  // Result counts as the catalog's names and codes match the words (computed once per keyword).
  const searchCatalog = (options.searchCatalog ?? options.products).map((p) => `${p.code} ${p.names.et} ${p.names.en}`.toLowerCase());
  const counts = new Map<string, number>();
  const resultCount = (keyword: string): number => {
    let n = counts.get(keyword);
    if (n === undefined) {
      const words = keyword.split(' ').filter(Boolean);
      n = words.length ? searchCatalog.filter((text) => words.every((w) => text.includes(w))).length : 0;
      counts.set(keyword, n);
    }
    return n;
  };

  const report: DemoHistoryReport = { from: new Date(startMs).toISOString().slice(0, 10), to: options.end, searches: 0, zeroResultSearches: 0, ordersPlaced: 0, ordersRefused: 0, ordersPaid: 0, ordersExpired: 0, ordersFilled: 0, stockReceipts: 0, backInStockRequests: 0 };
  // The agenda: actions in time order (ties in the order they were scheduled); later actions are inserted in place.
  const agenda: Action[] = [];
  let seq = 0;
  const schedule = (at: number, run: () => Promise<void>) => {
    const action = { at, seq: seq++, run };
    let lo = 0;
    let hi = agenda.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (agenda[mid].at <= at) lo = mid + 1;
      else hi = mid;
    }
    agenda.splice(lo, 0, action);
  };
  /** Swallows the refusals a real shop meets too (stock short, paid meanwhile, ...), never other errors. */
  const refusal = (error: unknown) => {
    if (!(error instanceof DomainError)) throw error;
  };

  const search = (at: number) => async () => {
    const kind = random();
    const language = random() < 0.75 ? 'et' : 'en';
    const query =
      kind < 0.45 ? pick(language === 'et' ? SEARCH_WORDS_ET : SEARCH_WORDS_EN) : kind < 0.62 ? pick(TYPOS) : kind < 0.85 ? pickPopular().code : kind < 0.93 ? pick(NOTHING_MATCHES) : pick(SEARCH_WORDS_EN).toUpperCase();
    const count = resultCount(normaliseKeyword(query));
    await recordSearch(store, { query, categoryId: null, filters: {}, resultCount: count, typedByUser: random() < 0.9, language }, ctx(at));
    report.searches++;
    if (count === 0) report.zeroResultSearches++;
  };

  const order = (at: number) => async () => {
    const shopper = pick(shoppers);
    const lineCount = 1 + Math.floor(random() ** 2 * 4);
    const chosen = new Map<string, { product: DemoProduct; quantity: number }>();
    for (let i = 0; i < lineCount; i++) {
      const product = pickPopular();
      const quantity = random() < 0.75 ? 1 : 2 + Math.floor(random() * 3);
      chosen.set(product.productId, { product, quantity: (chosen.get(product.productId)?.quantity ?? 0) + quantity });
    }
    const courier = random() < 0.35;
    const providerId = courier ? 'omniva-courier' : 'omniva-parcel';
    const provider = DELIVERY_PROVIDERS[providerId];
    const language = shopper.language;
    const nameIn = (p: DemoProduct) => (language === 'en-US' ? p.names.en || p.names.et : p.names.et || p.names.en) || p.code;
    const lines: PlaceOrderLine[] = [...chosen.values()].map(({ product, quantity }) => ({
      productId: product.productId,
      code: product.code,
      name: nameIn(product),
      unit: product.unit,
      quantity,
      grossUnitCents: product.grossCents,
      policy: product.policy,
      deliveryDays: product.deliveryDays,
    }));
    lines.push({ productId: postageProductId(providerId), code: postageCode(providerId), name: provider.name[language === 'en-US' ? 'en' : 'et'], unit: 'pcs', quantity: 1, grossUnitCents: provider.feeCents, policy: 'non_stock', deliveryDays: null });
    const delivery: OrderDelivery = courier
      ? { providerId, providerName: provider.name.et, optionId: null, optionName: null, address: { street: `${pick(['Pikk', 'Lai', 'Tartu mnt', 'Pärnu mnt', 'Kesk'])} ${1 + Math.floor(random() * 90)}`, apartment: '', city: shopper.city, state: '', areaCode: String(10000 + Math.floor(random() * 80000)), country: 'EE' } }
      : { providerId, providerName: provider.name.et, optionId: null, optionName: `${shopper.city} Omniva pakiautomaat`, address: null };
    const orderId = nextId();
    const token = nextId().replaceAll('-', '');
    try {
      const placed = await placeOrder(store, { orderId, language, client: shopper.client, shortContactAddress: '', comment: '', delivery, lines, vatRatePercent: options.vatRatePercent }, ctx(at), { nextOrderNumber: options.nextOrderNumber, newPublicToken: () => token }, { mayExist: false });
      report.ordersPlaced++;
      const productIds = placed.reservations.map((r) => r.productId);
      if (random() < 0.78) {
        const method = (() => {
          let r = random();
          for (const [id, share] of METHODS) if ((r -= share) <= 0) return id;
          return METHODS[0][0];
        })();
        const payAt = at + (2 + Math.floor(random() * 15)) * MINUTE;
        schedule(payAt, async () => {
          await startPayment(store, { orderId, methodId: method, providerId: method, attemptId: nextId() }, ctx(payAt)).catch(refusal);
          const paidAt = payAt + (1 + Math.floor(random() * 4)) * MINUTE;
          const paid = await recordPayment(store, { orderId, providerId: method, transactionId: nextId(), status: 'paid', amountCents: placed.totalCents, currency: 'EUR' }, ctx(paidAt)).then(
            (r) => r.events.some((e) => e.type === 'OrderPaid'),
            (error: unknown) => (refusal(error), false),
          );
          if (!paid) return;
          report.ordersPaid++;
          // Staff fill it the next working morning (Saturday and Sunday orders on Monday).
          let fillDay = Math.floor(paidAt / DAY) * DAY + DAY;
          while ([0, 6].includes(new Date(fillDay).getUTCDay())) fillDay += DAY;
          const fillAt = fillDay + 6 * HOUR + Math.floor(random() * 6 * 60) * MINUTE;
          schedule(fillAt, async () => {
            const filled = await markOrderFilled(store, { orderId }, ctx(fillAt, staffId)).then(() => true, (error: unknown) => (refusal(error), false));
            if (filled) report.ordersFilled++;
          });
        });
      } else {
        // Abandoned: some started a payment and cancelled at the bank; the reservation expires after the TTL.
        if (random() < 0.4) {
          const method = pick(METHODS)[0];
          const startedAt = at + 3 * MINUTE;
          schedule(startedAt, async () => {
            await startPayment(store, { orderId, methodId: method, providerId: method, attemptId: nextId() }, ctx(startedAt)).catch(refusal);
            await recordPayment(store, { orderId, providerId: method, transactionId: nextId(), status: 'cancelled', amountCents: placed.totalCents, currency: 'EUR' }, ctx(startedAt + MINUTE)).catch(refusal);
          });
        }
        const expireAt = at + options.reservationTtlMs + (1 + Math.floor(random() * 5)) * MINUTE;
        schedule(expireAt, async () => {
          const { outcome } = await expireReservation(store, { orderId, productIds }, ctx(expireAt));
          if (outcome === 'expired') report.ordersExpired++;
        });
      }
    } catch (error) {
      if (!(error instanceof OrderNotAccepted)) throw error;
      report.ordersRefused++;
      // Sold out: some shoppers ask to be told when the part is back.
      if (random() < 0.5) {
        const wanted = error.problems[0]?.productId;
        if (wanted) {
          await requestStockNotification(store, { productId: wanted, email: shopper.client.email, quantity: 1, language: language === 'en-US' ? 'en' : 'et' }, ctx(at + MINUTE)).then(
            () => void report.backInStockRequests++,
            refusal,
          );
        }
      }
    }
  };

  const receipts = (at: number) => async () => {
    // Twice a week staff receive the popular parts that run low (an order of 5-24 units each).
    let offset = 0;
    for (const product of popular.slice(0, 60)) {
      if (product.policy !== 'available') continue;
      const { state } = await loadAggregate(store, toStockStreamId(product.productId), stockDecider);
      if (totalOnHand(state) >= 3 || random() < 0.3) continue;
      const receivedAt = at + offset++ * 2 * MINUTE;
      await receiveStock(store, { productId: product.productId, warehouseId: options.warehouseId, quantity: 5 + Math.floor(random() * 20), reason: 'Tarnija saadetis' }, ctx(receivedAt, staffId)).catch(refusal);
      report.stockReceipts++;
    }
  };

  for (let d = 0; d < options.days; d++) {
    const dayStart = startMs + d * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const busy = (weekend ? 0.6 : 1) * (0.8 + 0.4 * random());
    // Shop hours 07:00-21:00 UTC (09-23 in Tallinn); orders end by 20:00 so their payment or expiry lands the same day.
    const searches = Math.round(30 * busy);
    for (let i = 0; i < searches; i++) {
      const at = dayStart + 5 * HOUR + Math.floor(random() * 16 * 60) * MINUTE;
      schedule(at, search(at));
    }
    const orders = Math.round(6 * busy);
    for (let i = 0; i < orders; i++) {
      const at = dayStart + 6 * HOUR + Math.floor(random() * 13 * 60) * MINUTE;
      schedule(at, order(at));
    }
    if (weekday === 1 || weekday === 4) schedule(dayStart + 7 * HOUR, receipts(dayStart + 7 * HOUR));
  }
  let done = 0;
  for (let next = agenda.shift(); next && next.at < endMs; next = agenda.shift()) {
    await next.run();
    if (++done % 500 === 0) log(`demo history: ${done} actions, at ${new Date(next.at).toISOString().slice(0, 10)}`);
  }
  report.to = options.end;
  await store.appendToStream(
    DEMO_HISTORY_MARKER,
    toNewEvents([{ type: 'DemoHistoryGenerated', data: { generated: true, days: options.days, seed: options.seed, from: report.from, to: report.to, ...countsOf(report) } }], DEMO_HISTORY_MARKER, ctx(endMs - 1)),
    { expectedVersion: 'any' },
  );
  return report;
}

const countsOf = ({ from: _f, to: _t, ...counts }: DemoHistoryReport) => counts;

/** Whether this database already holds a generated history (the marker stream). */
export async function hasDemoHistory(store: EventStore): Promise<boolean> {
  return (await store.readStream(DEMO_HISTORY_MARKER, { maxCount: 1 })).exists;
}

/**
 * The demo catalog's products (data/demo-catalog.csv, the rows `npm start` imports): the sellable ones (class
 * product, priced) and every row for the search result counts.
 */
export async function demoCatalogProducts(csvPath: string): Promise<{ sellable: DemoProduct[]; all: DemoProduct[] }> {
  const all: DemoProduct[] = [];
  const sellable: DemoProduct[] = [];
  for await (const row of readCatalogCsv(csvPath)) {
    if (!('productId' in row)) continue;
    const product: DemoProduct = { productId: row.productId, code: row.code1, names: row.names, grossCents: row.grossCents ?? 0, unit: row.unit, policy: row.policy, deliveryDays: row.deliveryDays };
    all.push(product);
    if (row.productClass === 'product' && row.grossCents && row.grossCents > 0) sellable.push(product);
  }
  return { sellable, all };
}
