/**
 * Mail recipients as the transport accepts them: one parsed mailbox, never a raw string (a checkout
 * e-mail of `a@x.ee, b@x.ee` or `a@x.ee\r\nBcc: ...` made the shop an open mail relay). Parsing uses the RFC 5322
 * parser `email-addresses`; the features that collect addresses validate them earlier (domain/shared/email.ts), so
 * this is the last line: nothing reaches SMTP that is not exactly one plain address.
 */
import emailAddresses from 'email-addresses';

/** One mailbox's address (`local@domain`), parsed; make one with `parseMailAddress`. */
export interface MailAddress {
  readonly address: string;
  readonly __brand: 'MailAddress';
}

/** Longest accepted address in characters (RFC 5321 forward path). */
const MAX_LENGTH = 254;

/**
 * Parses exactly one bare address (`local@domain.tld`): no display name, no list, no group, no comment, no control
 * character or whitespace, at most 254 characters, a domain with a dot. Returns null otherwise.
 */
export function parseMailAddress(raw: unknown): MailAddress | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (!text || text.length > MAX_LENGTH || /[\s\u0000-\u001f\u007f<>,;]/.test(text)) return null;
  const parsed = emailAddresses.parseOneAddress({ input: text, rejectTLD: true });
  if (!parsed || parsed.type !== 'mailbox' || parsed.name || parsed.address !== text) return null;
  return { address: parsed.address } as MailAddress;
}

/** Raised by the transport when a message's recipient is not exactly one parsed address; never retried. */
export class InvalidRecipientError extends Error {
  readonly code = 'EINVALIDRECIPIENT';
  constructor(detail: string) {
    super(`refused to send: ${detail}`);
    this.name = 'InvalidRecipientError';
  }
}
