/** Maps the orders read model's view to the API's Order (spec 3 "Order") and lists the payment methods. */
import type { OrderSummary } from '../../../domain/order/order-summary.js';
import type { PaymentProviders } from '../../../platform/payments/port.js';
import type { Order, PaymentMethodView } from '../../contracts/orders.js';
import type { ApiLanguage } from '../../plugins/messages.js';

/** Euro cents to a decimal string with 2 decimals: 1240 -> "12.40", -5 -> "-0.05". */
export const euros = (cents: number) => (cents / 100).toFixed(2);

/**
 * The order's state for the shopper: paid (or partially_refunded / refunded once money went back),
 * unpaid, or expired (not paid in time, its items released).
 */
export function orderStatus(summary: OrderSummary, reservation: 'held' | 'expired' | 'none'): Order['status'] {
  if (summary.isPaid) return summary.refundStatus === 'none' ? 'paid' : summary.refundStatus;
  return reservation === 'expired' ? 'expired' : 'unpaid';
}

export function toApiOrder(summary: OrderSummary, reservation: 'held' | 'expired' | 'none'): Order {
  const a = summary.delivery.address;
  return {
    id: summary.orderId,
    number: summary.number,
    public_token: summary.publicToken,
    isPaid: summary.isPaid,
    status: orderStatus(summary, reservation),
    order_date: summary.placedAt,
    paid_at: summary.paidAt,
    refunded: euros(summary.refundedCents),
    refunded_cents: summary.refundedCents,
    refunds: summary.refunds.map((r) => ({ refund_id: r.refundId, amount: euros(r.amountCents), amount_cents: r.amountCents, at: r.at })),
    language: summary.language,
    client_type: summary.client.type,
    client: {
      first_name: summary.client.firstName,
      last_name: summary.client.lastName,
      business_name: summary.client.businessName,
      email: summary.client.email,
      phone: summary.client.phone,
      vat_reg_nr: summary.client.vatRegNr,
    },
    short_contact_address: summary.shortContactAddress,
    delivery_user_comment: summary.comment,
    delivery_provider: summary.delivery.providerId,
    delivery_provider_name: summary.delivery.providerName,
    delivery_option: summary.delivery.optionId,
    delivery_option_name: summary.delivery.optionName,
    delivery_address: a ? { street: a.street, apartment: a.apartment, city: a.city, state: a.state, area_code: a.areaCode, country: a.country } : null,
    rows: summary.rows.map((r) => ({
      product_id: r.productId,
      code: r.code,
      name: r.name,
      quantity: r.quantity,
      unit: r.unit,
      price: euros(r.unitPriceCents),
      price_cents: r.unitPriceCents,
      total: euros(r.lineTotalCents),
      total_cents: r.lineTotalCents,
    })),
    vat_included: summary.vatIncluded,
    vat_rate: summary.vatRatePercent,
    net_total: euros(summary.netTotalCents),
    net_total_cents: summary.netTotalCents,
    vat: euros(summary.vatCents),
    vat_cents: summary.vatCents,
    total: euros(summary.totalCents),
    total_cents: summary.totalCents,
  };
}

/**
 * The payment methods an order may be paid with (spec 4 "Payment page": an unpaid order lists them); none for a
 * paid or expired order or when no provider is configured. A method of one country (spec 3 "Payment method":
 * country) is offered when the order's delivery address is in that country or names none (parcel machines); a
 * method without a country always. `url` is where the client PUTs its choice. `logo_url` only when the shop serves
 * the logo itself ({@link shopServedLogo}), else ''.
 */
export function paymentMethodsFor(payments: PaymentProviders | undefined, summary: OrderSummary, reservation: 'held' | 'expired' | 'none', publicUrl?: string): PaymentMethodView[] {
  if (!payments || summary.isPaid || orderStatus(summary, reservation) !== 'unpaid') return [];
  const country = summary.delivery.address?.country?.toUpperCase() || null;
  return payments
    .methods()
    .filter((m) => m.country === null || country === null || m.country.toUpperCase() === country)
    .map((m) => ({ id: m.id, name: m.name, logo_url: shopServedLogo(m.logo_url, publicUrl), url: `/v1/payment/${summary.publicToken}`, country: m.country }));
}

/**
 * A payment method's logo as the payment page may show it: the Content-Security-Policy allows images from the shop
 * only (api/plugins/security-headers.ts `img-src 'self' data:`), so a logo elsewhere (IPIZZA_<BANK>_LOGO_URL on a bank's
 * site, Montonio's CDN) would be blocked; it is dropped ('') and the page shows the method's name alone. A path on
 * the shop ('/sandbox-bank/logo.svg') or a URL of PUBLIC_URL's origin is kept, as a path.
 */
export function shopServedLogo(url: string, publicUrl: string | undefined): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const logo = new URL(url);
    return publicUrl && logo.origin === new URL(publicUrl).origin ? `${logo.pathname}${logo.search}` : '';
  } catch {
    return '';
  }
}

/** The API language of an order's language. */
export const apiLanguageOf = (language: OrderSummary['language']): ApiLanguage => (language === 'et' ? 'et' : 'en');
