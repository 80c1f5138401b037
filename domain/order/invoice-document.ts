/**
 * The invoice and the prepayment invoice of an order as a printed document (order documents; spec 3 "Order",
 * spec 5 "VAT"), typeset by platform/documents/pdf.ts like the order summary (domain/order/order-document.ts).
 * Pure: no I/O, no clock.
 *
 * Content, as an Estonian invoice shows it (KMS § 37: number, date, seller's and buyer's names, addresses and VAT
 * numbers, quantity and kind of the goods, taxable amount per VAT rate, the rate, the VAT amount):
 * - title 'Arve nr 12' / 'Invoice No. 12', or 'Ettemaksuarve nr EA-3' / 'Prepayment invoice No. EA-3';
 * - the issue date, the due date (maksetähtaeg) and the order's number and date;
 * - the seller (global fields: companyName, address, registryCode, vatNumber, email, phone, bankAccounts) and the
 *   buyer (the business name with its VAT number and contact person, or the person's name; e-mail, phone, address);
 * - one row per order row: code, name, quantity, unit, unit price, VAT rate, row total. Prices are the order's own
 *   (domain/order/pricing.ts): with VAT included the unit price and row total are gross ("km-ga"); for a buyer
 *   VAT-registered in another country they are net and the rate is 0 %;
 * - the VAT lines: 'Summa käibemaksuta' (net total), 'Käibemaks 24 %' (VAT amount), 'Kokku tasuda' (gross total),
 *   the rate from the order (VAT_RATE_PERCENT when it was placed); for the 0 % case the reason (intra-Community
 *   supply, KMS § 15 lg 3 p 1);
 * - how to pay (the bank accounts, the invoice number as the payment description) or, for a paid order, 'Tasutud'.
 * Money is integer euro cents formatted with 2 decimals and € (formatEuroCents); dates dd.mm.yyyy (et) or
 * mm/dd/yyyy (en-US), the Estonian calendar day.
 */
import type { InvoiceKind } from './invoicing.js';
import {
  addressLines,
  type DocumentLanguage,
  formatEuroCents,
  formatOrderDate,
  formatQuantity,
  type PrintedColumn,
  type PrintedDocument,
  SHOP_NAME,
  shopperRowCode,
  unitLabel,
} from './order-document.js';
import type { OrderSummary } from './order-summary.js';

/**
 * The order as its invoice prints it: the order summary's fields (domain/order/order-summary.ts; rows as the order
 * now holds them, after staff edits) with the staff's discount and shop service fee (euro cents, in the order's price
 * basis: gross when VAT is included, else net; 0 when none) and the comment on the invoice.
 */
export type InvoiceOrder = Pick<
  OrderSummary,
  | 'number'
  | 'placedAt'
  | 'language'
  | 'isPaid'
  | 'paidAt'
  | 'client'
  | 'shortContactAddress'
  | 'delivery'
  | 'vatIncluded'
  | 'vatRatePercent'
  | 'netTotalCents'
  | 'vatCents'
  | 'totalCents'
> & {
  rows: Pick<OrderSummary['rows'][number], 'code' | 'name' | 'quantity' | 'unit' | 'unitPriceCents' | 'lineTotalCents'>[];
  discountCents?: number;
  serviceFeeCents?: number;
  /** Comments on the invoice (spec 3 Order), printed under the parties. */
  invoiceComment?: string;
};

/** The invoice as the order recorded it (InvoiceSendRequested): number as printed, dates YYYY-MM-DD (Europe/Tallinn). */
export interface InvoiceFacts {
  kind: InvoiceKind;
  number: string;
  issueDate: string;
  dueDate: string;
}

/** The seller as an invoice prints it: the company from the global fields, with contacts and bank accounts. */
export interface InvoiceSeller {
  companyName: string;
  address: string;
  registryCode: string;
  vatNumber: string;
  email: string;
  phone: string;
  /** One account per entry, e.g. "SEB EE101010220012345678". */
  bankAccounts: string[];
}

/**
 * The seller from the site's global fields (commands/site/seed-site-content.ts: companyName, address, registryCode,
 * vatNumber, email, phone, bankAccounts — one account per line or separated by ';'), in `language`, the Estonian
 * value standing in for a missing English one; the shop's name when no company name is set.
 */
