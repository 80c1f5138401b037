/**
 * The forgot-password mail ("Forgot password: a one-time link by mail (single use, 30 minutes)"): subject,
 * plain text and HTML in the language the request was made in — Estonian with the formal address ('Teie') or
 * English — naming the username, the link, how long it works and that it works once, and what to do when the
 * reader did not ask for it. The link is `{shopUrl}/password-reset/{token}` (Estonian, the shop's default language)
 * or `{shopUrl}/en/password-reset/{token}` (English), the web app's reset screen in that language.
 *
 * The composition belongs to the feature that sends it (as workers/order-mail does for order mails); platform/mail
 * keeps only the SMTP mechanism. Every value is HTML-escaped in the HTML part.
 */
import type { SendMailOptions } from 'nodemailer';
import { SHOP_NAME } from '../../domain/order/order-document.js';
import type { MailLanguage } from '../../domain/user/user.js';
import { escapeHtml, mailDomain, type RenderedMail } from '../order-mail/order-confirmation.js';

const TEXTS = {
  et: {
    subject: 'Parooli taastamine',
    greeting: (username: string) => `Tere, ${username}!`,
    asked: 'Saime palve Teie kasutajakonto parooli taastamiseks. Uue parooli saate määrata sellel lingil:',
    validity: (minutes: number) => `Link kehtib ${minutes} minutit ja seda saab kasutada ühe korra.`,
    ignore: 'Kui Teie seda ei palunud, võite selle kirja tähelepanuta jätta: Teie parool jääb samaks.',
  },
  en: {
    subject: 'Reset your password',
    greeting: (username: string) => `Hello ${username},`,
    asked: 'We received a request to reset the password of your account. You can set a new password with this link:',
    validity: (minutes: number) => `The link works for ${minutes} minutes and can be used once.`,
    ignore: 'If you did not ask for this, you can ignore this mail: your password stays the same.',
  },
} as const;

/** The reset screen's absolute link: `{shopUrl}/password-reset/{token}`, with `/en` before it for English. */
export function passwordResetUrl(shopUrl: string, token: string, language: MailLanguage): string {
  return `${shopUrl.replace(/\/+$/, '')}${language === 'en' ? '/en' : ''}/password-reset/${encodeURIComponent(token)}`;
}

/**
 * Renders the mail.
 * @param input.ttlMs how long the link works, in milliseconds (shown in whole minutes, at least 1)
 */
export function renderPasswordResetMail(input: { username: string; link: string; language: MailLanguage; ttlMs: number }): RenderedMail {
  const M = TEXTS[input.language];
  const minutes = Math.max(1, Math.round(input.ttlMs / 60_000));
  const text = [M.greeting(input.username), '', M.asked, input.link, '', M.validity(minutes), M.ignore, '', SHOP_NAME, ''].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><title>${e(M.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:640px">
<h1 style="font-size:20px">${e(SHOP_NAME)}</h1>
<p>${e(M.greeting(input.username))}</p>
<p>${e(M.asked)}<br><a href="${e(input.link)}">${e(input.link)}</a></p>
<p>${e(M.validity(minutes))}</p>
<p>${e(M.ignore)}</p>
</body></html>
`;
  return { subject: M.subject, text, html };
}

/** The Message-ID of the mail caused by one PasswordResetRequested event (a retried send carries the same one). */
export function passwordResetMessageId(eventId: string, from: string): string {
  return `<password-reset.${eventId}@${mailDomain(from)}>`;
}

/** The complete nodemailer message to `to`; header `X-Shop-Mail` names the kind (`password-reset`). */
export function buildPasswordResetMessage(input: {
  eventId: string;
  from: string;
  to: string;
  username: string;
  link: string;
  language: MailLanguage;
  ttlMs: number;
}): SendMailOptions & { messageId: string } {
  const mail = renderPasswordResetMail(input);
  return {
    from: input.from,
    to: input.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: passwordResetMessageId(input.eventId, input.from),
    headers: { 'X-Shop-Mail': 'password-reset' },
  };
}
