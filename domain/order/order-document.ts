/**
 * Formatting shared by the order documents (the PDF summary, the confirmation mail): money, dates, quantities and
 * the labels of an order in Estonian or English. Pure functions, no I/O.
 *
 * Money is euro cents as integers and is formatted with integer arithmetic only (spec 9: "Prices shown with 2
 * decimals and €"): `formatEuroCents(123450, 'et')` -> "1 234,50 €", `formatEuroCents(123450, 'en-US')` -> "€1,234.50".
 * Dates are shown in the shop's time zone (Europe/Tallinn): Estonian dd.mm.yyyy, English mm/dd/yyyy.
 */
import type { OrderSummary } from '../../domain/order/order-summary.js';

/** The two document languages: an order's `language` (domain/order/order-summary.ts). */
export type DocumentLanguage = 'et' | 'en-US';

/** The shop's time zone: order dates are the Estonian calendar day. */
export const SHOP_TIME_ZONE = 'Europe/Tallinn';

/** The shop's name as printed on documents and in the mail's From line when MAIL_FROM has none. */
export const SHOP_NAME = 'Baltic Parts';

const NBSP = '\u00a0';

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * Formats euro cents with 2 decimals and € (spec 9).
 * @param cents integer euro cents (negative allowed, e.g. a discount)
 * @returns e.g. "12,40 €" (et, non-breaking spaces) or "€12.40" (en-US)
 * @throws RangeError when `cents` is not a safe integer
 */
export function formatEuroCents(cents: number, language: DocumentLanguage): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`euro cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = String(Math.trunc(abs / 100));
  const rest = String(abs % 100).padStart(2, '0');
  return language === 'et'
    ? `${sign}${groupThousands(euros, NBSP)},${rest}${NBSP}€`
    : `${sign}€${groupThousands(euros, ',')}.${rest}`;
}

/**
 * The calendar date of an ISO-8601 instant in Europe/Tallinn.
 * @returns "dd.mm.yyyy" (et) or "mm/dd/yyyy" (en-US)
 * @throws RangeError when `iso` is not a valid date
 */
export function formatOrderDate(iso: string, language: DocumentLanguage): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an ISO-8601 date: ${iso}`);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return language === 'et' ? `${part('day')}.${part('month')}.${part('year')}` : `${part('month')}/${part('day')}/${part('year')}`;
}

/** A quantity with up to 3 decimals and its unit: "2 tk", "1,5 m" (et), "1.5 m" (en-US). */
export function formatQuantity(quantity: number, unit: string, language: DocumentLanguage): string {
  const rounded = Math.round(quantity * 1000) / 1000;
  const text = language === 'et' ? String(rounded).replace('.', ',') : String(rounded);
  return unit ? `${text}${NBSP}${unit}` : text;
}

/** The client's display name: the business name for business clients, else first and last name. */
export function clientName(summary: OrderSummary): string {
  const person = `${summary.client.firstName} ${summary.client.lastName}`.trim();
  if (summary.client.type === 'business' && summary.client.businessName) return summary.client.businessName;
  return person;
}

/** The delivery address as one line per part ("Street 1-2", "City", "State AreaCode", "Country"), empty parts left out. */
export function addressLines(address: NonNullable<OrderSummary['delivery']['address']>): string[] {
  const street = [address.street, address.apartment].filter(Boolean).join('-');
  const region = [address.state, address.areaCode].filter(Boolean).join(' ');
  return [street, address.city, region, address.country].filter((line) => line.trim() !== '');
}

/**
 * How the order is delivered, as lines: the provider, then the parcel machine (pakiautomaat) or post office for
 * select providers, else the courier address (spec 3 "Delivery provider", "Delivery address").
 */
export function deliveryLines(summary: OrderSummary): string[] {
  const { delivery } = summary;
  const lines = [delivery.providerName || delivery.providerId];
  if (delivery.optionName || delivery.optionId) lines.push(delivery.optionName ?? delivery.optionId ?? '');
  if (delivery.address) lines.push(...addressLines(delivery.address));
  return lines;
}

/** Labels of the order documents per language. */
export const DOCUMENT_LABELS = {
  et: {
    order: 'Tellimus',
    orderNumber: (n: number) => `Tellimus nr ${n}`,
    date: 'Kuupäev',
    client: 'Klient',
    businessClient: 'Äriklient',
    vatRegNr: 'KMKR nr',
    email: 'E-post',
    phone: 'Telefon',
    contactAddress: 'Kontaktaadress',
    delivery: 'Tarne',
    comment: 'Kommentaar',
    code: 'Kood',
    name: 'Nimetus',
    quantity: 'Kogus',
    unitPrice: 'Ühiku hind',
    lineTotal: 'Summa',
    net: 'Summa km-ta',
    vat: (rate: number) => `Käibemaks ${rate}%`,
    vatNotIncluded: 'Käibemaksu ei lisandu',
    total: 'Kokku',
    paid: 'Makstud',
    notPaid: 'Maksmata',
    paymentStatus: 'Makse',
    pricesGross: 'Hinnad sisaldavad käibemaksu.',
    pricesNet: 'Hinnad ei sisalda käibemaksu.',
  },
  'en-US': {
    order: 'Order',
    orderNumber: (n: number) => `Order #${n}`,
    date: 'Date',
    client: 'Client',
    businessClient: 'Business client',
    vatRegNr: 'VAT reg. no.',
    email: 'E-mail',
    phone: 'Phone',
    contactAddress: 'Contact address',
    delivery: 'Delivery',
    comment: 'Comment',
    code: 'Code',
    name: 'Name',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    lineTotal: 'Total',
    net: 'Total without VAT',
    vat: (rate: number) => `VAT ${rate}%`,
    vatNotIncluded: 'No VAT added',
    total: 'Total',
    paid: 'Paid',
    notPaid: 'Not paid',
    paymentStatus: 'Payment',
    pricesGross: 'Prices include VAT.',
    pricesNet: 'Prices do not include VAT.',
  },
} as const;
