/**
 * The client id of an e-mail address (issue 12 "Clients"): uuid v5 of the normalised address
 * (domain/shared/email.ts `normaliseEmailAddress`: trimmed, lower-cased), so every order of one address, in any
 * letter case, on any machine and in any replay, names the same `client-{id}` stream and makes no twin.
 *
 * The id is a pseudonym, not an anonymisation: whoever knows an address can compute it. After 'forget' the stream
 * keeps only ids, order references and dates (docs/architecture.md "Personal data").
 */
import { v5 as uuidv5 } from 'uuid';
import { normaliseEmailAddress } from '../../domain/shared/email.js';

/** Namespace of client ids (fixed forever: changing it would split every client in two). */
const CLIENT_ID_NAMESPACE = '8d3c6f0e-6a52-4c1e-9f3b-2b7d1c9a4e51';

/** The client id of `email` (any case and surrounding spaces). */
export const clientIdForEmail = (email: string): string => uuidv5(normaliseEmailAddress(email), CLIENT_ID_NAMESPACE);
