/** The client id of an e-mail address (any case and surrounding spaces): platform/ids/client-id.ts. */
import { normaliseEmailAddress } from '../../domain/shared/email.js';
import { clientIdForNormalisedEmail } from '../../platform/ids/client-id.js';

export const clientIdForEmail = (email: string): string => clientIdForNormalisedEmail(normaliseEmailAddress(email));
