/**
 * The order's documents as data (composition belongs to the feature, platform keeps the mechanisms): the
 * formatting shared by the order summary PDF and the confirmation mail — money, dates, quantities, the labels of an
 * order in Estonian or English — and `orderSummaryDocument`, the order summary (spec 7 "Order summary download")
 * as a neutral printed document that platform/documents/pdf.ts typesets. Pure functions, no I/O, no library.
 *
 * Money is euro cents as integers and is formatted with integer arithmetic only (spec 9: "Prices shown with 2
 * decimals and €"): `formatEuroCents(123450, 'et')` -> "1 234,50 €", `formatEuroCents(123450, 'en-US')` -> "€1,234.50".
 * Dates are shown in the shop's time zone (Europe/Tallinn): Estonian dd.mm.yyyy, English mm/dd/yyyy.
 */
import { isPostageCode } from '../delivery/providers.js';
import type { OrderSummary } from './order-summary.js';

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

/**
 * How a product unit (domain/product/product.ts `UNITS`: pcs, set, pair, l, m, kg) reads in a document, as the
 * storefront shows it (web/src/locales/{et,en-US}/shop.json "units"): et "tk", "kompl", "paar"/"paari"; en-US "pcs",
 * "set", "pair"/"pairs"; l, m, kg in both. A unit the shop does not know is printed as stored.
 */
const UNIT_LABELS: Record<DocumentLanguage, Record<string, (quantity: number) => string>> = {
  et: { pcs: () => 'tk', set: () => 'kompl', pair: (q) => (q === 1 ? 'paar' : 'paari'), l: () => 'l', m: () => 'm', kg: () => 'kg' },
  'en-US': { pcs: () => 'pcs', set: () => 'set', pair: (q) => (q === 1 ? 'pair' : 'pairs'), l: () => 'l', m: () => 'm', kg: () => 'kg' },
};

/** The unit label of `unit` for `quantity` in `language`: `unitLabel('pcs', 2, 'et')` -> "tk". */
export function unitLabel(unit: string, quantity: number, language: DocumentLanguage): string {
  const label = UNIT_LABELS[language][unit];
  return label ? label(quantity) : unit;
}

/**
 * A quantity with up to 3 decimals and its unit in the document's language: "2 tk", "1 paar", "1,5 m" (et),
 * "2 pcs", "1.5 m" (en-US). `unit` is the product's unit code (pcs, set, pair, l, m, kg).
 */
export function formatQuantity(quantity: number, unit: string, language: DocumentLanguage): string {
  const rounded = Math.round(quantity * 1000) / 1000;
  const text = language === 'et' ? String(rounded).replace('.', ',') : String(rounded);
  return unit ? `${text}${NBSP}${unitLabel(unit, rounded, language)}` : text;
}

/**
 * The code a shopper sees for an order row: the product code, or nothing for the postage line (its code
 * `postikulu-<provider>` is the shop's internal marker, spec 3 "Product", not a product code to order by).
 */
export function shopperRowCode(code: string): string {
  return isPostageCode(code) ? '' : code;
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
 * Which text of the order a document prints:
 * - `all`: everything, the shopper's own words too (the download from the order page, GET /order/download/{token},
 *   which only the holder of the order's unguessable token reaches);
 * - `shop`: only what the shop itself wrote (catalog rows, amounts, the delivery provider and the parcel machine
 *   from the shop's location list), none of the free text the shopper typed (names, phone, e-mail, contact and
 *   courier address, comment). For mail to an address that has not proved itself: anyone may place an order with
 *   someone else's address, so a name like 'customer! Card charged twice - refund at https://…' would otherwise
 *   reach that person as the shop's own words (phishing through the shop's mail).
 */
export type ShopperText = 'all' | 'shop';

/**
 * How the order is delivered, as lines: the provider, then the parcel machine (pakiautomaat) or post office for
 * select providers, else the courier address (spec 3 "Delivery provider", "Delivery address"). With `shopperText`
 * `shop` the courier address (typed by the shopper) is left out.
 */
