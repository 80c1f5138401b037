import { describe, it } from 'vitest';
import { analysisSpec, recorded } from '../../tests/support/analysis-spec.js';
import { searchConversionAnalysis } from './mapping.js';

const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';

const search = (query: string, resultCount: number, session?: string, time = '2026-03-02T10:00:00Z') =>
  recorded('SearchPerformed', { query, categoryId: null, filters: {}, resultCount, typedByUser: true, language: 'et' }, { session, time });
const opened = (productId: string, session: string) => recorded('ShopperOpenedProduct', { productId }, { session });
const carted = (productId: string, session: string) => recorded('ShopperAddedToCart', { productId, quantity: 1 }, { session });
const ordered = (session: string, rows: [string, number][]) =>
  recorded('OrderPlaced', {
    orderId: 'o1',
    number: 1,
    publicToken: 'x'.repeat(32),
    placedAt: '2026-03-02T12:00:00Z',
    language: 'et',
    client: { type: 'private', firstName: 'A', lastName: 'B', businessName: '', email: 'a@example.com', phone: '', vatRegNr: '' },
    shortContactAddress: '',
    comment: '',
    delivery: { providerId: 'omniva', providerName: 'Omniva', optionId: null, optionName: null, address: null },
    rows: rows.map(([productId, cents]) => ({ productId, code: 'C', name: 'N', quantity: 1, unit: 'tk', unitPriceCents: cents, lineTotalCents: cents })),
    vatIncluded: true,
    vatRatePercent: 24,
    netTotalCents: 0,
    vatCents: 0,
    totalCents: rows.reduce((n, [, c]) => n + c, 0),
    reservations: [],
  }, { session });

const DAY = '2026-03-02';
const conv = (keyword: string, over: Record<string, number>, day = DAY) => ({
  day,
  keyword,
  searches: 0,
  zero_results: 0,
  tracked_searches: 0,
  clicked_searches: 0,
  product_opens: 0,
  cart_adds: 0,
  orders: 0,
  ordered_cents: 0,
  ...over,
});

describe('search-conversion mapping', () => {
  it('counts searches per Tallinn day and normalised keyword, zero-result ones apart, tracked ones by session', () => {
    analysisSpec(searchConversionAnalysis)
      .when([search('  Oil  Filter ', 3, S1), search('oil filter', 0), search('', 5, S2), search('nothing', 0, S2, '2026-03-02T22:30:00Z')])
      .then({ keyword_conversion: [conv('oil filter', { searches: 2, zero_results: 1, tracked_searches: 1 }), conv('nothing', { searches: 1, zero_results: 1, tracked_searches: 1 }, '2026-03-03')] });
  });

  it('continues a search when the session searches the same keyword again the same day (paging): no second tracked search', () => {
    analysisSpec(searchConversionAnalysis)
      .given([search('brake', 40, S1)])
      .when([search('brake', 40, S1)])
      .then({ keyword_conversion: [conv('brake', { searches: 1 })] });
  });

  it('credits an opened product to the session\'s latest search; only the first opening makes the search clicked', () => {
    analysisSpec(searchConversionAnalysis)
      .given([search('brake', 40, S1)])
      .when([opened('p1', S1), opened('p2', S1)])
      .then({ keyword_conversion: [conv('brake', { clicked_searches: 1, product_opens: 2 })] });
  });

  it('counts nothing for a product opened without a search before it, or by another session', () => {
    analysisSpec(searchConversionAnalysis)
      .given([search('brake', 40, S1)])
      .when([opened('p1', S2), carted('p1', S2), ordered(S2, [['p1', 100]])])
      .then({});
  });

  it('counts a credited product\'s first cart addition, and an order once per search with its credited rows\' totals', () => {
    analysisSpec(searchConversionAnalysis)
      .given([search('brake', 40, S1), opened('p1', S1), search('filter', 9, S1), opened('p2', S1)])
      .when([carted('p1', S1), carted('p1', S1), carted('p9', S1), ordered(S1, [['p1', 1500], ['p2', 700], ['p9', 300]])])
      .then({ keyword_conversion: [conv('brake', { cart_adds: 1, orders: 1, ordered_cents: 1500 }), conv('filter', { orders: 1, ordered_cents: 700 })] });
  });

  it('uses a credit up with the order: a second order of the same product counts nothing', () => {
    analysisSpec(searchConversionAnalysis)
      .given([search('brake', 40, S1), opened('p1', S1), ordered(S1, [['p1', 1500]])])
      .when([ordered(S1, [['p1', 1500]])])
      .then({});
  });

  it('keeps a no-click search visible: tracked but never clicked', () => {
    analysisSpec(searchConversionAnalysis)
      .given([search('brake', 40, S1)])
      .when([search('filter', 2, S1), opened('p1', S1)])
      .then({ keyword_conversion: [conv('filter', { searches: 1, tracked_searches: 1, clicked_searches: 1, product_opens: 1 })] });
  });
});
