/**
 * Search conversion (docs/architecture.md "Analyses: search conversion and the order funnel", ShopifyQL's `searches` and `search_conversions`): per Tallinn
 * calendar day of the search and normalised keyword (domain/search/keyword.ts), how many searches led to a product
 * being opened, to a cart addition and to an order, with the searches that found nothing and those after which no
 * product was opened (no-click = tracked_searches - clicked_searches).
 *
 * Events (all carry the tab's anonymous `shopperSession` in their metadata; api/plugins/shopper-session.ts):
 * - SearchPerformed (domain/search/search.ts): a search with text. Every one counts in `searches` (and
 *   `zero_results` when it found nothing), as in the keyword statistics; one with a session in `tracked_searches`
 *   and becomes the session's current search. The same keyword again on the same day in the same session (paging,
 *   a link back to the results) continues that search instead of counting a new one.
 * - ShopperOpenedProduct (domain/search/shopper-steps.ts): the first product opened after the session's current
 *   search counts in `clicked_searches`; each opened product in `product_opens`, and the product is credited to that
 *   search (the latest search before it wins).
 * - ShopperAddedToCart: a credited product's first cart addition counts in `cart_adds` of the search it is
 *   credited to.
 * - OrderPlaced (domain/order/order-placed.ts): per search that credited products of the order's rows, `orders` + 1
 *   and `ordered_cents` + those rows' line totals (euro cents, the order's prices); the credit is then used up.
 *
 * Counts land on the row of the search (its day and keyword), whenever the later step happened, so a range's rates
 * read as "of the searches in the range, how many led to ...". A session remembers at most MAX_CREDITED products.
 * Searches without a session (server-rendered first pages, calls without the header) count only in `searches`.
 */
import { ORDER_EVENT_SCHEMAS } from '../../domain/order/events.js';
import type { OrderEvent } from '../../domain/order/order.js';
import { parseSearchEvent } from '../../domain/search/events.js';
import { normaliseKeyword } from '../../domain/search/keyword.js';
import { parseShopperStepEvent } from '../../domain/search/shopper-steps.js';
import { tallinnDate } from '../../domain/search/statistics-ranges.js';
import { eventParser } from '../../domain/shared/events.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import type { AnalysisDefinition, MappingResult, RowDelta } from '../analysis.js';
import { SEARCH_CONVERSION_TABLES } from './schema.js';

/** Most products a session keeps credited to its searches (the oldest credit goes first). */
export const MAX_CREDITED = 50;

/** The search a product is credited to: its Tallinn day and normalised keyword. */
interface SearchRef {
  day: string;
  keyword: string;
}

/** What the analysis remembers per shopper session. */
export interface SessionState {
  /** The session's current search and whether a product was opened after it. */
  search: (SearchRef & { clicked: boolean }) | null;
  /** Products credited to a search, oldest first, with whether their cart addition counted already. */
  credited: { productId: string; day: string; keyword: string; carted: boolean }[];
}

const parseOrderEvent = eventParser<OrderEvent>(ORDER_EVENT_SCHEMAS);

const sessionOf = (event: RecordedEvent): string | null => {
  const s = event.metadata.shopperSession;
  return typeof s === 'string' && s ? s : null;
};

const row = (ref: SearchRef, add: Record<string, number>): RowDelta => ({ table: 'keyword_conversion', key: { day: ref.day, keyword: ref.keyword }, add });

/** SearchPerformed: counts the search and makes it the session's current one. */
function mapSearch(event: RecordedEvent, state: SessionState | undefined): MappingResult<SessionState> {
  const session = sessionOf(event);
  const { data } = parseSearchEvent(event);
  const keyword = normaliseKeyword(data.query);
  if (!keyword) return {};
  const ref = { day: tallinnDate(event.metadata.time), keyword };
  const zero = data.resultCount === 0 ? 1 : 0;
  if (!session) return { rows: [row(ref, { searches: 1, zero_results: zero })] };
  const current = state?.search;
  if (current && current.day === ref.day && current.keyword === ref.keyword) return { rows: [row(ref, { searches: 1, zero_results: zero })] };
  return {
    state: { search: { ...ref, clicked: false }, credited: state?.credited ?? [] },
    rows: [row(ref, { searches: 1, zero_results: zero, tracked_searches: 1 })],
  };
}

/** The steps after a search: a product opened, added to the cart, ordered. */
function mapLater(event: RecordedEvent, state: SessionState | undefined): MappingResult<SessionState> {
  if (!state) return {};
  if (event.type === 'ShopperOpenedProduct' || event.type === 'ShopperAddedToCart') {
    const step = parseShopperStepEvent(event);
    if (step.type === 'ShopperOpenedProduct') {
      const current = state.search;
      if (!current) return {};
      const ref = { day: current.day, keyword: current.keyword };
      const credited = [...state.credited.filter((c) => c.productId !== step.data.productId), { productId: step.data.productId, ...ref, carted: false }].slice(-MAX_CREDITED);
      return {
        state: { search: { ...current, clicked: true }, credited },
        rows: [row(ref, { product_opens: 1, clicked_searches: current.clicked ? 0 : 1 })],
      };
    }
    const credit = state.credited.find((c) => c.productId === step.data.productId);
    if (!credit || credit.carted) return {};
    return {
      state: { search: state.search, credited: state.credited.map((c) => (c === credit ? { ...c, carted: true } : c)) },
      rows: [row(credit, { cart_adds: 1 })],
    };
  }
  if (event.type === 'OrderPlaced') {
    const placed = parseOrderEvent(event);
    if (placed.type !== 'OrderPlaced') return {};
    const bySearch = new Map<string, { ref: SearchRef; cents: number }>();
    const used = new Set<string>();
    for (const r of placed.data.rows) {
      const credit = state.credited.find((c) => c.productId === r.productId);
      if (!credit) continue;
      used.add(credit.productId);
      const id = `${credit.day}\u0000${credit.keyword}`;
      const entry = bySearch.get(id) ?? { ref: { day: credit.day, keyword: credit.keyword }, cents: 0 };
      entry.cents += r.lineTotalCents;
      bySearch.set(id, entry);
    }
    if (!bySearch.size) return {};
    return {
      state: { search: state.search, credited: state.credited.filter((c) => !used.has(c.productId)) },
      rows: [...bySearch.values()].map(({ ref, cents }) => row(ref, { orders: 1, ordered_cents: cents })),
    };
  }
  return {};
}

export const searchConversionAnalysis: AnalysisDefinition<SessionState> = {
  name: 'search-conversion',
  version: 1,
  description:
    'Searches -> product opened -> added to cart -> ordered, per Tallinn day and keyword, with zero-result and no-click searches ' +
    '(SearchPerformed, ShopperOpenedProduct, ShopperAddedToCart, OrderPlaced; by the anonymous shopper session).',
  eventTypes: ['SearchPerformed', 'ShopperOpenedProduct', 'ShopperAddedToCart', 'OrderPlaced'],
  tables: SEARCH_CONVERSION_TABLES,
  stateKey: (event) => {
    const session = sessionOf(event);
    return session ? `session:${session}` : null;
  },
  map: (event, state) => (event.type === 'SearchPerformed' ? mapSearch(event, state) : mapLater(event, state)),
};
