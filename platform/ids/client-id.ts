/**
 * The client id of an e-mail address (clients): uuid v5 of the address as domain/shared/email.ts
 * `normaliseEmailAddress` gives it (trimmed, lower-cased), so every order of one address, in any letter case, on any
 * machine and in any replay, names the same `client-{id}` stream and makes no twin. Commands
 * (commands/client/client-streams.ts `clientIdForEmail`) and read models (to find what a forgotten client left under
 * its address, e.g. back-in-stock requests) compute it the same way.
 *
 * The id is a pseudonym, not an anonymisation: whoever knows an address can compute it. After 'forget' the stream
 * keeps only ids, order references and dates (docs/architecture.md "Personal data").
 */
import { v5 as uuidv5 } from 'uuid';

/** Namespace of client ids (fixed forever: changing it would split every client in two). */
const CLIENT_ID_NAMESPACE = '8d3c6f0e-6a52-4c1e-9f3b-2b7d1c9a4e51';

/** The client id of an address already normalised by `normaliseEmailAddress`. */
export const clientIdForNormalisedEmail = (normalised: string): string => uuidv5(normalised, CLIENT_ID_NAMESPACE);
