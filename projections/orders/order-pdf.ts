/**
 * The orders read model's order summary as a PDF (spec 7 "GET /order/download/{token}: Order summary download"):
 * the content from domain/order/order-document.ts `orderSummaryDocument`, typeset by the PDF engine
 * (platform/documents/pdf.ts). The api's download route reads it from here; the confirmation mail
 * (workers/order-mail/order-confirmation.ts) composes the same two parts, so both give the same PDF.
 */
import { type DocumentLanguage, orderPdfFileName, orderSummaryDocument, type SellerDetails } from '../../domain/order/order-document.js';
import type { OrderSummary } from '../../domain/order/order-summary.js';
import { type PdfOptions, renderPdf } from '../../platform/documents/pdf.js';

export { orderPdfFileName };

/**
 * Renders the order summary as an A4 PDF.
 * @param summary the order (domain/order/order-summary.ts; amounts in euro cents)
 * @param language 'et' or 'en-US': labels, number and date formats
 * @param options.seller the shop's company from the global fields (`sellerFromFields`), printed at the end; the
 *   rest are the PDF engine's options
 * @returns the PDF file's bytes
 * @throws RangeError when an amount is not an integer number of cents or `placedAt` is not a date
 */
export function renderOrderSummaryPdf(summary: OrderSummary, language: DocumentLanguage, options: PdfOptions & { seller?: SellerDetails | null } = {}): Promise<Buffer> {
  const { seller = null, ...pdfOptions } = options;
  return renderPdf(orderSummaryDocument(summary, language, seller), pdfOptions);
}