export function deliveryLines(summary: OrderSummary, shopperText: ShopperText = 'all'): string[] {
  const { delivery } = summary;
  const lines = [delivery.providerName || delivery.providerId];
  if (delivery.optionName || delivery.optionId) lines.push(delivery.optionName ?? delivery.optionId ?? '');
  if (delivery.address && shopperText === 'all') lines.push(...addressLines(delivery.address));
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
    registryCode: 'Registrikood',
    vatNumber: 'KMKR nr',
    detailsOnOrderPage: 'Kliendi andmed ja tarneaadress on tellimuse lehel.',
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
    registryCode: 'Registry code',
    vatNumber: 'VAT number',
    detailsOnOrderPage: "The client's details and the delivery address are on the order page.",
  },
} as const;

/** The seller as the order documents print it: the company behind the shop, from the global fields. */
export interface SellerDetails {
  companyName: string;
  registryCode: string;
  vatNumber: string;
  address: string;
}

/**
 * The seller from the site's global fields (spec 1; commands/site/seed-site-content.ts: `companyName`,
 * `registryCode`, `vatNumber`, `address`), in `language`, the Estonian value standing in for a missing English one;
 * null when the fields name neither a registry code nor a VAT number.
 */
export function sellerFromFields(fields: Record<string, Partial<Record<'et' | 'en', string>> | undefined>, language: DocumentLanguage): SellerDetails | null {
  const pick = (key: string) => {
    const value = fields[key];
    return ((language === 'et' ? value?.et : value?.en || value?.et) ?? '').trim();
  };
  const seller = { companyName: pick('companyName') || pick('shopName') || SHOP_NAME, registryCode: pick('registryCode'), vatNumber: pick('vatNumber'), address: pick('address') };
  return seller.registryCode || seller.vatNumber ? seller : null;
}

/** The seller's line of a document: 'Baltic Parts OÜ, Registrikood 14512345, KMKR nr EE102345678, Peterburi tee 71, …'. */
export function sellerLine(seller: SellerDetails, language: DocumentLanguage): string {
  const L = DOCUMENT_LABELS[language];
  return [
    seller.companyName,
    seller.registryCode ? `${L.registryCode} ${seller.registryCode}` : '',
    seller.vatNumber ? `${L.vatNumber} ${seller.vatNumber}` : '',
    seller.address,
  ]
    .filter(Boolean)
    .join(', ');
}

/** A table column of a printed document: its width in PDF points (A4: 495 pt between the margins) and alignment. */
export interface PrintedColumn {
  key: string;
  width: number;
  align: 'left' | 'right';
}

/**
 * A document as data, typeset by platform/documents/pdf.ts (structurally its `PrintedDocument`): a heading, a
 * subheading, a few lines, two side-by-side blocks, an optional labelled note, a table, right-aligned totals and
 * closing lines. Text only; amounts already formatted.
 */
export interface PrintedDocument {
  /** PDF metadata: title and author; `createdAt` ISO-8601 (creation and modification date, so output is stable). */
  title: string;
  author: string;
  createdAt: string;
  heading: string;
  subheading: string;
  lines: string[];
  blocks: [{ heading: string; lines: string[] }, { heading: string; lines: string[] }];
  note: { label: string; text: string } | null;
  table: { columns: PrintedColumn[]; header: Record<string, string>; rows: Record<string, string>[] };
  totals: { label: string; amount: string; bold: boolean }[];
  /** Closing paragraphs; `size` in points. */
  closing: { text: string; bold: boolean; size: number }[];
}

/** Column widths of the order summary's rows, in PDF points (495 pt in all). */
const ORDER_COLUMNS: PrintedColumn[] = [
  { key: 'code', width: 80, align: 'left' },
  { key: 'name', width: 175, align: 'left' },
  { key: 'quantity', width: 70, align: 'right' },
  { key: 'unitPrice', width: 85, align: 'right' },
  { key: 'lineTotal', width: 85, align: 'right' },
];

