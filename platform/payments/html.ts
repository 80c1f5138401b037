/**
 * Small HTML pages the payment flow sends to browsers: the self-submitting form that carries a shopper to a
 * form-kind provider (iPizza banks) and back from the sandbox bank (spec 4 "Payment page": choosing a method
 * navigates to the provider).
 */
import type { PaymentStart } from './port.js';

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const TEXT = {
  et: { title: 'Suuname makse juurde…', lead: 'Suuname Teid makse juurde. Kui midagi ei juhtu, vajutage nuppu.', button: 'Jätka' },
  en: { title: 'Redirecting to the payment…', lead: 'Taking you to the payment. If nothing happens, press the button.', button: 'Continue' },
} as const;

/**
 * A complete HTML document that POSTs `start.fields` to `start.action` as soon as it loads (an inline script),
 * with a visible "Jätka" / "Continue" button inside `<noscript>` for browsers without scripts. Every value is
 * escaped. `options.nonce` is set on the script for a Content-Security-Policy with nonces.
 * @returns the HTML text (UTF-8), to be sent with `content-type: text/html; charset=utf-8`.
 */
export function renderAutoPostForm(start: PaymentStart & { kind: 'form' }, lang: 'et' | 'en', options: { nonce?: string } = {}): string {
  const t = TEXT[lang] ?? TEXT.et;
  const inputs = Object.entries(start.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n    ');
  const nonce = options.nonce ? ` nonce="${escapeHtml(options.nonce)}"` : '';
  return `<!doctype html>
<html lang="${lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>${escapeHtml(t.title)}</title>
</head>
<body>
  <main>
  <p>${escapeHtml(t.lead)}</p>
  <form id="payment-redirect" method="post" action="${escapeHtml(start.action)}" accept-charset="UTF-8">
    ${inputs}
    <noscript><button type="submit">${escapeHtml(t.button)}</button></noscript>
  </form>
  </main>
  <script${nonce}>document.getElementById('payment-redirect').submit();</script>
</body>
</html>
`;
}
