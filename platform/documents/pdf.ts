/**
 * The order summary as a PDF (spec 7 "GET /order/download/{token}: Order summary download"; attached to the order
 * confirmation mail): the shop's name, the order number and date, the client, the delivery (provider, parcel
 * machine or address), one line per row (code, name, quantity and unit, unit price, line total), net total, VAT with
 * its rate, total, and whether the order is paid (spec 3 "Order", "Client", "Delivery address").
 *
 * Amounts come in euro cents and are printed with 2 decimals and € (spec 9). The date is the Estonian calendar day
 * of `placedAt` (dd.mm.yyyy in Estonian). Text is set in DejaVu Sans so õ, š, ž and the Latvian/Lithuanian letters
 * render; without that font, Helvetica with transliteration (platform/documents/fonts.ts).
 */
import PDFDocument from 'pdfkit';
import type { OrderSummary } from '../../domain/order/order-summary.js';
import { type DocumentFonts, findDocumentFonts, toWinAnsi } from './fonts.js';
import {
  clientName,
  DOCUMENT_LABELS,
  deliveryLines,
  type DocumentLanguage,
  formatEuroCents,
  formatOrderDate,
  formatQuantity,
  SHOP_NAME,
} from './format.js';

export interface OrderPdfOptions {
  /** Fonts to embed; default: the installed DejaVu Sans; null forces the Helvetica fallback. */
  fonts?: DocumentFonts | null;
}

const MARGIN = 50;
/** Column widths in PDF points (A4 is 595 pt wide; 495 pt between the margins). */
const COLUMNS = [
  { key: 'code', width: 80, align: 'left' },
  { key: 'name', width: 175, align: 'left' },
  { key: 'quantity', width: 70, align: 'right' },
  { key: 'unitPrice', width: 85, align: 'right' },
  { key: 'lineTotal', width: 85, align: 'right' },
] as const;

/** The file name of the download and the mail attachment, e.g. "tellimus-1042.pdf" / "order-1042.pdf". */
export function orderPdfFileName(summary: OrderSummary, language: DocumentLanguage): string {
  return `${language === 'et' ? 'tellimus' : 'order'}-${summary.number}.pdf`;
}

/**
 * Renders the order summary as an A4 PDF.
 * @param summary the order (domain/order/order-summary.ts; amounts in euro cents)
 * @param language 'et' or 'en-US': labels, number and date formats
 * @returns the PDF file's bytes
 * @throws RangeError when an amount is not an integer number of cents or `placedAt` is not a date
 */
