import { describe, expect, it } from 'vitest';
import { parseProductEvent } from '../product/events.js';
import { MalformedEventError } from './events.js';

describe('parsing stored events with the aggregate schemas', () => {
  it('answers the typed event for valid data', () => {
    expect(parseProductEvent({ type: 'ProductPriceChanged', data: { productId: 'p', grossCents: 1240, netCents: 1000, vatRatePercent: 24 } })).toEqual({
      type: 'ProductPriceChanged',
      data: { productId: 'p', grossCents: 1240, netCents: 1000, vatRatePercent: 24 },
    });
  });

  it('refuses an unknown type and data its schema refuses, naming the field', () => {
    expect(() => parseProductEvent({ type: 'ProductExploded', data: {} })).toThrow(MalformedEventError);
    expect(() => parseProductEvent({ type: 'ProductPriceChanged', data: { productId: 'p', grossCents: 12.4, netCents: 10, vatRatePercent: 24 } })).toThrow(/grossCents/);
    expect(() => parseProductEvent({ type: 'toString', data: {} })).toThrow(/unknown event type/);
  });
});
