import { describe, expect, it } from 'vitest';
import { type PartInquiryCommand, partInquiryDecider, partInquiryFieldErrors, type PartInquiryFields } from './part-inquiry.js';

const NOW = '2026-11-28T12:00:00.000Z';
const fields: PartInquiryFields = { name: 'Mari Maasikas', email: 'mari@example.ee', phone: '+372 5555 5555', make: 'Volvo', model: 'V70', year: '2004', vin: '', part: 'Esimesed piduriklotsid' };
const receive = (data: Partial<PartInquiryFields> = {}): PartInquiryCommand => ({ type: 'ReceivePartInquiry', data: { ...fields, ...data, inquiryId: 'i-1', photoFileId: null, language: 'et' }, metadata: { now: NOW } });

describe('partInquiryFieldErrors (spec 1 spare-parts contact)', () => {
  it('takes make, model and year, or a VIN instead of them', () => {
    expect(partInquiryFieldErrors(fields, NOW)).toEqual([]);
    expect(partInquiryFieldErrors({ ...fields, make: '', model: '', year: '', vin: 'yv1sw61r542 123456' }, NOW)).toEqual([]);
  });

  it('asks for the vehicle when neither is given, and refuses a malformed VIN or year', () => {
    expect(partInquiryFieldErrors({ ...fields, make: ' ', model: '', year: '' }, NOW)).toEqual([
      { field: 'make', code: 'part_inquiry.required' },
      { field: 'model', code: 'part_inquiry.required' },
      { field: 'year', code: 'part_inquiry.required' },
    ]);
    expect(partInquiryFieldErrors({ ...fields, vin: 'YV1SW61R54212345O' }, NOW)).toEqual([{ field: 'vin', code: 'part_inquiry.vin_invalid' }]);
    expect(partInquiryFieldErrors({ ...fields, year: '2028' }, NOW)).toEqual([{ field: 'year', code: 'part_inquiry.year_invalid' }]);
    expect(partInquiryFieldErrors({ ...fields, year: '2027' }, NOW)).toEqual([]);
    expect(partInquiryFieldErrors({ ...fields, year: '1899' }, NOW)).toEqual([{ field: 'year', code: 'part_inquiry.year_invalid' }]);
  });

  it('requires name, e-mail, phone and the part; one e-mail address only; bounded lengths', () => {
    expect(partInquiryFieldErrors({ ...fields, name: '', email: '', phone: '', part: '' }, NOW).map((e) => `${e.field}:${e.code}`)).toEqual([
      'name:part_inquiry.required', 'email:part_inquiry.required', 'phone:part_inquiry.required', 'part:part_inquiry.required',
    ]);
    expect(partInquiryFieldErrors({ ...fields, email: 'a@example.ee, b@example.ee' }, NOW)).toEqual([{ field: 'email', code: 'part_inquiry.email_invalid' }]);
    expect(partInquiryFieldErrors({ ...fields, name: 'x'.repeat(201), part: 'y'.repeat(4001) }, NOW)).toEqual([
      { field: 'name', code: 'part_inquiry.too_long' },
      { field: 'part', code: 'part_inquiry.too_long' },
    ]);
  });
});

describe('PartInquiry decider', () => {
  it('given no inquiry, when received, then PartInquiryReceived with trimmed texts and the VIN normalised', () => {
    const events = partInquiryDecider.decide(receive({ name: ' Mari ', vin: 'yv1sw61r542123456' }), partInquiryDecider.initialState);
    expect(events).toEqual([
      {
        type: 'PartInquiryReceived',
        data: { inquiryId: 'i-1', name: 'Mari', email: 'mari@example.ee', phone: '+372 5555 5555', vehicle: { make: 'Volvo', model: 'V70', year: '2004', vin: 'YV1SW61R542123456' }, part: 'Esimesed piduriklotsid', photoFileId: null, language: 'et', receivedAt: NOW },
      },
    ]);
  });

  it('given no inquiry, when the fields fail, then a validation error naming every field', () => {
    expect(() => partInquiryDecider.decide(receive({ email: 'nope', part: '' }), partInquiryDecider.initialState)).toThrow(
      expect.objectContaining({ code: 'part_inquiry.email_invalid', category: 'validation', field: 'email', details: { problems: [{ field: 'email', code: 'part_inquiry.email_invalid' }, { field: 'part', code: 'part_inquiry.required' }] } }),
    );
  });

  it('given a received inquiry, when received again, then refused', () => {
    const state = partInquiryDecider.evolve(partInquiryDecider.initialState, partInquiryDecider.decide(receive(), partInquiryDecider.initialState)[0]!);
    expect(() => partInquiryDecider.decide(receive(), state)).toThrow(expect.objectContaining({ code: 'part_inquiry.exists' }));
  });
});
