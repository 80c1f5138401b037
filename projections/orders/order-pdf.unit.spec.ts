import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleOrderSummary } from '../../tests/support/order-summary-fixture.js';
import { formatEuroCents, formatOrderDate, formatQuantity, sellerFromFields } from '../../domain/order/order-document.js';
import { findDocumentFonts, toWinAnsi } from '../../platform/documents/fonts.js';
import { extractPdfText } from '../../platform/documents/pdf-text.js';
import { renderOrderSummaryPdf } from './order-pdf.js';

/** Collapses every run of whitespace (incl. non-breaking spaces) so layout details do not matter. */
const squash = (s: string) => s.replace(/[\s\u00a0]+/g, ' ');

describe('order summary PDF (spec 7 GET /order/download/{token})', () => {
  it('embeds a font with the Estonian letters and prints order number, date, client, delivery, rows, totals and payment state', async () => {
    expect(findDocumentFonts(), 'DejaVu Sans (fonts-dejavu-core) must be installed on this machine').not.toBeNull();
    const pdf = await renderOrderSummaryPdf(sampleOrderSummary(), 'et');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    const text = squash(extractPdfText(pdf));
    expect(text).toContain('Tellimus nr 1042');
    // 22:30 UTC on 21.11 is already 22.11 in Tallinn.
    expect(text).toContain('22.11.2026');
    expect(text).toContain('Jõgeva Šokolaad-Žukovski');
    expect(text).toContain('Tartu Lõunakeskuse pakiautomaat');
    expect(text).toContain('Õhufilter Mini Cooper');
    expect(text).toContain('2 tk');
    expect(text).toContain('12,40 €');
    expect(text).toContain('24,80 €');
    expect(text).toContain('Käibemaks 24%');
    expect(text).toContain('32,67 €');
    expect(text).toContain('168,78 €');
    expect(text).toContain('Maksmata');
  });

  it("prints the seller's company name, registry code and VAT number from the global fields", async () => {
    const fields = {
      companyName: { et: 'Baltic Parts OÜ', en: 'Baltic Parts OÜ' },
      registryCode: { et: '14512345', en: '14512345' },
      vatNumber: { et: 'EE102345678', en: 'EE102345678' },
      address: { et: 'Peterburi tee 71, 11415 Tallinn, Eesti', en: 'Peterburi tee 71, 11415 Tallinn, Estonia' },
    };
    const et = squash(extractPdfText(await renderOrderSummaryPdf(sampleOrderSummary(), 'et', { seller: sellerFromFields(fields, 'et') })));
    expect(et).toContain('Baltic Parts OÜ, Registrikood 14512345, KMKR nr EE102345678, Peterburi tee 71, 11415 Tallinn, Eesti');
    const en = squash(extractPdfText(await renderOrderSummaryPdf(sampleOrderSummary(), 'en-US', { seller: sellerFromFields(fields, 'en-US') })));
    expect(en).toContain('Baltic Parts OÜ, Registry code 14512345, VAT number EE102345678, Peterburi tee 71, 11415 Tallinn, Estonia');
    // A shop whose fields name neither prints no seller line.
    expect(sellerFromFields({ address: fields.address }, 'et')).toBeNull();
  });

  it('prints units in the order\'s language and no internal postage code', async () => {
    const et = squash(extractPdfText(await renderOrderSummaryPdf(sampleOrderSummary(), 'et')));
    expect(et).toContain('2 tk');
    expect(et).toContain('1 paar');
    expect(et).not.toMatch(/\bpcs\b|\bpair\b/);
    expect(et).toContain('Postikulu: Omniva pakiautomaat');
    expect(et).not.toContain('postikulu-omniva-parcel');
    const en = squash(extractPdfText(await renderOrderSummaryPdf(sampleOrderSummary({ language: 'en-US' }), 'en-US')));
    expect(en).toContain('2 pcs');
    expect(en).toContain('1 pair');
    expect(en).not.toContain('postikulu-omniva-parcel');
    expect(formatQuantity(3, 'pair', 'et')).toBe('3\u00a0paari');
    expect(formatQuantity(1, 'set', 'et')).toBe('1\u00a0kompl');
    expect(formatQuantity(2.5, 'kg', 'et')).toBe('2,5\u00a0kg');
  });

  it('speaks English for en-US orders and says when the order is paid', async () => {
    const pdf = await renderOrderSummaryPdf(sampleOrderSummary({ language: 'en-US', isPaid: true, paidAt: '2026-11-22T08:00:00.000Z' }), 'en-US');
    const text = squash(extractPdfText(pdf));
    expect(text).toContain('Order #1042');
    expect(text).toContain('11/22/2026');
    expect(text).toContain('€168.78');
    expect(text).toContain('VAT 24%');
    expect(text).toMatch(/Paid/);
    expect(text).not.toContain('Not paid');
  });

  it('prints a courier address and a business client', async () => {
    const summary = sampleOrderSummary({
      client: { type: 'business', firstName: 'Mari', lastName: 'Mägi', businessName: 'Rõõmsad Rattad OÜ', email: 'info@rr.ee', phone: '', vatRegNr: 'EE100200300' },
      delivery: {
        providerId: 'omniva-courier',
        providerName: 'Omniva kuller',
        optionId: null,
        optionName: null,
        address: { street: 'Pärnu mnt 10', apartment: '5', city: 'Tallinn', state: 'Harjumaa', areaCode: '10148', country: 'EE' },
      },
    });
    const text = squash(extractPdfText(await renderOrderSummaryPdf(summary, 'et')));
    expect(text).toContain('Rõõmsad Rattad OÜ');
    expect(text).toContain('KMKR nr EE100200300');
    expect(text).toContain('Omniva kuller');
    expect(text).toContain('Pärnu mnt 10-5');
    expect(text).toContain('Harjumaa 10148');
  });

  it('breaks long orders over several pages', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => ({
      productId: `p-${i}`,
      code: `CODE-${i}`,
      name: `Rida ${i} õlifilter`,
      quantity: 1,
      unit: 'tk',
      unitPriceCents: 100,
      lineTotalCents: 100,
    }));
    const pdf = await renderOrderSummaryPdf(sampleOrderSummary({ rows }), 'et');
    expect((pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThan(1);
    const text = extractPdfText(pdf);
    expect(text).toContain('Rida 0 õlifilter');
    expect(text).toContain('Rida 79 õlifilter');
  });

  it('falls back to Helvetica: Estonian letters stay (WinAnsi), others are transliterated', async () => {
    const summary = sampleOrderSummary({ comment: 'Rīga, Kaļķu iela' });
    const pdf = await renderOrderSummaryPdf(summary, 'et', { fonts: null });
    expect(pdf.toString('latin1')).toContain('/BaseFont /Helvetica');
    const text = squash(extractPdfText(pdf));
    expect(text).toContain('Jõgeva Šokolaad-Žukovski');
    expect(text).toContain('Riga, Kalku iela');
    expect(toWinAnsi('ā ē ė ū č ų Ł õ š ž')).toBe('a e e u c u L õ š ž');
  });

  it('agrees with poppler pdftotext when it is installed', async (ctx) => {
    const which = spawnSync('sh', ['-c', 'command -v pdftotext']);
    if (which.status !== 0) ctx.skip();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'order-pdf-'));
    const file = path.join(dir, 'order.pdf');
    writeFileSync(file, await renderOrderSummaryPdf(sampleOrderSummary(), 'et'));
    const out = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(squash(out.stdout)).toContain('Tellimus nr 1042');
    expect(squash(out.stdout)).toContain('Jõgeva Šokolaad-Žukovski');
  });
});

describe('document formats (spec 9: 2 decimals and €)', () => {
  it('formats cents without floating point and dates in Tallinn time', () => {
    expect(formatEuroCents(123450, 'et')).toBe('1\u00a0234,50\u00a0€');
    expect(formatEuroCents(123450, 'en-US')).toBe('€1,234.50');
    expect(formatEuroCents(5, 'et')).toBe('0,05\u00a0€');
    expect(formatEuroCents(-1999, 'en-US')).toBe('-€19.99');
    expect(() => formatEuroCents(12.5, 'et')).toThrow(RangeError);
    expect(formatOrderDate('2026-06-30T21:00:00.000Z', 'et')).toBe('01.07.2026');
    expect(formatOrderDate('2026-06-30T20:59:59.000Z', 'en-US')).toBe('06/30/2026');
    expect(formatQuantity(1.5, 'm', 'et')).toBe('1,5\u00a0m');
  });
});
