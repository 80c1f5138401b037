import { describe, expect, it } from 'vitest';
import {
  type ProblematicProductsFacts,
  hasNoCategory,
  inPopularWindow,
  isLowStock,
  isOutdated,
  isStale,
  isListed,
  problemReasons,
  purchasableIgnoringVisibility,
  storedProblems,
  visibilityRuleEnd,
} from './problematic-products.js';
import type { VisibilityRule } from './visibility.js';

const NOW = '2026-11-22T10:00:00.000Z';

/** A product with nothing wrong: priced, described in both languages, an image, in stock, visible. */
const good = (over: Partial<ProblematicProductsFacts> = {}): ProblematicProductsFacts => ({
  code1: 'BF 1018/1',
  grossCents: 1240,
  descriptions: { et: 'Kütusefilter diiselmootorile', en: 'Fuel filter for diesel engines' },
  imageCount: 1,
  categoryCount: 1,
  policy: 'available',
  deliveryDays: null,
  stockTotal: 4,
  criticalStockLevel: null,
  visibility: { type: 'static', state: 'visible' },
  ...over,
});

describe('problematic', () => {
  it('given a complete, priced, visible product in stock, then it has no problem', () => {
    expect(problemReasons(good(), NOW)).toEqual([]);
  });

  it('given no price, then "no price" and "visible but not purchasable"', () => {
    expect(problemReasons(good({ grossCents: null }), NOW)).toEqual(['visible_not_purchasable', 'no_price']);
  });

  it('given a price of 0, then it is not "no price" (it can be bought) but "zero price"', () => {
    const facts = good({ grossCents: 0 });
    expect(purchasableIgnoringVisibility(facts)).toBe(true);
    expect(problemReasons(facts, NOW)).toEqual(['zero_price']);
  });

  it('given a price of 1 cent, then no price problem', () => {
    expect(storedProblems(good({ grossCents: 1 }))).toEqual([]);
  });

  it('given no description in one language (blank counts as none), then that language is named', () => {
    expect(problemReasons(good({ descriptions: { et: '  ', en: 'Fuel filter' } }), NOW)).toEqual(['no_description_et']);
    expect(problemReasons(good({ descriptions: { et: 'Kütusefilter', en: '' } }), NOW)).toEqual(['no_description_en']);
  });

  it('given no image, then "no image"', () => {
    expect(problemReasons(good({ imageCount: 0 }), NOW)).toEqual(['no_image']);
  });

  it('given a limited product with nothing free, then visible but not purchasable', () => {
    expect(problemReasons(good({ policy: 'not_available', stockTotal: 0 }), NOW)).toEqual(['visible_not_purchasable']);
    expect(problemReasons(good({ policy: 'available', deliveryDays: null, stockTotal: 0 }), NOW)).toEqual(['visible_not_purchasable']);
  });

  it('given out of stock but sold beyond stock (on demand, non-stock, N workdays), then purchasable', () => {
    expect(problemReasons(good({ policy: 'on_demand', stockTotal: 0 }), NOW)).toEqual([]);
    expect(problemReasons(good({ policy: 'non_stock', stockTotal: 0 }), NOW)).toEqual([]);
    expect(problemReasons(good({ policy: 'available', deliveryDays: 10, stockTotal: 0 }), NOW)).toEqual([]);
  });

  it('given a hidden or inaccessible product that cannot be bought, then not "visible but not purchasable"', () => {
    expect(problemReasons(good({ policy: 'not_available', stockTotal: 0, visibility: { type: 'static', state: 'hidden' } }), NOW)).toEqual([]);
    expect(problemReasons(good({ grossCents: null, visibility: { type: 'static', state: 'inaccessible' } }), NOW)).toEqual(['no_price']);
  });

  it('given a timed rule, then "visible" is decided at now', () => {
    const rule: VisibilityRule = { type: 'timed', rangeFrom: '2026-12-01T00:00:00.000Z', stateInRange: 'visible', stateOutRange: 'hidden' };
    const facts = good({ policy: 'not_available', stockTotal: 0, visibility: rule });
    expect(problemReasons(facts, NOW)).toEqual([]);
    expect(problemReasons(facts, '2026-12-01T00:00:00.000Z')).toEqual(['visible_not_purchasable']);
  });

  it('postage products are never on the problematic products list', () => {
    expect(isListed({ code1: 'postikulu-omniva-parcel' })).toBe(false);
    expect(isListed({ code1: 'BF 1018/1' })).toBe(true);
  });
});