export function invoiceSellerFromFields(fields: Record<string, Partial<Record<'et' | 'en', string>> | undefined>, language: DocumentLanguage): InvoiceSeller {
  const pick = (key: string) => {
    const value = fields[key];
    return ((language === 'et' ? value?.et : value?.en || value?.et) ?? '').trim();
  };
  return {
    companyName: pick('companyName') || pick('shopName') || SHOP_NAME,
    address: pick('address'),
    registryCode: pick('registryCode'),
    vatNumber: pick('vatNumber'),
    email: pick('email'),
    phone: pick('phone'),
    bankAccounts: pick('bankAccounts')
      .split(/[\n;]/)
      .map((a) => a.trim())
      .filter(Boolean),
  };
}

export const INVOICE_LABELS = {
  et: {
    title: (kind: InvoiceKind, number: string) => `${kind === 'prepayment' ? 'Ettemaksuarve' : 'Arve'} nr ${number}`,
    issueDate: 'Arve kuupäev',
    dueDate: 'Maksetähtaeg',
    order: (n: number, date: string) => `Tellimus nr ${n}, ${date}`,
    seller: 'Müüja',
    buyer: 'Ostja',
    registryCode: 'Registrikood',
    vatNumber: 'KMKR nr',
    contact: 'Kontaktisik',
    email: 'E-post',
    phone: 'Telefon',
    bank: 'Pangakonto',
    code: 'Kood',
    name: 'Nimetus',
    quantity: 'Kogus',
    unit: 'Ühik',
    unitPriceGross: 'Hind km-ga',
    unitPriceNet: 'Hind km-ta',
    discount: 'Allahindlus',
    serviceFee: 'Teenustasu',
    notes: 'Märkused',
    vatRate: 'KM',
    lineTotalGross: 'Summa km-ga',
    lineTotalNet: 'Summa km-ta',
    net: 'Summa käibemaksuta',
    vat: (rate: number) => `Käibemaks ${rate}${NBSP}%`,
    total: 'Kokku tasuda',
    zeroRated: (vatRegNr: string) =>
      isOtherMemberStateVatNumber(vatRegNr)
        ? `Käibemaks 0${NBSP}%: ostja on teise liikmesriigi käibemaksukohustuslane (KMKR nr ${vatRegNr}), ühendusesisene kaubatarne (KMS § 15 lg 3 p 1).`
        : `Käibemaks 0${NBSP}%: ostja on käibemaksukohustuslane väljaspool Euroopa Liitu${vatRegNr ? ` (KMKR nr ${vatRegNr})` : ''}.`,
    payBy: (due: string, number: string) => `Palume tasuda hiljemalt ${due}. Makse selgitusse märkige arve number ${number}.`,
    prepaymentNote: 'Kaup väljastatakse pärast ettemaksu laekumist.',
    paid: (date: string) => `Tasutud ${date}. Aitäh!`,
    file: (kind: InvoiceKind) => (kind === 'prepayment' ? 'ettemaksuarve' : 'arve'),
  },
  'en-US': {
    title: (kind: InvoiceKind, number: string) => `${kind === 'prepayment' ? 'Prepayment invoice' : 'Invoice'} No. ${number}`,
    issueDate: 'Invoice date',
    dueDate: 'Due date',
    order: (n: number, date: string) => `Order #${n}, ${date}`,
    seller: 'Seller',
    buyer: 'Buyer',
    registryCode: 'Registry code',
    vatNumber: 'VAT number',
    contact: 'Contact person',
    email: 'E-mail',
    phone: 'Phone',
    bank: 'Bank account',
    code: 'Code',
    name: 'Name',
    quantity: 'Quantity',
    unit: 'Unit',
    unitPriceGross: 'Price incl. VAT',
    unitPriceNet: 'Price excl. VAT',
    discount: 'Discount',
    serviceFee: 'Service fee',
    notes: 'Notes',
    vatRate: 'VAT',
    lineTotalGross: 'Total incl. VAT',
    lineTotalNet: 'Total excl. VAT',
    net: 'Total excluding VAT',
    vat: (rate: number) => `VAT ${rate}%`,
    total: 'Amount due',
    zeroRated: (vatRegNr: string) =>
      isOtherMemberStateVatNumber(vatRegNr)
        ? `VAT 0%: the buyer is VAT-registered in another member state (VAT number ${vatRegNr}); intra-Community supply of goods (Article 138 of Directive 2006/112/EC).`
        : `VAT 0%: the buyer is VAT-registered outside the European Union${vatRegNr ? ` (VAT number ${vatRegNr})` : ''}.`,
    payBy: (due: string, number: string) => `Please pay by ${due}, with the invoice number ${number} as the payment description.`,
    prepaymentNote: 'The goods are dispatched once the prepayment has arrived.',
    paid: (date: string) => `Paid on ${date}. Thank you!`,
    file: (kind: InvoiceKind) => (kind === 'prepayment' ? 'prepayment-invoice' : 'invoice'),
  },
} as const;

