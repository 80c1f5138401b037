/**
 * E-mail addresses as the shop accepts them: exactly one address per field, parsed before it is stored or reaches
 * a mailer (the checkout e-mail was an open mail relay; conventions 14: "one address per field").
 *
 * The format is zod's e-mail pattern (`z.email()`: dot-atom local part of letters, digits and `_'+-.`, a domain of
 * at least two labels with a top-level domain of 2+ letters), so lists (`a@x.ee, b@x.ee`), header injection
 * (`a@x.ee\r\nBcc: ...`), markup (`<script>...@x.ee`), `a@b` and `not-an-email` are all refused. Pure: the
 * storefront's forms call the same function as the server (through domain/order/checkout.ts and
 * domain/stock-notification).
 *
 * zod/mini keeps the browser chunks that import this small (the regex and a tiny checker, not all of zod).
 */
import { z } from 'zod/mini';

/** RFC 5321's limit on a forward path, in characters. */
export const MAX_EMAIL_LENGTH = 254;

/** A string that passed `parseEmailAddress`: trimmed, one address, at most 254 characters. */
export type EmailAddress = string & { readonly __brand: 'EmailAddress' };

const emailSchema = z.email().check(z.maxLength(MAX_EMAIL_LENGTH));

/**
 * Parses one e-mail address typed by a person: surrounding whitespace is trimmed (spec 5 "Client fields are trimmed
 * on submit"); the case is kept (the local part may be case-sensitive). Returns null when the text is not exactly
 * one valid address.
 */
export function parseEmailAddress(raw: string): EmailAddress | null {
  const trimmed = raw.trim();
  return emailSchema.safeParse(trimmed).success ? (trimmed as EmailAddress) : null;
}

/**
 * The identity of an address: trimmed and lower-cased, so `Mari@Example.EE ` and `mari@example.ee` are one person
 * (clients: a later order with the same e-mail joins the same client). Only for comparing and keying
 * (e.g. the client id, commands/client/client-streams.ts); the address as typed is what is stored and mailed.
 */
export function normaliseEmailAddress(raw: string): string {
  return raw.trim().toLowerCase();
}
