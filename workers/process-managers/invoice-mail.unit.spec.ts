import { describe, expect, it } from 'vitest';
import { decide, invoiceJobId } from './invoice-mail.js';

const EVENT_ID = '6d1f2a5e-0c1b-4a8e-9f3d-2b7c4e5a6f01';

describe('invoice-mail process manager', () => {
  it('decides one send-invoice job per InvoiceSendRequested, keyed by the event id', () => {
    const jobs = decide({ id: EVENT_ID, type: 'InvoiceSendRequested', data: { orderId: 'o-1', kind: 'invoice', number: '1' } });
    expect(jobs).toEqual([{ name: 'send-invoice', jobId: `invoice-${EVENT_ID}`, data: { eventId: EVENT_ID, orderId: 'o-1' } }]);
    expect(invoiceJobId(EVENT_ID)).not.toContain(':');
  });

  it('decides nothing for other events or a request without an order id', () => {
    expect(decide({ id: EVENT_ID, type: 'InvoiceSent', data: { orderId: 'o-1' } })).toEqual([]);
    expect(decide({ id: EVENT_ID, type: 'OrderPlaced', data: { orderId: 'o-1' } })).toEqual([]);
    expect(decide({ id: EVENT_ID, type: 'InvoiceSendRequested', data: { orderId: '' } })).toEqual([]);
  });
});
