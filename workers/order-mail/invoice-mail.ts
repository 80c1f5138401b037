/**
 * The invoice mail (order documents): the invoice or the prepayment invoice of an order as a PDF attachment
 * (domain/order/invoice-document.ts, typeset by platform/documents/pdf.ts), with a short letter in the order's
 * language (et, formal 'Teie'; en-US): the number, the amount, the due date and the bank accounts, or 'paid'.
 * Sent once per InvoiceSendRequested by workers/jobs/send-invoice.ts; the Message-ID derives from that event's id.
 *
 * Every value from the order is HTML-escaped in the HTML part. Amounts are euro cents, printed with 2 decimals and €.
 */
import type { SendMailOptions } from 'nodemailer';
import { type InvoiceFacts, invoiceDocument, type InvoiceOrder, invoicePdfFileName, INVOICE_LABELS, type InvoiceSeller } from '../../domain/order/invoice-document.js';
import { type DocumentLanguage, formatEuroCents, formatOrderDate } from '../../domain/order/order-document.js';
import { renderPdf } from '../../platform/documents/pdf.js';
import { escapeHtml, mailDomain, type RenderedMail } from './order-confirmation.js';

const MAIL_TEXTS = {
  et: {
    subject: (title: string, shop: string) => `${title} – ${shop}`,
    greeting: (name: string) => `Tere, ${name}!`,
    attached: (title: string, order: number) => `Saadame Teile tellimuse nr ${order} ${title.charAt(0).toLowerCase()}${title.slice(1)} (PDF manuses).`,
    amount: (amount: string) => `Summa: ${amount}.`,
    due: (date: string) => `Palume tasuda hiljemalt ${date}, makse selgitusse arve number.`,
    paid: 'Tellimus on tasutud. Aitäh!',
    accounts: 'Pangakontod:',
    questions: 'Küsimuste korral vastake sellele kirjale.',
    thanks: 'Lugupidamisega',
  },
  'en-US': {
    subject: (title: string, shop: string) => `${title} – ${shop}`,
    greeting: (name: string) => `Hello ${name},`,
    attached: (title: string, order: number) => `Please find the ${title.charAt(0).toLowerCase()}${title.slice(1)} for your order #${order} attached (PDF).`,
    amount: (amount: string) => `Amount: ${amount}.`,
    due: (date: string) => `Please pay by ${date}, with the invoice number as the payment description.`,
    paid: 'The order is paid. Thank you!',
    accounts: 'Bank accounts:',
    questions: 'If you have any questions, just reply to this e-mail.',
    thanks: 'Kind regards,',
  },
} as const;

/**
 * Renders the letter of the invoice mail.
 * @param summary the order (amounts in euro cents)
 * @param invoice kind, number and dates (YYYY-MM-DD) as the order recorded them
 * @returns subject, plain text and HTML (every order value escaped)
 * @throws RangeError when an amount is not an integer number of cents or a date is invalid
 */
export function renderInvoiceMail(summary: InvoiceOrder, invoice: InvoiceFacts, language: DocumentLanguage, seller: InvoiceSeller): RenderedMail {
  const M = MAIL_TEXTS[language];
  const title = INVOICE_LABELS[language].title(invoice.kind, invoice.number);
  const subject = M.subject(title, seller.companyName);
  const c = summary.client;
  const name = c.type === 'business' && c.businessName.trim() ? c.businessName.trim() : `${c.firstName} ${c.lastName}`.trim();
  const payment = summary.isPaid ? [M.paid] : [M.due(formatOrderDate(`${invoice.dueDate}T12:00:00Z`, language)), ...(seller.bankAccounts.length ? [M.accounts, ...seller.bankAccounts] : [])];
  const body = [M.greeting(name), '', M.attached(title, summary.number), M.amount(formatEuroCents(summary.totalCents, language)), ...payment, '', M.questions, '', M.thanks, seller.companyName];
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${language === 'et' ? 'et' : 'en'}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:640px">
${body.map((line) => (line ? `<p>${e(line)}</p>` : '')).join('\n')}
</body></html>
`;
  return { subject, text: `${body.join('\n')}\n`, html };
}

/** The deterministic Message-ID of the mail of one InvoiceSendRequested event (a retried send carries the same id). */
export function invoiceMessageId(eventId: string, from: string): string {
  return `<invoice.${eventId}@${mailDomain(from)}>`;
}

/**
 * The complete nodemailer message: From, To (the request's recipient), subject, text, HTML, the PDF attachment and
 * the Message-ID; header X-Shop-Order-Number names the order.
 * @param options.eventId the InvoiceSendRequested event id (Message-ID)
 * @param options.recipient one e-mail address (the request's)
 * @param options.note comments on the invoice; default the order's `invoiceComment`
 * @throws RangeError as renderInvoiceMail; pdfkit's errors
 */
export async function buildInvoiceMessage(
  summary: InvoiceOrder,
  invoice: InvoiceFacts,
  options: { eventId: string; from: string; recipient: string; seller: InvoiceSeller; note?: string },
): Promise<SendMailOptions & { messageId: string }> {
  const language = summary.language;
  const mail = renderInvoiceMail(summary, invoice, language, options.seller);
  const pdf = await renderPdf(invoiceDocument(summary, invoice, language, options.seller, options.note));
  return {
    from: options.from,
    to: options.recipient,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: invoiceMessageId(options.eventId, options.from),
    headers: { 'X-Shop-Order-Number': String(summary.number), 'X-Shop-Invoice-Number': invoice.number },
    attachments: [{ filename: invoicePdfFileName(invoice, language), content: pdf, contentType: 'application/pdf' }],
  };
}
