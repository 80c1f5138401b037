/** Which payment methods an order lists (spec 4 "Payment page", spec 3 "Payment method": country). */
import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../../domain/order/order-summary.js';
import type { PaymentMethod, PaymentProviders } from '../../../platform/payments/port.js';
import { paymentMethodsFor, shopServedLogo } from './to-order.js';

const method = (id: string, country: string | null): PaymentMethod => ({ id, providerId: id, name: id, logo_url: '', country });
const providers = (methods: PaymentMethod[]): PaymentProviders => ({ methods: () => methods, provider: () => undefined, providerOfMethod: () => undefined });

function summary(over: { country?: string | null; isPaid?: boolean } = {}): OrderSummary {
  return {
    orderId: 'o-1', number: 1001, publicToken: 'tok', placedAt: '2026-11-22T10:00:00.000Z', language: 'et', isPaid: over.isPaid ?? false, paidAt: null, refundedCents: 0, refundStatus: 'none', refunds: [],
    client: { type: 'private', firstName: 'Mari', lastName: 'Maasikas', businessName: '', email: 'mari@example.ee', phone: '+372 5555 5555', vatRegNr: '' },
    shortContactAddress: '', comment: '',
    delivery: {
      providerId: over.country === undefined ? 'omniva-parcel' : 'omniva-courier', providerName: 'Omniva', optionId: null, optionName: null,
      address: over.country ? { street: 'Pikk 1', apartment: '', city: 'Riga', state: '', areaCode: 'LV-1050', country: over.country } : null,
    },
    rows: [], vatIncluded: true, vatRatePercent: 24, netTotalCents: 1000, vatCents: 240, totalCents: 1240,
  };
}

const all = providers([method('ipizza-sandbox', null), method('montonio-swedbank-ee', 'EE'), method('montonio-swedbank-lv', 'LV')]);

describe('paymentMethodsFor', () => {
  it('lists every method when the order names no country (a parcel machine)', () => {
    expect(paymentMethodsFor(all, summary(), 'held').map((m) => m.id)).toEqual(['ipizza-sandbox', 'montonio-swedbank-ee', 'montonio-swedbank-lv']);
  });

  it("lists the methods of the delivery address's country and those of no country", () => {
    expect(paymentMethodsFor(all, summary({ country: 'lv' }), 'held').map((m) => m.id)).toEqual(['ipizza-sandbox', 'montonio-swedbank-lv']);
  });

  it('lists none for a paid order', () => {
    expect(paymentMethodsFor(all, summary({ isPaid: true }), 'held')).toEqual([]);
  });

  it('keeps only logos the shop serves itself (CSP img-src \'self\'): an outside logo is dropped, the name stays', () => {
    const logos = providers([
      { ...method('ipizza-sandbox', null), logo_url: 'https://shop.example.ee/sandbox-bank/logo.svg' },
      { ...method('ipizza-swedbank', 'EE'), logo_url: 'https://www.swedbank.ee/logo.png' },
      { ...method('montonio-seb-ee', 'EE'), logo_url: 'https://public.montonio.com/images/aspsps_logos/seb.png' },
    ]);
    expect(paymentMethodsFor(logos, summary(), 'held', 'https://shop.example.ee').map((m) => [m.name, m.logo_url])).toEqual([
      ['ipizza-sandbox', '/sandbox-bank/logo.svg'],
      ['ipizza-swedbank', ''],
      ['montonio-seb-ee', ''],
    ]);
    expect(shopServedLogo('/files/logo.png', undefined)).toBe('/files/logo.png');
    for (const outside of ['//evil.example/x.png', 'http://shop.example.ee/x.png', 'https://shop.example.ee:8443/x.png', 'not a url', '']) expect(shopServedLogo(outside, 'https://shop.example.ee')).toBe('');
  });
});
