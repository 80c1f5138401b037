/**
 * The 'payment received' mail: sent once per OrderPaid, as the confirmation mail is sent per
 * OrderPlaced (workers/process-managers/order-mail.ts, workers/jobs/send-order-confirmation.ts), in the order's
 * language (et, formal 'Teie'; en-US): the order number, the amount paid and when, and the link to the order's page
 * /payment/{token}. No attachment: the confirmation mail carried the order summary PDF.
 *
 * Like the confirmation mail (workers/order-mail/order-confirmation.ts), it carries none of the shopper's free text:
 * the greeting names nobody, since a payment proves nothing about the e-mail address the order named.
 *
 * Every value from the order is HTML-escaped in the HTML part. Amounts are euro cents, printed with 2 decimals and €.
 */
import type { SendMailOptions } from 'nodemailer';
import { DOCUMENT_LABELS, type DocumentLanguage, formatEuroCents, formatOrderDate, SHOP_NAME } from '../../domain/order/order-document.js';
import type { OrderSummary } from '../../domain/order/order-summary.js';
import { escapeHtml, mailDomain, paymentPageUrl, type RenderedMail } from './order-confirmation.js';

const MAIL_TEXTS = {
  et: {
    subject: (n: number) => `Tellimuse nr ${n} makse on laekunud`,
    greeting: 'Tere!',
    received: 'Oleme Teie makse kätte saanud. Aitäh!',
    paid: (amount: string, at: string) => `Makstud ${amount}, ${at}.`,
    next: 'Saadame tellimuse teele esimesel võimalusel.',
    viewLink: 'Tellimust saate vaadata siin:',
    thanks: 'Aitäh, et valisite meid!',
  },
  'en-US': {
    subject: (n: number) => `Payment received for your order #${n}`,
    greeting: 'Hello,',
    received: 'We have received your payment. Thank you!',
    paid: (amount: string, at: string) => `Paid ${amount}, ${at}.`,
    next: 'We will send your order as soon as possible.',
    viewLink: 'You can view the order here:',
    thanks: 'Thank you for shopping with us!',
  },
} as const;

/**
 * Renders the mail.
 * @param summary the paid order (amounts in euro cents; `paidAt` ISO-8601, the placing time when not yet known)
 * @param language 'et' or 'en-US' (normally `summary.language`)
 * @param options.shopUrl absolute storefront base URL for the /payment/{token} link (MAIL_SHOP_URL)
 * @param options.amountCents the amount paid (OrderPaid amountCents), default the order total
 * @returns subject, plain text and HTML (every order value escaped)
 * @throws RangeError when an amount is not an integer number of cents or a date is invalid
 */
export function renderPaymentReceived(summary: OrderSummary, language: DocumentLanguage, options: { shopUrl?: string; amountCents?: number } = {}): RenderedMail {
  const M = MAIL_TEXTS[language];
  const L = DOCUMENT_LABELS[language];
  const link = paymentPageUrl(options.shopUrl ?? 'http://localhost:3000', summary);
  const subject = M.subject(summary.number);
  const paid = M.paid(formatEuroCents(options.amountCents ?? summary.totalCents, language), formatOrderDate(summary.paidAt ?? summary.placedAt, language));
  const text = [M.greeting, '', M.received, `${L.orderNumber(summary.number)}. ${paid}`, M.next, '', M.viewLink, link, '', M.thanks, SHOP_NAME, ''].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${language === 'et' ? 'et' : 'en'}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:640px">
<h1 style="font-size:20px">${e(SHOP_NAME)}</h1>
<p>${e(M.greeting)}</p>
<p><strong>${e(M.received)}</strong></p>
<p>${e(L.orderNumber(summary.number))}. ${e(paid)}</p>
<p>${e(M.next)}</p>
<p>${e(M.viewLink)}<br><a href="${e(link)}">${e(link)}</a></p>
<p>${e(M.thanks)}<br>${e(SHOP_NAME)}</p>
</body></html>
`;
  return { subject, text, html };
}

/**
 * The deterministic Message-ID of the mail caused by one OrderPaid event: a retried send carries the same id, so a
 * receiving system that deduplicates by Message-ID shows one mail.
 */
export function paymentReceivedMessageId(eventId: string, from: string): string {
  return `<payment-received.${eventId}@${mailDomain(from)}>`;
}

/**
 * The complete nodemailer message: From, To (the client's e-mail), subject, text, HTML and the Message-ID.
 * @param options.eventId the OrderPaid event id the mail answers (Message-ID)
 * @param options.from the From header (MAIL_FROM)
 * @param options.shopUrl absolute storefront base URL (MAIL_SHOP_URL)
 * @throws RangeError as `renderPaymentReceived`
 */
export async function buildPaymentReceivedMessage(
  summary: OrderSummary,
  options: { eventId: string; from: string; shopUrl: string },
): Promise<SendMailOptions & { messageId: string }> {
  const mail = renderPaymentReceived(summary, summary.language, { shopUrl: options.shopUrl });
  return {
    from: options.from,
    to: summary.client.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: paymentReceivedMessageId(options.eventId, options.from),
    headers: { 'X-Shop-Order-Number': String(summary.number), 'X-Shop-Mail': 'payment-received' },
  };
}
