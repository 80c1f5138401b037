/**
 * The back-in-stock mail (back-in-stock mail; spec 2 notify dialog, spec 3 "Stock notification request"):
 * subject, plain text and HTML in the language the request was made in — Estonian with the formal address ('Teie')
 * or English — naming the product (code and name) and linking to its storefront page: `{shopUrl}/products/view/{id}`
 * (Estonian, the shop's default language) or `{shopUrl}/en/products/view/{id}` (the path the storefront uses,
 * api/routes/products/to-product.ts). Every value is HTML-escaped in the HTML part.
 */
import type { SendMailOptions } from 'nodemailer';
import { SHOP_NAME } from '../../domain/order/order-document.js';
import { escapeHtml, mailDomain, type RenderedMail } from '../order-mail/order-confirmation.js';

export type BackInStockLanguage = 'et' | 'en';

const TEXTS = {
  et: {
    subject: (name: string) => `${name} on jälle laos`,
    greeting: 'Tere!',
    back: (product: string, quantity: number) => `Toode, mille kohta Te teavitust soovisite, on jälle laos${quantity > 1 ? ` (vähemalt ${quantity} tk)` : ''}: ${product}.`,
    order: 'Toote saate tellida siin:',
    why: 'Saite selle kirja, sest palusite meil Teid teavitada, kui toode on jälle saadaval. Teavitame Teid selle soovi kohta ainult ühe korra.',
  },
  en: {
    subject: (name: string) => `${name} is back in stock`,
    greeting: 'Hello,',
    back: (product: string, quantity: number) => `The product you asked us about is back in stock${quantity > 1 ? ` (at least ${quantity} pcs)` : ''}: ${product}.`,
    order: 'You can order it here:',
    why: 'You receive this mail because you asked us to tell you when the product is available again. We tell you only once per request.',
  },
} as const;

/** The product page's absolute link in `language` (the storefront's path, `/en` before it for English). */
export function productPageUrl(shopUrl: string, productId: string, language: BackInStockLanguage): string {
  return `${shopUrl.replace(/\/+$/, '')}${language === 'en' ? '/en' : ''}/products/view/${encodeURIComponent(productId)}`;
}

/** Renders the mail; `product.code` may be '' (then only the name is named). */
export function renderBackInStockMail(input: { product: { code: string; name: string }; quantity: number; link: string; language: BackInStockLanguage }): RenderedMail {
  const M = TEXTS[input.language];
  const named = input.product.code ? `${input.product.code} ${input.product.name}` : input.product.name;
  const subject = M.subject(named);
  const text = [M.greeting, '', M.back(named, input.quantity), '', M.order, input.link, '', M.why, '', SHOP_NAME, ''].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:640px">
<h1 style="font-size:20px">${e(SHOP_NAME)}</h1>
<p>${e(M.greeting)}</p>
<p>${e(M.back(named, input.quantity))}</p>
<p>${e(M.order)}<br><a href="${e(input.link)}">${e(input.link)}</a></p>
<p>${e(M.why)}</p>
</body></html>
`;
  return { subject, text, html };
}

/** The Message-ID of a request's one back-in-stock mail (keyed by its StockNotificationRequested event id). */
export function backInStockMessageId(requestEventId: string, from: string): string {
  return `<back-in-stock.${requestEventId}@${mailDomain(from)}>`;
}

/** The complete nodemailer message; header `X-Shop-Mail: back-in-stock`. */
export function buildBackInStockMessage(input: {
  requestEventId: string;
  from: string;
  to: string;
  product: { code: string; name: string };
  productId: string;
  quantity: number;
  shopUrl: string;
  language: BackInStockLanguage;
}): SendMailOptions & { messageId: string } {
  const link = productPageUrl(input.shopUrl, input.productId, input.language);
  const mail = renderBackInStockMail({ product: input.product, quantity: input.quantity, link, language: input.language });
  return {
    from: input.from,
    to: input.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: backInStockMessageId(input.requestEventId, input.from),
    headers: { 'X-Shop-Mail': 'back-in-stock' },
  };
}