/** The file name of the download and the mail attachment, e.g. "tellimus-1042.pdf" / "order-1042.pdf". */
export function orderPdfFileName(summary: OrderSummary, language: DocumentLanguage): string {
  return `${language === 'et' ? 'tellimus' : 'order'}-${summary.number}.pdf`;
}

/**
 * The order summary (spec 7 "GET /order/download/{token}"; spec 3 "Order", "Client", "Delivery address") as a
 * printed document: the shop's name, the order number and date, payment state, the client, the delivery (provider,
 * parcel machine or address), one line per row (code, name, quantity and unit, unit price, line total), net total,
 * VAT with its rate, total, whether the order is paid, and the seller's company, registry code and VAT number when
 * known (spec 1, the seller's company on documents).
 * @param summary the order (amounts in euro cents)
 * @param language 'et' or 'en-US': labels, number and date formats (the date is the Estonian calendar day)
 * @param seller the shop's company (`sellerFromFields` of the global fields), or null to print none
 * @param shopperText `all` (default) prints the client block, the courier address and the comment as typed; `shop`
 *   prints none of the shopper's free text (see ShopperText): the client block then points to the order page
 * @throws RangeError when an amount is not an integer number of cents or `placedAt` is not a date
 */
export function orderSummaryDocument(summary: OrderSummary, language: DocumentLanguage, seller: SellerDetails | null = null, shopperText: ShopperText = 'all'): PrintedDocument {
  const L = DOCUMENT_LABELS[language];
  const client = summary.client;
  const money = (cents: number) => formatEuroCents(cents, language);
  const shopperLines = shopperText === 'all'
    ? [
        clientName(summary),
        client.type === 'business' ? `${L.businessClient}${client.vatRegNr ? `, ${L.vatRegNr} ${client.vatRegNr}` : ''}` : '',
        client.type === 'business' && client.businessName ? `${client.firstName} ${client.lastName}`.trim() : '',
        client.email ? `${L.email}: ${client.email}` : '',
        client.phone ? `${L.phone}: ${client.phone}` : '',
        summary.shortContactAddress ? `${L.contactAddress}: ${summary.shortContactAddress}` : '',
      ].filter(Boolean)
    : [L.detailsOnOrderPage];
  return {
    title: L.orderNumber(summary.number),
    author: SHOP_NAME,
    createdAt: summary.placedAt,
    heading: SHOP_NAME,
    subheading: L.orderNumber(summary.number),
    lines: [
      `${L.date}: ${formatOrderDate(summary.placedAt, language)}`,
      `${L.paymentStatus}: ${summary.isPaid ? L.paid : L.notPaid}${summary.isPaid && summary.paidAt ? ` (${formatOrderDate(summary.paidAt, language)})` : ''}`,
    ],
    blocks: [
      { heading: L.client, lines: shopperLines },
      { heading: L.delivery, lines: deliveryLines(summary, shopperText) },
    ],
    note: summary.comment && shopperText === 'all' ? { label: L.comment, text: summary.comment } : null,
    table: {
      columns: ORDER_COLUMNS,
      header: { code: L.code, name: L.name, quantity: L.quantity, unitPrice: L.unitPrice, lineTotal: L.lineTotal },
      rows: summary.rows.map((row) => ({
        code: shopperRowCode(row.code),
        name: row.name,
        quantity: formatQuantity(row.quantity, row.unit, language),
        unitPrice: money(row.unitPriceCents),
        lineTotal: money(row.lineTotalCents),
      })),
    },
    totals: [
      { label: L.net, amount: money(summary.netTotalCents), bold: false },
      { label: summary.vatIncluded ? L.vat(summary.vatRatePercent) : L.vatNotIncluded, amount: money(summary.vatCents), bold: false },
      { label: L.total, amount: money(summary.totalCents), bold: true },
    ],
    closing: [
      { text: summary.vatIncluded ? L.pricesGross : L.pricesNet, bold: false, size: 9 },
      { text: summary.isPaid ? L.paid : L.notPaid, bold: true, size: 11 },
      ...(seller ? [{ text: sellerLine(seller, language), bold: false, size: 9 }] : []),
    ],
  };
}
