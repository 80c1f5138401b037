import { describe, expect, it } from 'vitest';
import { decide } from './part-inquiry-mail.js';

const EVENT_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const INQUIRY_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';

describe('part-inquiry-mail process manager', () => {
  it('decides the staff mail and the shopper confirmation per PartInquiryReceived, ids only', () => {
    expect(decide({ id: EVENT_ID, type: 'PartInquiryReceived', data: { inquiryId: INQUIRY_ID, email: 'mari@example.ee' } })).toEqual([
      { name: 'send-part-inquiry', jobId: `part-inquiry-staff-${EVENT_ID}`, data: { eventId: EVENT_ID, inquiryId: INQUIRY_ID, recipient: 'staff' } },
      { name: 'send-part-inquiry', jobId: `part-inquiry-shopper-${EVENT_ID}`, data: { eventId: EVENT_ID, inquiryId: INQUIRY_ID, recipient: 'shopper' } },
    ]);
  });

  it('decides nothing for other events or a malformed inquiry id', () => {
    expect(decide({ id: EVENT_ID, type: 'OrderPlaced', data: { inquiryId: INQUIRY_ID } })).toEqual([]);
    expect(decide({ id: EVENT_ID, type: 'PartInquiryReceived', data: { inquiryId: '../x' } })).toEqual([]);
  });
});
