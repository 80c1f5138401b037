/**
 * Category search suggestions (spec 9 "Category search suggestions: at most 10; score 30 for an exact match and 10
 * per whole-word hit (logged only)"). Pure: answered from the in-memory category tree the api already holds
 * (api/plugins/catalog-cache.ts, built from the listing index), so typing costs no database round trip per key.
 *
 * Matching, in one language: the query and each category's name and search keywords are split into lower-case
 * words (letters and digits; diacritics kept apart, so 'õli' and 'oli' differ only when both are typed in full).
 * A category is a candidate when every query word is the start of one of its words (the shopper is still typing).
 * Score: 30 when the whole name equals the whole query (case and spacing ignored), plus 10 for every query word that
 * equals one of its words in full. Order: score, then product count, then name; at most `limit` (10).
 */

/** The tree node fields the suggestions read (api/contracts/catalog.ts CategoryNode has them). */
export interface SuggestionTreeNode {
  id: string;
  name: { et: string; en: string };
  url: { et: string; en: string };
  search_keywords: { et: string; en: string };
  productCount: number;
  children: readonly SuggestionTreeNode[];
}

/** One suggestion: the category, its name and storefront URL in the asked language, the names above it (root first). */
export interface CategorySuggestion {
  id: string;
  name: string;
  url: string;
  /** Names of the ancestors, root first, in the asked language (shown for context: 'Pidurid › Piduriklotsid'). */
  parents: string[];
  /** The spec's score; the api logs it and never answers it. */
  score: number;
}

/** At most this many suggestions (spec 9). */
export const MAX_CATEGORY_SUGGESTIONS = 10;
/** Score of a name equal to the whole query (spec 9). */
export const EXACT_MATCH_SCORE = 30;
/** Score per query word found as a whole word (spec 9). */
export const WHOLE_WORD_SCORE = 10;
/** Queries shorter than this (after trimming) get no suggestions: one letter matches half the tree. */
export const MIN_SUGGESTION_QUERY_LENGTH = 2;

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Scores one category name (with its search keywords) against a query in the same language.
 * @returns the spec 9 score, or null when some query word starts none of the category's words (not a candidate).
 */
export function scoreCategory(query: string, name: string, keywords = ''): number | null {
  const queryWords = wordsOf(query);
  if (queryWords.length === 0) return null;
  const own = new Set([...wordsOf(name), ...wordsOf(keywords)]);
  let score = 0;
  for (const q of queryWords) {
    if (own.has(q)) score += WHOLE_WORD_SCORE;
    else if (![...own].some((w) => w.startsWith(q))) return null;
  }
  if (wordsOf(name).join(' ') === queryWords.join(' ')) score += EXACT_MATCH_SCORE;
  return score;
}

/**
 * At most `limit` categories of `tree` matching `query` in `language`, best first (see the module comment).
 * A query shorter than MIN_SUGGESTION_QUERY_LENGTH characters answers [].
 */
export function suggestCategories(
  tree: readonly SuggestionTreeNode[],
  query: string,
  language: 'et' | 'en',
  limit = MAX_CATEGORY_SUGGESTIONS,
): CategorySuggestion[] {
  if (query.trim().length < MIN_SUGGESTION_QUERY_LENGTH) return [];
  const found: (CategorySuggestion & { productCount: number })[] = [];
  const visit = (node: SuggestionTreeNode, parents: string[]) => {
    const name = node.name[language];
    const score = scoreCategory(query, name, node.search_keywords[language]);
    if (score !== null) found.push({ id: node.id, name, url: node.url[language], parents, score, productCount: node.productCount });
    for (const child of node.children) visit(child, [...parents, name]);
  };
  for (const root of tree) visit(root, []);
  found.sort((a, b) => b.score - a.score || b.productCount - a.productCount || a.name.localeCompare(b.name, language));
  return found.slice(0, Math.max(0, Math.min(limit, MAX_CATEGORY_SUGGESTIONS))).map(({ productCount: _count, ...s }) => s);
}
