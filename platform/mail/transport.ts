/**
 * The outgoing SMTP transport (nodemailer) from SMTP_URL (platform/config.ts; default smtp://127.0.0.1:1025, the
 * `npm start` mail catcher). One connection per message, no pooling: a send either ends with the server's 250 reply
 * to DATA (accepted) or throws.
 */
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';

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
  /** @throws Error (nodemailer's, with `code` such as ECONNECTION, ETIMEDOUT, EENVELOPE, EMESSAGE) when not accepted. */
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
      const info = await transporter.sendMail(message);
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
