/**
 * The PDF engine (a mechanism: platform/ keeps the engines, features compose their documents): typesets a
 * `PrintedDocument` — text only, already formatted — as an A4 PDF with pdfkit. The order summary's content comes
 * from domain/order/order-document.ts `orderSummaryDocument`.
 *
 * Layout: heading (18 pt bold), subheading (14 pt bold), lines (10 pt), two blocks side by side (11 pt bold
 * heading, 10 pt lines), an optional labelled note, the table (9 pt; header row bold, a rule under the header and
 * after the rows, a new page when a row does not fit), the totals right-aligned (10 pt), and closing paragraphs.
 * Text is set in DejaVu Sans so õ, š, ž and the Latvian/Lithuanian letters render; without that font, Helvetica
 * with transliteration of letters outside WinAnsi (platform/documents/fonts.ts).
 */
import PDFDocument from 'pdfkit';
import { type DocumentFonts, findDocumentFonts, toWinAnsi } from './fonts.js';

/** A document as data (the shape domain/order/order-document.ts produces). */
export interface PrintedDocument {
  title: string;
  author: string;
  /** ISO-8601: the PDF's creation and modification date (so the same document gives the same bytes). */
  createdAt: string;
  heading: string;
  subheading: string;
  lines: string[];
  blocks: [{ heading: string; lines: string[] }, { heading: string; lines: string[] }];
  note: { label: string; text: string } | null;
  /** Column widths in PDF points (A4 is 595 pt wide; 495 pt between the margins). */
  table: { columns: { key: string; width: number; align: 'left' | 'right' }[]; header: Record<string, string>; rows: Record<string, string>[] };
  totals: { label: string; amount: string; bold: boolean }[];
  /** `size` in points. */
  closing: { text: string; bold: boolean; size: number }[];
}

export interface PdfOptions {
  /** Fonts to embed; default: the installed DejaVu Sans; null forces the Helvetica fallback. */
  fonts?: DocumentFonts | null;
}

const MARGIN = 50;

/**
 * Renders a printed document as an A4 PDF.
 * @returns the PDF file's bytes
 * @throws pdfkit's errors (the promise rejects)
 */
export function renderPdf(document: PrintedDocument, options: PdfOptions = {}): Promise<Buffer> {
  const fonts = options.fonts === undefined ? findDocumentFonts() : options.fonts;
  const t = fonts ? (s: string) => s : toWinAnsi;
  const created = new Date(document.createdAt);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: t(document.title), Author: t(document.author), CreationDate: created, ModDate: created },
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
    doc.font(bold).fontSize(18).text(t(document.heading), MARGIN, MARGIN);
    doc.moveDown(0.5);
    doc.font(bold).fontSize(14).text(t(document.subheading));
    doc.font(regular).fontSize(10);
    for (const line of document.lines) doc.text(t(line));
    doc.moveDown();

    // Two blocks side by side.
    const top = doc.y;
    const half = width / 2 - 10;
    const [left, right] = document.blocks;
    doc.font(bold).fontSize(11).text(t(left.heading), MARGIN, top, { width: half });
    doc.font(regular).fontSize(10).text(t(left.lines.join('\n')), { width: half });
    const leftBottom = doc.y;
    doc.font(bold).fontSize(11).text(t(right.heading), MARGIN + width / 2 + 10, top, { width: half });
    doc.font(regular).fontSize(10).text(t(right.lines.join('\n')), { width: half });
    doc.y = Math.max(leftBottom, doc.y);
    doc.x = MARGIN;
    if (document.note) {
      doc.moveDown(0.5);
      doc.font(bold).fontSize(10).text(`${t(document.note.label)}: `, MARGIN, doc.y, { continued: true, width });
      doc.font(regular).text(t(document.note.text));
    }
    doc.moveDown();

    // The table.
    const columns = document.table.columns;
    const drawRow = (cells: Record<string, string>, font: string) => {
      doc.font(font).fontSize(9);
      const texts = columns.map((c) => t(cells[c.key] ?? ''));
      const height = Math.max(...columns.map((c, i) => doc.heightOfString(texts[i], { width: c.width - 6 })));
      if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
      const y = doc.y;
      let x = MARGIN;
      columns.forEach((c, i) => {
        doc.text(texts[i], x + 3, y, { width: c.width - 6, align: c.align });
        x += c.width;
      });
      doc.y = y + height + 4;
      doc.x = MARGIN;
    };
    const rule = () => {
      doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).lineWidth(0.5).stroke();
      doc.y += 4;
    };
    drawRow(document.table.header, bold);
    rule();
    for (const row of document.table.rows) drawRow(row, regular);
    rule();

    // Totals.
    const labelWidth = width - 100;
    for (const total of document.totals) {
      if (doc.y + 14 > doc.page.height - MARGIN) doc.addPage();
      const y = doc.y;
      doc.font(total.bold ? bold : regular).fontSize(10).text(t(total.label), MARGIN, y, { width: labelWidth - 6, align: 'right' });
      doc.text(t(total.amount), MARGIN + labelWidth, y, { width: 97, align: 'right' });
      doc.y = y + 16;
    }
    doc.moveDown();
    document.closing.forEach((p, i) => {
      doc.font(p.bold ? bold : regular).fontSize(p.size);
      if (i === 0) doc.text(t(p.text), MARGIN, doc.y, { width });
      else doc.text(t(p.text), { width });
    });
  } catch (error) {
    doc.end();
    return done.then(() => Promise.reject(error));
  }
  doc.end();
  return done;
}
