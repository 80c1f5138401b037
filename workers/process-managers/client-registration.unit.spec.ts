import { describe, expect, it } from 'vitest';
import { RecordClientOrderJobSchema } from '../jobs/record-client-order.js';
import { clientRegistrationJobId, decide } from './client-registration.js';

const event = (type: string, data: unknown, id = '1b4e28ba-2fa1-41d2-883f-0016d3cca427') => ({ id, type, data });

describe('client-registration process manager: decide (jobId from the event id)', () => {
  it('given OrderPlaced, decides one record-client-order job keyed by the event id, with ids only', () => {
    const jobs = decide(event('OrderPlaced', { orderId: 'o-1', client: { email: 'mari@example.ee', firstName: 'Mari' } }));
    expect(jobs).toEqual([{ name: 'record-client-order', jobId: clientRegistrationJobId('1b4e28ba-2fa1-41d2-883f-0016d3cca427'), data: { eventId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', orderId: 'o-1' } }]);
    expect(JSON.stringify(jobs)).not.toContain('mari');
    expect(RecordClientOrderJobSchema.safeParse(jobs[0]!.data).success).toBe(true);
    expect(jobs[0]!.jobId).not.toContain(':');
  });

  it('a replay decides the same job; another event another job; other events and malformed data none', () => {
    const a = decide(event('OrderPlaced', { orderId: 'o-1' }));
    expect(decide(event('OrderPlaced', { orderId: 'o-1' }))).toEqual(a);
    expect(decide(event('OrderPlaced', { orderId: 'o-1' }, '2c5f39cb-3ab2-42e3-994f-1127e4ddb538'))[0]!.jobId).not.toBe(a[0]!.jobId);
    for (const e of [event('OrderPaid', { orderId: 'o-1' }), event('OrderPlaced', { orderId: '' }), event('OrderPlaced', null), event('OrderPlaced', { orderId: 7 })]) expect(decide(e)).toEqual([]);
  });
});
