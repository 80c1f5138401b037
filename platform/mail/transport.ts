/**
 * The outgoing SMTP transport (nodemailer) from SMTP_URL (platform/config.ts; default smtp://127.0.0.1:1025, the
 * `npm start` mail catcher). One connection per message, no pooling: a send either ends with the server's 250 reply
 * to DATA (accepted) or throws.
 *
 * Every message goes to exactly one recipient parsed by `parseMailAddress` (platform/mail/address.ts): `to` is
 * parsed again here, `cc` and `bcc` are refused, and nodemailer gets the address as an object, so no text a
 * shopper typed can add recipients or headers.
 */
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { InvalidRecipientError, parseMailAddress } from './address.js';

/** What a send returns once the SMTP server accepted the message. */
export interface SentMail {
  /** The Message-ID header sent. */
  messageId: string;
  /** The server's final reply, e.g. "250 OK: message queued". */
  response: string;
  accepted: string[];
  rejected: string[];
}

/** Sends one message; resolves only after the SMTP server accepted it. */
export interface MailTransport {
  /**
   * @throws InvalidRecipientError (code EINVALIDRECIPIENT) when `to` is not exactly one address or cc/bcc are set:
   *   nothing is sent, and retrying cannot help.
   * @throws Error (nodemailer's, with `code` such as ECONNECTION, ETIMEDOUT, EENVELOPE, EMESSAGE) when not accepted.
   */
  send(message: SendMailOptions): Promise<SentMail>;
  close(): void;
}

/**
 * @param smtpUrl smtp://[user:pass@]host:port or smtps:// (TLS from the start); STARTTLS is used when offered
 * @param options.timeoutMs connection, greeting and socket inactivity limit in milliseconds (default 60000)
 * @throws Error when the URL cannot be parsed by nodemailer
 */
export function createMailTransport(smtpUrl: string, options: { timeoutMs?: number } = {}): MailTransport {
  const timeout = options.timeoutMs ?? 60_000;
  const url = new URL(smtpUrl);
  const transporter: Transporter = nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send(message) {
      if (message.cc || message.bcc || message.envelope) throw new InvalidRecipientError('cc, bcc and envelope are not allowed');
      const to = parseMailAddress(recipientText(message.to));
      if (!to) throw new InvalidRecipientError('the recipient is not exactly one e-mail address');
      const info = await transporter.sendMail({ ...message, to: { name: '', address: to.address } });
      return {
        messageId: info.messageId,
        response: String(info.response ?? ''),
        accepted: (info.accepted ?? []).map(String),
        rejected: (info.rejected ?? []).map(String),
      };
    },
    close: () => transporter.close(),
  };
}

/** The text of a single recipient as nodemailer accepts it (a string or `{ address }`); anything else is ''. */
function recipientText(to: SendMailOptions['to']): string {
  if (typeof to === 'string') return to;
  if (to && !Array.isArray(to) && typeof to === 'object' && 'address' in to && !(to as { name?: string }).name) return String(to.address);
  return '';
}
