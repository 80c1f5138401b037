/** The 0 % VAT line's basis on an invoice (domain/order/invoice-document.ts): intra-Community supply only for EU numbers. */
import { describe, expect, it } from 'vitest';
import { isOtherMemberStateVatNumber } from './invoice-document.js';

describe('isOtherMemberStateVatNumber', () => {
  it('knows the other member states by prefix, in any case, and nothing else', () => {
    for (const nr of ['FI12345678', 'de123456789', ' LV40003245752', 'EL094259216', 'XI123456789']) expect(isOtherMemberStateVatNumber(nr), nr).toBe(true);
    for (const nr of ['EE100931558', 'NO999999999MVA', 'GB123456789', 'CHE-123.456.789', '', 'F']) expect(isOtherMemberStateVatNumber(nr), nr).toBe(false);
  });
});