describe('outdated', () => {
  const range = (rangeFrom: string, rangeTo: string): VisibilityRule => ({ type: 'timeRange', rangeFrom, rangeTo, stateInRange: 'visible', stateOutRange: 'hidden' });

  it('given a range that ended a millisecond ago, then outdated', () => {
    expect(isOutdated(range('2026-11-01T00:00:00.000Z', '2026-11-22T09:59:59.999Z'), NOW)).toBe(true);
  });

  it('given a range that ends exactly now, then not yet outdated (the end is inside the range)', () => {
    expect(isOutdated(range('2026-11-01T00:00:00.000Z', NOW), NOW)).toBe(false);
  });

  it('given a range that ends later, then not outdated', () => {
    expect(isOutdated(range('2026-11-01T00:00:00.000Z', '2026-12-31T00:00:00.000Z'), NOW)).toBe(false);
  });

  it('given from == to in the past, then never outdated (in range from then on)', () => {
    expect(visibilityRuleEnd(range('2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'))).toBeNull();
    expect(isOutdated(range('2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'), NOW)).toBe(false);
  });

  it('given a static or timed rule, then never outdated', () => {
    expect(isOutdated({ type: 'static', state: 'hidden' }, NOW)).toBe(false);
    expect(isOutdated({ type: 'timed', rangeFrom: '2020-01-01T00:00:00.000Z', stateInRange: 'visible', stateOutRange: 'hidden' }, NOW)).toBe(false);
  });
});

describe('stale', () => {
  it('given a change exactly N days ago, then stale; a millisecond later, not', () => {
    expect(isStale('2026-05-26T10:00:00.000Z', NOW, 180)).toBe(true);
    expect(isStale('2026-05-26T10:00:00.001Z', NOW, 180)).toBe(false);
  });

  it('given another N, then the boundary moves', () => {
    expect(isStale('2026-11-21T10:00:00.000Z', NOW, 1)).toBe(true);
    expect(isStale('2026-11-21T10:00:00.000Z', NOW, 2)).toBe(false);
  });

  it('given no change time, then not stale', () => {
    expect(isStale(null, NOW, 1)).toBe(false);
  });
});

describe('popular window', () => {
  it('counts orders within the last 30 days, now included, 30 days ago excluded', () => {
    expect(inPopularWindow(NOW, NOW)).toBe(true);
    expect(inPopularWindow('2026-10-23T10:00:00.001Z', NOW)).toBe(true);
    expect(inPopularWindow('2026-10-23T10:00:00.000Z', NOW)).toBe(false);
    expect(inPopularWindow('2026-11-22T10:00:00.001Z', NOW)).toBe(false);
  });
});

describe('low stock', () => {
  it('given no critical level (null), then never low, even at 0', () => {
    expect(isLowStock(0, null)).toBe(false);
  });

  it('given a level, then at or below it is low', () => {
    expect(isLowStock(3, 3)).toBe(true);
    expect(isLowStock(2, 3)).toBe(true);
    expect(isLowStock(4, 3)).toBe(false);
  });

  it('given level 0, then only an empty stock is low', () => {
    expect(isLowStock(0, 0)).toBe(true);
    expect(isLowStock(1, 0)).toBe(false);
  });
});

describe('without a category', () => {
  it('is a product in no category', () => {
    expect(hasNoCategory({ categoryCount: 0 })).toBe(true);
    expect(hasNoCategory({ categoryCount: 2 })).toBe(false);
  });
});
