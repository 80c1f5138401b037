import { describe, expect, it } from 'vitest';
import { invoiceSellerFromFields } from '../../domain/order/invoice-document.js';
import { findDocumentFonts } from '../../platform/documents/fonts.js';
import { extractPdfText } from '../../platform/documents/pdf-text.js';
import { sampleOrderSummary } from '../../tests/support/order-summary-fixture.js';
import { invoicePdfFileName, renderInvoicePdf } from './invoice-pdf.js';

/** Collapses every run of whitespace (incl. non-breaking spaces) so layout details do not matter. */
const squash = (s: string) => s.replace(/[\s\u00a0]+/g, ' ');

const fields = {
  companyName: { et: 'Baltic Parts OÜ', en: 'Baltic Parts OÜ' },
  registryCode: { et: '14512345', en: '14512345' },
  vatNumber: { et: 'EE102345678', en: 'EE102345678' },
  address: { et: 'Peterburi tee 71, 11415 Tallinn, Eesti', en: 'Peterburi tee 71, 11415 Tallinn, Estonia' },
  email: { et: 'info@balticparts.ee' },
  bankAccounts: { et: 'SEB EE101010220012345678\nSwedbank EE382200221012345678' },
};
const invoice = { kind: 'invoice' as const, number: '17', issueDate: '2026-11-24', dueDate: '2026-12-01' };

describe('invoice PDF (order documents)', () => {
  it('prints an Estonian invoice: number, dates, seller from the global fields, buyer, rows with unit and VAT rate, VAT lines', async () => {
    expect(findDocumentFonts(), 'DejaVu Sans (fonts-dejavu-core) must be installed on this machine').not.toBeNull();
    const pdf = await renderInvoicePdf(sampleOrderSummary(), invoice, 'et', { seller: invoiceSellerFromFields(fields, 'et') });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = squash(extractPdfText(pdf));
    expect(text).toContain('Arve nr 17');
    expect(text).toContain('Arve kuupäev: 24.11.2026');
    expect(text).toContain('Maksetähtaeg: 01.12.2026');
    expect(text).toContain('Tellimus nr 1042, 22.11.2026');
    expect(text).toContain('Müüja');
    expect(text).toContain('Registrikood 14512345');
    expect(text).toContain('KMKR nr EE102345678');
    expect(text).toContain('Pangakonto: SEB EE101010220012345678');
    expect(text).toContain('Ostja');
    expect(text).toContain('Jõgeva Šokolaad-Žukovski');
    expect(text).toContain('Õhufilter Mini Cooper');
    expect(text).toContain('Hind km-ga');
    expect(text).toContain('paar');
    expect(text).toContain('24 %');
    expect(text).toContain('Summa käibemaksuta');
    expect(text).toContain('136,11 €');
    expect(text).toContain('Käibemaks 24 %');
    expect(text).toContain('32,67 €');
    expect(text).toContain('Kokku tasuda');
    expect(text).toContain('168,78 €');
    expect(text).toContain('Palume tasuda hiljemalt 01.12.2026. Makse selgitusse märkige arve number 17.');
    expect(text).not.toContain('postikulu-omniva-parcel');
  });

  it('prints a prepayment invoice in English with its own title and the dispatch note', async () => {
    const pdf = await renderInvoicePdf(sampleOrderSummary({ language: 'en-US' }), { ...invoice, kind: 'prepayment', number: 'EA-3' }, 'en-US', {
      seller: invoiceSellerFromFields(fields, 'en-US'),
    });
    const text = squash(extractPdfText(pdf));
    expect(text).toContain('Prepayment invoice No. EA-3');
    expect(text).toContain('Due date: 12/01/2026');
    expect(text).toContain('Registry code 14512345');
    expect(text).toContain('VAT 24%');
    expect(text).toContain('Amount due');
    expect(text).toContain('€168.78');
    expect(text).toContain('The goods are dispatched once the prepayment has arrived.');
    expect(invoicePdfFileName({ kind: 'prepayment', number: 'EA-3' }, 'et')).toBe('ettemaksuarve-EA-3.pdf');
    expect(invoicePdfFileName({ kind: 'invoice', number: '17' }, 'en-US')).toBe('invoice-17.pdf');
  });

  it('prints the discount and the shop service fee as rows of their own and the comment on the invoice', async () => {
    // 168.78 - 10.00 + 5.00 = 163.78 gross; net round(16378 / 1.24) = 13208; VAT 3170.
    const edited = { ...sampleOrderSummary(), discountCents: 1000, serviceFeeCents: 500, netTotalCents: 13208, vatCents: 3170, totalCents: 16378, invoiceComment: 'Tasutud sularahas' };
    const text = squash(extractPdfText(await renderInvoicePdf(edited, invoice, 'et', { seller: invoiceSellerFromFields(fields, 'et') })));
    expect(text).toContain('Allahindlus');
    expect(text).toContain('-10,00 €');
    expect(text).toContain('Teenustasu');
    expect(text).toContain('5,00 €');
    expect(text).toContain('Märkused: Tasutud sularahas');
    expect(text).toContain('132,08 €');
    expect(text).toContain('31,70 €');
    expect(text).toContain('163,78 €');
    const en = squash(extractPdfText(await renderInvoicePdf({ ...edited, language: 'en-US' }, invoice, 'en-US', { seller: invoiceSellerFromFields(fields, 'en-US') })));
    expect(en).toContain('Discount');
    expect(en).toContain('Service fee');
    expect(en).toContain('Notes: Tasutud sularahas');
  });

  it('prints a business buyer from another member state without VAT (0 %, the reason) and a paid invoice as paid', async () => {
    const business = sampleOrderSummary({
      client: { type: 'business', firstName: 'Anna', lastName: 'Virtanen', businessName: 'Oy Autoosat Ab', email: 'anna@autoosat.fi', phone: '+358 40 123', vatRegNr: 'FI12345678' },
      shortContactAddress: 'Mannerheimintie 1, Helsinki',
      vatIncluded: false,
      rows: [{ productId: 'p-1', code: 'BF 1018/1', name: 'Õhufilter Mini Cooper', quantity: 2, unit: 'pcs', unitPriceCents: 1000, lineTotalCents: 2000 }],
      netTotalCents: 2000,
      vatCents: 0,
      totalCents: 2000,
      isPaid: true,
      paidAt: '2026-11-23T09:00:00.000Z',
    });
    const text = squash(extractPdfText(await renderInvoicePdf(business, invoice, 'et', { seller: invoiceSellerFromFields(fields, 'et') })));
    expect(text).toContain('Oy Autoosat Ab');
    expect(text).toContain('KMKR nr FI12345678');
    expect(text).toContain('Kontaktisik: Anna Virtanen');
    expect(text).toContain('Hind km-ta');
    expect(text).toContain('Käibemaks 0 %');
    expect(text).toContain('ühendusesisene kaubatarne');
    expect(text).toContain('Kokku tasuda');
    expect(text).toContain('20,00 €');
    expect(text).toContain('Tasutud 23.11.2026');
    expect(text).not.toContain('Palume tasuda');
  });
});
