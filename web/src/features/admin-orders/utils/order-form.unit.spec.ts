import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '../../../../../api/contracts/admin-orders';
import { bodyOfForm, centsFromText, formOfOrder, lineTotal, quantityFromText, textFromCents, unitPriceOf } from './order-form';

const order = {
  rows: [
    { productId: '0b8f1c52-43c8-4f0b-9c52-7f1d8f1c1e11', code: 'AF-1', name: 'Õhufilter', quantity: 2, unit: 'tk', unitPriceCents: 1240, lineTotalCents: 2480 },
    { productId: null, code: '', name: 'Paigaldus', quantity: 1, unit: '', unitPriceCents: 5000, lineTotalCents: 5000 },
  ],
  discountCents: 500,
  serviceFeeCents: 0,
  employeeComment: 'helistada',
  invoiceComment: '',
} as unknown as AdminOrder;

describe('OrderEdit form model', () => {
  it('reads euro amounts as typed, in cents', () => {
    expect(centsFromText('12,40')).toBe(1240);
    expect(centsFromText('12.4')).toBe(1240);
    expect(centsFromText('1 240,00')).toBe(124000);
    expect(centsFromText('€ 12')).toBe(1200);
    expect(centsFromText('')).toBeNull();
    expect(centsFromText('', 0)).toBe(0);
    expect(centsFromText('12,345')).toBeNull();
    expect(centsFromText('-1')).toBeNull();
    expect(textFromCents(1240, 'et')).toBe('12,40');
    expect(textFromCents(1240, 'en')).toBe('12.40');
  });

  it('strips non-digits from a quantity (spec 5)', () => {
    expect(quantityFromText('3 tk')).toBe(3);
    expect(quantityFromText('x')).toBeNull();
  });

  it('makes the PUT body with the version it read', () => {
    const result = bodyOfForm(formOfOrder(order, 'et'), 7);
    expect(result.problems).toEqual([]);
    expect(result.body).toEqual({
      version: 7,
      rows: [
        { productId: '0b8f1c52-43c8-4f0b-9c52-7f1d8f1c1e11', code: 'AF-1', name: 'Õhufilter', unit: 'tk', quantity: 2, unitPriceCents: 1240 },
        { productId: null, code: '', name: 'Paigaldus', unit: '', quantity: 1, unitPriceCents: 5000 },
      ],
      discountCents: 500,
      serviceFeeCents: 0,
      employeeComment: 'helistada',
      invoiceComment: '',
    });
  });

  it('refuses a row without a name (spec 5), a bad quantity and a bad price, naming the fields', () => {
    const form = formOfOrder(order, 'en');
    form.rows[1]!.name = '  ';
    form.rows[0]!.quantity = '0';
    form.rows[0]!.priceText = 'abc';
    expect(bodyOfForm(form, 1)).toEqual({
      body: null,
      problems: [
        { field: 'rows.0.quantity', key: 'quantityInvalid' },
        { field: 'rows.0.unitPriceCents', key: 'priceInvalid' },
        { field: 'rows.1.name', key: 'rowNameRequired' },
      ],
    });
    expect(bodyOfForm({ ...form, rows: [] }, 1).problems).toEqual([{ field: 'rows', key: 'empty' }]);
  });

  it('previews a line total and prices a catalog product in the order basis (spec 5 VAT)', () => {
    expect(lineTotal({ productId: null, code: '', name: 'x', unit: '', quantity: '3', priceText: '1,50' })).toBe(450);
    expect(lineTotal({ productId: null, code: '', name: 'x', unit: '', quantity: '', priceText: '1,50' })).toBeNull();
    expect(unitPriceOf(1240, true, 24)).toBe(1240);
    expect(unitPriceOf(1240, false, 24)).toBe(1000);
  });
});
