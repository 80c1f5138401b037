import { describe, expect, it } from 'vitest';
import { decide, MAIL_JOB_OPTIONS, orderConfirmationJobId, paymentReceivedJobId } from './order-mail.js';

const event = (type: string, data: unknown, id = '1b4e28ba-2fa1-41d2-883f-0016d3cca427') => ({ id, type, data, streamId: 'order-x' });

describe('order-mail process manager: decide (conventions 9, jobId from the event id)', () => {
  it('given OrderPlaced, decides one send-order-confirmation job keyed by the event id', () => {
    expect(decide(event('OrderPlaced', { orderId: 'o-1', rows: [] }))).toEqual([
      {
        name: 'send-order-confirmation',
        jobId: 'order-confirmation-1b4e28ba-2fa1-41d2-883f-0016d3cca427',
        data: { eventId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', orderId: 'o-1' },
      },
    ]);
  });

  it('decides the same job for the same event (a replay) and different jobs for different events', () => {
    const a = decide(event('OrderPlaced', { orderId: 'o-1' }));
    expect(decide(event('OrderPlaced', { orderId: 'o-1' }))).toEqual(a);
    expect(decide(event('OrderPlaced', { orderId: 'o-1' }, '2c5f39cb-3ab2-42e3-994f-1127e4ddb538'))[0].jobId).not.toBe(a[0].jobId);
  });

  it('given OrderPaid, decides one send-payment-received job keyed by the event id', () => {
    expect(decide(event('OrderPaid', { orderId: 'o-1', providerId: 'p', transactionId: 't', amountCents: 100, paidAt: '2026-11-23T10:00:00.000Z' }))).toEqual([
      {
        name: 'send-payment-received',
        jobId: 'payment-received-1b4e28ba-2fa1-41d2-883f-0016d3cca427',
        data: { eventId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', orderId: 'o-1' },
      },
    ]);
    expect(paymentReceivedJobId('abc')).not.toContain(':');
  });

  it('decides nothing for other events or an OrderPlaced or OrderPaid without an order id', () => {
    expect(decide(event('PaymentCancelled', { orderId: 'o-1' }))).toEqual([]);
    expect(decide(event('OrderPaid', {}))).toEqual([]);
    expect(decide(event('ProductCreated', { productId: 'p' }))).toEqual([]);
    expect(decide(event('OrderPlaced', {}))).toEqual([]);
    expect(decide(event('OrderPlaced', null))).toEqual([]);
  });

  it('uses job ids BullMQ accepts and keeps completed jobs for dedup', () => {
    expect(orderConfirmationJobId('abc')).not.toContain(':');
    expect(MAIL_JOB_OPTIONS.removeOnComplete).toEqual({ age: 14 * 24 * 3600 });
    expect(MAIL_JOB_OPTIONS.attempts).toBeGreaterThan(1);
  });
});