/** The country prefixes of EU VAT numbers other than Estonia's (EL is Greece, XI Northern Ireland's goods trade). */
const OTHER_MEMBER_STATE_PREFIXES = new Set(['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI']);

/**
 * Whether a VAT number is of another EU member state (its two-letter prefix): only then is a 0 % sale an
 * intra-Community supply of goods (KMS § 15 lg 3 p 1); a number from outside the EU gets a plain 0 % line instead.
 */
export function isOtherMemberStateVatNumber(vatRegNr: string): boolean {
  return OTHER_MEMBER_STATE_PREFIXES.has(vatRegNr.trim().slice(0, 2).toUpperCase());
}

const NBSP = '\u00a0';

/** Column widths of the invoice rows in PDF points (495 pt between the margins). */
const INVOICE_COLUMNS: PrintedColumn[] = [
  { key: 'code', width: 62, align: 'left' },
  { key: 'name', width: 148, align: 'left' },
  { key: 'quantity', width: 45, align: 'right' },
  { key: 'unit', width: 40, align: 'left' },
  { key: 'unitPrice', width: 70, align: 'right' },
  { key: 'vatRate', width: 40, align: 'right' },
  { key: 'lineTotal', width: 90, align: 'right' },
];

/** The file name of the download and the mail attachment: "arve-12.pdf", "ettemaksuarve-EA-3.pdf", "invoice-12.pdf". */
export function invoicePdfFileName(invoice: Pick<InvoiceFacts, 'kind' | 'number'>, language: DocumentLanguage): string {
  return `${INVOICE_LABELS[language].file(invoice.kind)}-${invoice.number.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}

/** The buyer's lines: business name, VAT number and contact person, or the person; e-mail, phone, address. */
function buyerLines(summary: InvoiceOrder, language: DocumentLanguage): string[] {
  const L = INVOICE_LABELS[language];
  const c = summary.client;
  const person = `${c.firstName} ${c.lastName}`.trim();
  const business = c.type === 'business' && c.businessName.trim() !== '';
  const address = summary.shortContactAddress || (summary.delivery.address ? addressLines(summary.delivery.address).join(', ') : '');
  return [
    business ? c.businessName : person,
    business && c.vatRegNr ? `${L.vatNumber} ${c.vatRegNr}` : '',
    business && person ? `${L.contact}: ${person}` : '',
    address,
    c.email ? `${L.email}: ${c.email}` : '',
    c.phone ? `${L.phone}: ${c.phone}` : '',
  ].filter(Boolean);
}

function sellerLines(seller: InvoiceSeller, language: DocumentLanguage): string[] {
  const L = INVOICE_LABELS[language];
  return [
    seller.companyName,
    seller.address,
    seller.registryCode ? `${L.registryCode} ${seller.registryCode}` : '',
    seller.vatNumber ? `${L.vatNumber} ${seller.vatNumber}` : '',
    seller.email ? `${L.email}: ${seller.email}` : '',
    seller.phone ? `${L.phone}: ${seller.phone}` : '',
    ...seller.bankAccounts.map((a) => `${L.bank}: ${a}`),
  ].filter(Boolean);
}

/**
 * The invoice (or prepayment invoice) of an order as a printed document.
 * @param summary the order as it stands (amounts in euro cents; rows priced by the spec 5 VAT rule; the discount and
 *   the service fee become rows of their own after the order's rows)
 * @param invoice the number and dates the order recorded for this kind
 * @param language 'et' or 'en-US' (normally the order's language)
 * @param seller from the global fields (`invoiceSellerFromFields`)
 * @param note comments on the invoice (spec 3 Order), printed under the parties; default the order's `invoiceComment`
 * @throws RangeError when an amount is not an integer number of cents or a date is invalid
 */
export function invoiceDocument(summary: InvoiceOrder, invoice: InvoiceFacts, language: DocumentLanguage, seller: InvoiceSeller, note = summary.invoiceComment ?? ''): PrintedDocument {
  const L = INVOICE_LABELS[language];
  const money = (cents: number) => formatEuroCents(cents, language);
  const date = (ymd: string) => formatOrderDate(`${ymd}T12:00:00Z`, language);
  const title = L.title(invoice.kind, invoice.number);
  const rate = summary.vatIncluded ? summary.vatRatePercent : 0;
  const rateText = language === 'et' ? `${rate}${NBSP}%` : `${rate}%`;
  const closing: PrintedDocument['closing'] = [];
  if (!summary.vatIncluded) closing.push({ text: L.zeroRated(summary.client.vatRegNr), bold: false, size: 9 });
  if (summary.isPaid) {
    closing.push({ text: L.paid(formatOrderDate(summary.paidAt ?? summary.placedAt, language)), bold: true, size: 11 });
  } else {
    closing.push({ text: L.payBy(date(invoice.dueDate), invoice.number), bold: true, size: 10 });
    if (seller.bankAccounts.length) closing.push({ text: seller.bankAccounts.map((a) => `${L.bank}: ${a}`).join('; '), bold: false, size: 9 });
    if (invoice.kind === 'prepayment') closing.push({ text: L.prepaymentNote, bold: false, size: 9 });
  }
  return {
    title,
    author: seller.companyName,
    createdAt: `${invoice.issueDate}T00:00:00.000Z`,
    heading: seller.companyName,
    subheading: title,
    lines: [`${L.issueDate}: ${date(invoice.issueDate)}`, `${L.dueDate}: ${date(invoice.dueDate)}`, L.order(summary.number, formatOrderDate(summary.placedAt, language))],
    blocks: [
      { heading: L.seller, lines: sellerLines(seller, language) },
      { heading: L.buyer, lines: buyerLines(summary, language) },
    ],
    note: note.trim() ? { label: L.notes, text: note.trim() } : null,
    table: {
      columns: INVOICE_COLUMNS,
      header: {
        code: L.code,
        name: L.name,
        quantity: L.quantity,
        unit: L.unit,
        unitPrice: summary.vatIncluded ? L.unitPriceGross : L.unitPriceNet,
        vatRate: L.vatRate,
        lineTotal: summary.vatIncluded ? L.lineTotalGross : L.lineTotalNet,
      },
      rows: [
        ...summary.rows.map((row) => ({
          code: shopperRowCode(row.code),
          name: row.name,
          quantity: formatQuantity(row.quantity, '', language),
          unit: row.unit ? unitLabel(row.unit, row.quantity, language) : '',
          unitPrice: money(row.unitPriceCents),
          vatRate: rateText,
          lineTotal: money(row.lineTotalCents),
        })),
        ...(summary.discountCents ? [{ code: '', name: L.discount, quantity: '', unit: '', unitPrice: '', vatRate: rateText, lineTotal: money(-summary.discountCents) }] : []),
        ...(summary.serviceFeeCents ? [{ code: '', name: L.serviceFee, quantity: '', unit: '', unitPrice: '', vatRate: rateText, lineTotal: money(summary.serviceFeeCents) }] : []),
      ],
    },
    totals: [
      { label: L.net, amount: money(summary.netTotalCents), bold: false },
      { label: L.vat(rate), amount: money(summary.vatCents), bold: false },
      { label: L.total, amount: money(summary.totalCents), bold: true },
    ],
    closing,
  };
}
