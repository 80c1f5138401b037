/**
 * Category search suggestions contract (spec 9 "Category search suggestions: at most 10"; GET
 * /v1/categories/suggestions, api/routes/categories/index.ts). Imports nothing but zod.
 */
import { z } from 'zod';
import { safeString } from './text.js';

/** Longest query answered, in characters (the search box's own limit). */
export const MAX_SUGGESTION_QUERY_LENGTH = 200;

/** Query of GET /v1/categories/suggestions: `q` what has been typed so far, `lang` et (default) or en. */
export const categorySuggestionsQuerySchema = z.object({
  q: safeString(MAX_SUGGESTION_QUERY_LENGTH),
  lang: z.string().max(10).optional(),
});

/** One suggested category in the asked language: its id, name, storefront URL and the names above it (root first). */
export const categorySuggestionSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  parents: z.array(z.string()),
});
export type CategorySuggestionItem = z.infer<typeof categorySuggestionSchema>;

/** Answer data: at most 10 suggestions, best first (the score is logged by the api, never answered: spec 9). */
export const categorySuggestionsResponseSchema = z.array(categorySuggestionSchema).max(10);
