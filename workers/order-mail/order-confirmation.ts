/**
 * The order confirmation mail (spec 3 "Order"; spec 4 "Payment page"; spec 8 success message "Your order has been
 * placed."): subject, plain text and HTML in the order's language (et or en-US), with the rows, totals with VAT, the
 * delivery (provider and parcel machine), and the link to /payment/{token} where an unpaid order is paid and a paid
 * one is shown. The order summary PDF (content: domain/order/order-document.ts, engine: platform/documents/pdf.ts) is
 * attached by `buildOrderConfirmationMessage`. The composition belongs to the feature that sends the mail;
 * platform/mail keeps only the SMTP mechanism.
 *
 * No free text the shopper typed (names, phone, contact or courier address, comment) goes into this mail or its
 * PDF (`ShopperText` 'shop' of domain/order/order-document.ts): the address it goes to has not proved itself (anyone
 * may place an order with someone else's e-mail), and a first name like 'customer! Card charged twice - refund at
 * https://…' would reach that person as the shop's own words. The greeting names nobody; the shopper's details are
 * on the order page behind the link (and in its PDF download).
 *
 * Every value in the HTML part is HTML-escaped. Amounts are euro cents, printed with 2 decimals and €.
 */
import type { SendMailOptions } from 'nodemailer';
import {
  DOCUMENT_LABELS,
  deliveryLines,
  type DocumentLanguage,
  formatEuroCents,
  formatOrderDate,
  formatQuantity,
  orderPdfFileName,
  orderSummaryDocument,
  type SellerDetails,
  SHOP_NAME,
  shopperRowCode,
} from '../../domain/order/order-document.js';
import type { OrderSummary } from '../../domain/order/order-summary.js';
import { renderPdf } from '../../platform/documents/pdf.js';

/** A rendered mail body. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const MAIL_TEXTS = {
  et: {
    subject: (n: number) => `Tellimus nr ${n} on vastu võetud`,
    greeting: 'Tere!',
    placed: 'Teie tellimus on vormistatud.',
    payLink: 'Tellimuse eest saate maksta siin:',
    viewLink: 'Tellimust saate vaadata siin:',
    paidNote: 'Tellimus on makstud. Aitäh!',
    attachment: 'Tellimuse kokkuvõte on lisatud PDF-failina.',
    thanks: 'Aitäh, et valisite meid!',
  },
  'en-US': {
    subject: (n: number) => `Your order #${n} has been placed`,
    greeting: 'Hello,',
    placed: 'Your order has been placed.',
    payLink: 'You can pay for the order here:',
    viewLink: 'You can view the order here:',
    paidNote: 'The order has been paid. Thank you!',
    attachment: 'The order summary is attached as a PDF file.',
    thanks: 'Thank you for shopping with us!',
  },
} as const;

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The absolute payment page link of an order (spec 4): `{shopUrl}/payment/{token}`. */
export function paymentPageUrl(shopUrl: string, summary: OrderSummary): string {
  return `${shopUrl.replace(/\/+$/, '')}/payment/${encodeURIComponent(summary.publicToken)}`;
}

/**
 * Renders the confirmation mail.
 * @param summary the order (amounts in euro cents)
 * @param language 'et' or 'en-US' (normally `summary.language`)
 * @param options.shopUrl absolute storefront base URL for the /payment/{token} link (MAIL_SHOP_URL), default
 *   http://localhost:3000
 * @returns subject, plain text and HTML (every value escaped), without the shopper's free text (module comment)
 * @throws RangeError when an amount is not an integer number of cents or a date is invalid
 */
