import { describe, expect, it } from 'vitest';
import { draftIncludesVat } from './vat';

const draft = (client: Record<string, string>) => JSON.stringify({ client });

describe('draftIncludesVat (spec 5 VAT rule, the server\'s domain/order/pricing)', () => {
  it('excludes VAT for a business with a foreign VAT number only', () => {
    expect(draftIncludesVat(draft({ client_type: 'business', vat_reg_nr: 'FI12345678' }))).toBe(false);
    expect(draftIncludesVat(draft({ client_type: 'business', vat_reg_nr: 'EE100000000' }))).toBe(true);
    expect(draftIncludesVat(draft({ client_type: 'business', vat_reg_nr: 'F' }))).toBe(true);
  });

  it('includes VAT for a private client whatever number the form still holds', () => {
    expect(draftIncludesVat(draft({ client_type: 'private', vat_reg_nr: 'FI12345678' }))).toBe(true);
  });

  it('includes VAT without a draft or with a broken one', () => {
    expect(draftIncludesVat(null)).toBe(true);
    expect(draftIncludesVat('{not json')).toBe(true);
  });
});
