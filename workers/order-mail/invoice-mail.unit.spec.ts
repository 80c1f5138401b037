import { describe, expect, it } from 'vitest';
import { sampleOrderSummary } from '../../tests/support/order-summary-fixture.js';
import { invoiceSellerFromFields } from '../../domain/order/invoice-document.js';
import { extractPdfText } from '../../platform/documents/pdf-text.js';
import { buildInvoiceMessage, invoiceMessageId, renderInvoiceMail } from './invoice-mail.js';

const seller = invoiceSellerFromFields({ companyName: { et: 'Baltic Parts OÜ' }, bankAccounts: { et: 'SEB EE101010220012345678' } }, 'et');
const invoice = { kind: 'invoice' as const, number: '17', issueDate: '2026-11-24', dueDate: '2026-12-01' };

describe('invoice mail (order documents)', () => {
  it('writes a formal Estonian letter with the number, amount, due date and bank account', () => {
    const mail = renderInvoiceMail(sampleOrderSummary(), invoice, 'et', seller);
    expect(mail.subject).toBe('Arve nr 17 – Baltic Parts OÜ');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Saadame Teile tellimuse nr 1042 arve nr 17 (PDF manuses).');
      expect(part).toContain('Summa: 168,78\u00a0€.');
      expect(part).toContain('Palume tasuda hiljemalt 01.12.2026');
      expect(part).toContain('SEB EE101010220012345678');
    }
    expect(mail.text).toContain('Tere, Jõgeva Šokolaad-Žukovski!');
    const prepayment = renderInvoiceMail(sampleOrderSummary({ language: 'en-US', isPaid: true, paidAt: '2026-11-23T10:00:00.000Z' }), { ...invoice, kind: 'prepayment', number: 'EA-3' }, 'en-US', seller);
    expect(prepayment.subject).toBe('Prepayment invoice No. EA-3 – Baltic Parts OÜ');
    expect(prepayment.text).toContain('The order is paid. Thank you!');
    expect(prepayment.text).not.toContain('Please pay by');
  });

  it('escapes what the order holds in the HTML part', () => {
    const mail = renderInvoiceMail(sampleOrderSummary({ client: { ...sampleOrderSummary().client, firstName: '<script>alert(1)</script>' } }), invoice, 'et', seller);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('builds the message: the request\'s recipient, a Message-ID from the event id, the PDF attached', async () => {
    const message = await buildInvoiceMessage(sampleOrderSummary(), invoice, { eventId: 'e-1', from: 'Baltic Parts <shop@baltic-parts.test>', recipient: 'raamatupidamine@example.ee', seller });
    expect(message.to).toBe('raamatupidamine@example.ee');
    expect(message.messageId).toBe(invoiceMessageId('e-1', 'Baltic Parts <shop@baltic-parts.test>'));
    expect(message.messageId).toBe('<invoice.e-1@baltic-parts.test>');
    const attachment = (message.attachments as { filename: string; content: Buffer }[])[0]!;
    expect(attachment.filename).toBe('arve-17.pdf');
    expect(extractPdfText(attachment.content).replace(/[\s\u00a0]+/g, ' ')).toContain('Arve nr 17');
  });
});