export function renderOrderConfirmation(summary: OrderSummary, language: DocumentLanguage, options: { shopUrl?: string } = {}): RenderedMail {
  const M = MAIL_TEXTS[language];
  const L = DOCUMENT_LABELS[language];
  const link = paymentPageUrl(options.shopUrl ?? 'http://localhost:3000', summary);
  const money = (cents: number) => formatEuroCents(cents, language);
  const vatLabel = summary.vatIncluded ? L.vat(summary.vatRatePercent) : L.vatNotIncluded;
  const delivery = deliveryLines(summary, 'shop');
  const subject = M.subject(summary.number);

  const text = [
    M.greeting,
    '',
    M.placed,
    `${L.orderNumber(summary.number)}, ${formatOrderDate(summary.placedAt, language)}`,
    '',
    ...summary.rows.map((r) => `${shopperRowCode(r.code) ? `${shopperRowCode(r.code)}  ` : ''}${r.name}  ${formatQuantity(r.quantity, r.unit, language)} x ${money(r.unitPriceCents)} = ${money(r.lineTotalCents)}`),
    '',
    `${L.net}: ${money(summary.netTotalCents)}`,
    `${vatLabel}: ${money(summary.vatCents)}`,
    `${L.total}: ${money(summary.totalCents)}`,
    '',
    `${L.delivery}:`,
    ...delivery.map((line) => `  ${line}`),
    L.detailsOnOrderPage,
    '',
    summary.isPaid ? M.paidNote : M.payLink,
    ...(summary.isPaid ? [M.viewLink] : []),
    link,
    '',
    M.attachment,
    M.thanks,
    SHOP_NAME,
    '',
  ].join('\n');

  const e = escapeHtml;
  const cell = 'padding:4px 8px;border-bottom:1px solid #ddd';
  const num = `${cell};text-align:right;white-space:nowrap`;
  const html = `<!doctype html>
<html lang="${language === 'et' ? 'et' : 'en'}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:640px">
<h1 style="font-size:20px">${e(SHOP_NAME)}</h1>
<p>${e(M.greeting)}</p>
<p><strong>${e(M.placed)}</strong></p>
<p>${e(L.orderNumber(summary.number))}, ${e(formatOrderDate(summary.placedAt, language))}</p>
<table style="border-collapse:collapse;width:100%">
<thead><tr><th style="${cell};text-align:left">${e(L.code)}</th><th style="${cell};text-align:left">${e(L.name)}</th><th style="${num}">${e(L.quantity)}</th><th style="${num}">${e(L.unitPrice)}</th><th style="${num}">${e(L.lineTotal)}</th></tr></thead>
<tbody>
${summary.rows
  .map(
    (r) =>
      `<tr><td style="${cell}">${e(shopperRowCode(r.code))}</td><td style="${cell}">${e(r.name)}</td><td style="${num}">${e(formatQuantity(r.quantity, r.unit, language))}</td><td style="${num}">${e(money(r.unitPriceCents))}</td><td style="${num}">${e(money(r.lineTotalCents))}</td></tr>`,
  )
  .join('\n')}
</tbody>
<tfoot>
<tr><td colspan="4" style="${num}">${e(L.net)}</td><td style="${num}">${e(money(summary.netTotalCents))}</td></tr>
<tr><td colspan="4" style="${num}">${e(vatLabel)}</td><td style="${num}">${e(money(summary.vatCents))}</td></tr>
<tr><td colspan="4" style="${num}"><strong>${e(L.total)}</strong></td><td style="${num}"><strong>${e(money(summary.totalCents))}</strong></td></tr>
</tfoot>
</table>
<h2 style="font-size:16px">${e(L.delivery)}</h2>
<p>${delivery.map(e).join('<br>')}</p>
<p>${e(L.detailsOnOrderPage)}</p>
<p>${e(summary.isPaid ? `${M.paidNote} ${M.viewLink}` : M.payLink)}<br><a href="${e(link)}">${e(link)}</a></p>
<p>${e(M.attachment)}</p>
<p>${e(M.thanks)}<br>${e(SHOP_NAME)}</p>
</body></html>
`;
  return { subject, text, html };
}

/** The domain part of the From address (`Shop <shop@example.ee>` -> `example.ee`), else `localhost`. */
export function mailDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return match ? match[1].toLowerCase() : 'localhost';
}

/**
 * The deterministic Message-ID of the confirmation caused by one OrderPlaced event: a retried send carries the same
 * id, so a receiving system that deduplicates by Message-ID shows one mail.
 */
export function orderConfirmationMessageId(eventId: string, from: string): string {
  return `<order-confirmation.${eventId}@${mailDomain(from)}>`;
}

/**
 * The complete nodemailer message: From, To (the client's e-mail), subject, text, HTML, the deterministic
 * Message-ID and the order summary PDF attached (`tellimus-{number}.pdf` / `order-{number}.pdf`), printed without
 * the shopper's free text as the mail is (module comment).
 * @param options.eventId the OrderPlaced event id the mail answers (Message-ID)
 * @param options.from the From header (MAIL_FROM)
 * @param options.shopUrl absolute storefront base URL (MAIL_SHOP_URL)
 * @param options.seller the shop's company printed in the PDF, as GET /order/download prints it
 * @throws RangeError as `renderOrderConfirmation`; pdfkit errors when the PDF cannot be rendered
 */
export async function buildOrderConfirmationMessage(
  summary: OrderSummary,
  options: { eventId: string; from: string; shopUrl: string; seller?: SellerDetails | null },
): Promise<SendMailOptions & { messageId: string }> {
  const language = summary.language;
  const mail = renderOrderConfirmation(summary, language, { shopUrl: options.shopUrl });
  const pdf = await renderPdf(orderSummaryDocument(summary, language, options.seller ?? null, 'shop'));
  return {
    from: options.from,
    to: summary.client.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: orderConfirmationMessageId(options.eventId, options.from),
    headers: { 'X-Shop-Order-Number': String(summary.number) },
    attachments: [{ filename: orderPdfFileName(summary, language), content: pdf, contentType: 'application/pdf' }],
  };
}
