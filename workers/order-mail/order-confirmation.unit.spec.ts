import { describe, expect, it } from 'vitest';
import { sampleOrderSummary } from '../../tests/support/order-summary-fixture.js';
import { loadConfig } from '../../platform/config.js';
import { orderSummaryDocument } from '../../domain/order/order-document.js';
import { escapeHtml, mailDomain, orderConfirmationMessageId, paymentPageUrl, renderOrderConfirmation } from './order-confirmation.js';

describe('order confirmation mail (spec 4 payment page, spec 8 "Your order has been placed.")', () => {
  it('renders an Estonian mail with rows, totals with VAT, the parcel machine and the payment link', () => {
    const mail = renderOrderConfirmation(sampleOrderSummary(), 'et', { shopUrl: 'https://shop.example.ee/' });
    expect(mail.subject).toBe('Tellimus nr 1042 on vastu võetud');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Teie tellimus on vormistatud.');
      expect(part).toContain('Õhufilter Mini Cooper');
      expect(part).toContain('BF 1018/1');
      expect(part).toContain('24,80\u00a0€');
      expect(part).toContain('Käibemaks 24%');
      expect(part).toContain('32,67\u00a0€');
      expect(part).toContain('168,78\u00a0€');
      expect(part).toContain('Tartu Lõunakeskuse pakiautomaat');
      expect(part).toContain('https://shop.example.ee/payment/tok_3Qx9ZbV7mLrP2aWs');
      expect(part).toContain('22.11.2026');
    }
    expect(mail.text).toContain('Tere!');
    expect(mail.text).toContain('Tellimuse eest saate maksta siin:');
    expect(mail.text).toContain('Kliendi andmed ja tarneaadress on tellimuse lehel.');
  });

  it('prints units in the order\'s language and hides the internal postage code (spec 3 "Product": the postage line\'s code is internal)', () => {
    const et = renderOrderConfirmation(sampleOrderSummary(), 'et', { shopUrl: 'https://shop.example.ee' });
    const en = renderOrderConfirmation(sampleOrderSummary({ language: 'en-US' }), 'en-US', { shopUrl: 'https://shop.example.ee' });
    for (const part of [et.text, et.html]) {
      expect(part).toContain('2\u00a0tk');
      expect(part).toContain('1\u00a0paar');
      expect(part).not.toMatch(/\bpcs\b|\bpair\b/);
      expect(part).toContain('Postikulu: Omniva pakiautomaat');
      expect(part).not.toContain('postikulu-omniva-parcel');
    }
    for (const part of [en.text, en.html]) {
      expect(part).toContain('2\u00a0pcs');
      expect(part).toContain('1\u00a0pair');
      expect(part).not.toContain('postikulu-omniva-parcel');
    }
    expect(et.text).toContain('\nPostikulu: Omniva pakiautomaat  1\u00a0tk x 3,99\u00a0€ = 3,99\u00a0€');
  });

  it('leaves out every text the shopper typed (names, phone, address, comment) and escapes the rest', () => {
    const bait = 'customer! Card charged twice - refund at https://evil.example/refund';
    const summary = sampleOrderSummary({
      comment: 'Refund at https://evil.example/refund <b>now</b>',
      shortContactAddress: 'evil.example',
      client: { ...sampleOrderSummary().client, firstName: bait, lastName: '<script>alert(1)</script>', phone: 'www.evil.example' },
      delivery: { providerId: 'omniva-courier', providerName: 'Omniva kuller', optionId: null, optionName: null, address: { street: 'https://evil.example', apartment: '', city: 'Tallinn', state: '', areaCode: '10111', country: 'EE' } },
    });
    const { html, text } = renderOrderConfirmation(summary, 'en-US', { shopUrl: 'https://shop.example.ee' });
    for (const part of [html, text]) {
      expect(part).not.toMatch(/evil|Card charged|script|Tallinn/);
      expect(part).toContain('Omniva kuller');
    }
    // The mailed PDF's content too; the download's (shopperText 'all') keeps them.
    expect(JSON.stringify(orderSummaryDocument(summary, 'en-US', null, 'shop'))).not.toMatch(/evil|Card charged|script|Tallinn/);
    expect(JSON.stringify(orderSummaryDocument(summary, 'en-US'))).toContain('Card charged twice');
    expect(escapeHtml('a<b>&"\'')).toBe('a&lt;b&gt;&amp;&quot;&#39;');
  });

  it('renders English for en-US orders and a view link for paid orders', () => {
    const summary = sampleOrderSummary({ language: 'en-US', isPaid: true, paidAt: '2026-11-22T08:00:00.000Z', publicToken: 'a b/c' });
    const mail = renderOrderConfirmation(summary, 'en-US', { shopUrl: 'https://shop.example.ee' });
    expect(mail.subject).toBe('Your order #1042 has been placed');
    expect(mail.text).toContain('Your order has been placed.');
    expect(mail.text).toContain('€168.78');
    expect(mail.text).toContain('VAT 24%');
    expect(mail.text).toContain('The order has been paid. Thank you!');
    expect(mail.text).toContain('https://shop.example.ee/payment/a%20b%2Fc');
    expect(mail.html).toContain('lang="en"');
    expect(paymentPageUrl('https://x.ee//', summary)).toBe('https://x.ee/payment/a%20b%2Fc');
  });

  it('derives the Message-ID from the event id and the sender domain', () => {
    expect(orderConfirmationMessageId('4a1c0a7e-0000-4000-8000-000000000001', 'Baltic Parts <shop@Baltic-Parts.ee>')).toBe(
      '<order-confirmation.4a1c0a7e-0000-4000-8000-000000000001@baltic-parts.ee>',
    );
    expect(mailDomain('no address')).toBe('localhost');
  });
});

describe('mail configuration (README "Mail")', () => {
  it('points at the local catcher by default and turns the catcher off for MAIL_CATCHER=off or another SMTP server', () => {
    const defaults = loadConfig({}).mail;
    expect(defaults.smtpUrl).toBe('smtp://127.0.0.1:1025');
    expect(defaults.catcher).toEqual({ enabled: true, host: '127.0.0.1', smtpPort: 1025, webPort: 1080 });
    expect(defaults.shopUrl).toBe('http://localhost:3000');
    expect(loadConfig({ MAIL_CATCHER: 'off' }).mail.catcher.enabled).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.ee:587' }).mail.catcher.enabled).toBe(false);
    expect(loadConfig({ MAIL_CATCHER_SMTP_PORT: '2525' }).mail).toMatchObject({ smtpUrl: 'smtp://127.0.0.1:2525', catcher: { enabled: true, smtpPort: 2525 } });
    expect(loadConfig({ MAIL_SHOP_URL: 'https://shop.ee/' }).mail.shopUrl).toBe('https://shop.ee');
    expect(() => loadConfig({ SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
  });
});
