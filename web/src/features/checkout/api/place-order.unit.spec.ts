/** Place-order failures as the checkout shows them (spec 8) and the idempotency key of a submit attempt. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey, placeOrderFailure } from './place-order';

describe('placeOrderFailure', () => {
  it('reads the redirect to the cart and each message once', () => {
    const body = {
      success: false,
      status: 'failure',
      message: 'The order was not accepted. More information can be seen in the shopping cart.',
      errors: [
        { code: 'order.not_enough_stock', message: 'There is not enough items in stock.', field: 'items.0' },
        { code: 'order.not_enough_stock', message: 'There is not enough items in stock.', field: 'items.1' },
      ],
      redirect: '/cart',
    };
    expect(placeOrderFailure(new ApiError(409, body.message, 'order.not_enough_stock', body))).toEqual({
      redirect: '/cart',
      messages: ['There is not enough items in stock.'],
      fieldMessages: { 'items.0': 'There is not enough items in stock.', 'items.1': 'There is not enough items in stock.' },
    });
  });

  it('maps field errors to the form, and falls back to the envelope message', () => {
    const fields = { errors: [{ code: 'checkout.required', message: 'Required', field: 'client.first_name' }] };
    expect(placeOrderFailure(new ApiError(400, 'Required', 'checkout.required', fields))).toEqual({
      redirect: null,
      messages: ['Required'],
      fieldMessages: { 'client.first_name': 'Required' },
    });
    expect(placeOrderFailure(new ApiError(500, 'x', 'server_error', { message: 'Server error' })).messages).toEqual(['Server error']);
    expect(placeOrderFailure(new ApiError(0, 'Server did not respond', 'network'))).toEqual({ redirect: null, messages: [], fieldMessages: {} });
  });
});

describe('newIdempotencyKey', () => {
  it('gives a fresh uuid v4 per attempt', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
