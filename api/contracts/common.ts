/**
 * Request parts every resource shares (spec 7): the `lang` query parameter (et, en, en-US; anything else reads as
 * Estonian, api/plugins/messages.ts requestLanguage). Imports nothing but zod.
 */
import { z } from 'zod';

/** `?lang=`: the answer's language. */
export const langQuerySchema = z.object({ lang: z.string().optional() });
/** `?lang=` where other query parameters are tolerated (and ignored). */
export const langOnlyQuerySchema = langQuerySchema.loose();
