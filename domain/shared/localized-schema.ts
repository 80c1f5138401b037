/** The zod schema of a Localized value (domain/shared/localized.ts): one string per language. For event schemas. */
import { z } from 'zod';

export const LocalizedSchema = z.object({ et: z.string(), en: z.string() });