export function renderOrderSummaryPdf(summary: OrderSummary, language: DocumentLanguage, options: OrderPdfOptions = {}): Promise<Buffer> {
  const fonts = options.fonts === undefined ? findDocumentFonts() : options.fonts;
  const L = DOCUMENT_LABELS[language];
  const t = fonts ? (s: string) => s : toWinAnsi;
  const placedAt = new Date(summary.placedAt);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: t(L.orderNumber(summary.number)), Author: SHOP_NAME, CreationDate: placedAt, ModDate: placedAt },
  });
  const regular = fonts ? 'regular' : 'Helvetica';
  const bold = fonts ? 'bold' : 'Helvetica-Bold';
  if (fonts) {
    doc.registerFont('regular', fonts.regular);
    doc.registerFont('bold', fonts.bold);
  }
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  try {
    const width = doc.page.width - 2 * MARGIN;
    // Heading: shop, order number, date.
    doc.font(bold).fontSize(18).text(SHOP_NAME, MARGIN, MARGIN);
    doc.moveDown(0.5);
    doc.font(bold).fontSize(14).text(t(L.orderNumber(summary.number)));
    doc.font(regular).fontSize(10).text(`${L.date}: ${formatOrderDate(summary.placedAt, language)}`);
    doc.text(`${L.paymentStatus}: ${summary.isPaid ? L.paid : L.notPaid}${summary.isPaid && summary.paidAt ? ` (${formatOrderDate(summary.paidAt, language)})` : ''}`);
    doc.moveDown();

    // Client (left) and delivery (right).
    const top = doc.y;
    const half = width / 2 - 10;
    const client = summary.client;
    const clientLines = [
      clientName(summary),
      client.type === 'business' ? `${L.businessClient}${client.vatRegNr ? `, ${L.vatRegNr} ${client.vatRegNr}` : ''}` : '',
      client.type === 'business' && client.businessName ? `${client.firstName} ${client.lastName}`.trim() : '',
      client.email ? `${L.email}: ${client.email}` : '',
      client.phone ? `${L.phone}: ${client.phone}` : '',
      summary.shortContactAddress ? `${L.contactAddress}: ${summary.shortContactAddress}` : '',
    ].filter(Boolean);
    doc.font(bold).fontSize(11).text(L.client, MARGIN, top, { width: half });
    doc.font(regular).fontSize(10).text(t(clientLines.join('\n')), { width: half });
    const leftBottom = doc.y;
    doc.font(bold).fontSize(11).text(L.delivery, MARGIN + width / 2 + 10, top, { width: half });
    doc.font(regular).fontSize(10).text(t(deliveryLines(summary).join('\n')), { width: half });
    doc.y = Math.max(leftBottom, doc.y);
    doc.x = MARGIN;
    if (summary.comment) {
      doc.moveDown(0.5);
      doc.font(bold).fontSize(10).text(`${L.comment}: `, MARGIN, doc.y, { continued: true, width });
      doc.font(regular).text(t(summary.comment));
    }
    doc.moveDown();

    // Rows.
    const headers: Record<(typeof COLUMNS)[number]['key'], string> = {
      code: L.code,
      name: L.name,
      quantity: L.quantity,
      unitPrice: L.unitPrice,
      lineTotal: L.lineTotal,
    };
    const drawRow = (cells: Record<string, string>, font: string) => {
      doc.font(font).fontSize(9);
      const height = Math.max(...COLUMNS.map((c) => doc.heightOfString(cells[c.key], { width: c.width - 6 })));
      if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
      const y = doc.y;
      let x = MARGIN;
      for (const c of COLUMNS) {
        doc.text(cells[c.key], x + 3, y, { width: c.width - 6, align: c.align });
        x += c.width;
      }
      doc.y = y + height + 4;
      doc.x = MARGIN;
    };
    const rule = () => {
      doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).lineWidth(0.5).stroke();
      doc.y += 4;
    };
    drawRow(headers, bold);
    rule();
    for (const row of summary.rows) {
      drawRow(
        {
          code: t(row.code),
          name: t(row.name),
          quantity: t(formatQuantity(row.quantity, row.unit, language)),
          unitPrice: formatEuroCents(row.unitPriceCents, language),
          lineTotal: formatEuroCents(row.lineTotalCents, language),
        },
        regular,
      );
    }
    rule();

    // Totals.
    const totals: [string, string, string][] = [
      [L.net, formatEuroCents(summary.netTotalCents, language), regular],
      [summary.vatIncluded ? L.vat(summary.vatRatePercent) : L.vatNotIncluded, formatEuroCents(summary.vatCents, language), regular],
      [L.total, formatEuroCents(summary.totalCents, language), bold],
    ];
    const labelWidth = width - 100;
    for (const [label, amount, font] of totals) {
      if (doc.y + 14 > doc.page.height - MARGIN) doc.addPage();
      const y = doc.y;
      doc.font(font).fontSize(10).text(label, MARGIN, y, { width: labelWidth - 6, align: 'right' });
      doc.text(amount, MARGIN + labelWidth, y, { width: 97, align: 'right' });
      doc.y = y + 16;
    }
    doc.moveDown();
    doc.font(regular).fontSize(9).text(summary.vatIncluded ? L.pricesGross : L.pricesNet, MARGIN, doc.y, { width });
    doc.font(bold).fontSize(11).text(summary.isPaid ? L.paid : L.notPaid, { width });
  } catch (error) {
    doc.end();
    return done.then(() => Promise.reject(error));
  }
  doc.end();
  return done;
}
