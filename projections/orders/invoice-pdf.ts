/**
 * The invoice and the prepayment invoice of an order as a PDF (order documents): the content from
 * domain/order/invoice-document.ts `invoiceDocument`, typeset by the PDF engine (platform/documents/pdf.ts) like the
 * order summary (projections/orders/order-pdf.ts). The admin route GET /v1/admin/orders/{id}/invoice.pdf and the
 * invoice mail (workers/jobs/send-invoice.ts) both render through here, so the download and the attachment match.
 */
import { type InvoiceFacts, invoiceDocument, type InvoiceOrder, invoicePdfFileName, type InvoiceSeller } from '../../domain/order/invoice-document.js';
import type { DocumentLanguage } from '../../domain/order/order-document.js';
import { type PdfOptions, renderPdf } from '../../platform/documents/pdf.js';

export { invoicePdfFileName };

/**
 * Renders an invoice as an A4 PDF.
 * @param summary the order as it stands (amounts in euro cents; discount, fee and invoice comment included)
 * @param invoice kind, number and dates (YYYY-MM-DD) as the order recorded them
 * @param language 'et' or 'en-US'
 * @param options.seller the shop's company, contacts and bank accounts (`invoiceSellerFromFields`)
 * @param options.note comments on the invoice; default the order's `invoiceComment`
 * @returns the PDF file's bytes (the same input gives the same bytes: the creation date is the issue date)
 * @throws RangeError when an amount is not an integer number of cents or a date is invalid
 */
export function renderInvoicePdf(
  summary: InvoiceOrder,
  invoice: InvoiceFacts,
  language: DocumentLanguage,
  options: PdfOptions & { seller: InvoiceSeller; note?: string },
): Promise<Buffer> {
  const { seller, note, ...pdfOptions } = options;
  return renderPdf(invoiceDocument(summary, invoice, language, seller, note), pdfOptions);
}
