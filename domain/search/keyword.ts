/**
 * The keyword of a recorded search as the search-keyword statistics count it (spec 2 "Search keywords"): the text
 * in Unicode NFKC, lower case, inner whitespace runs as one space, trimmed, at most 200 characters. So 'Piduri
 * Klotsid', ' piduri  klotsid' and 'PIDURI KLOTSID' count as one keyword; part numbers keep their spaces and
 * punctuation ('BF 1018/1' and 'BF1018/1' are two keywords: what shoppers type differently is worth seeing).
 * '' for a search without text (a browse by filters only), which the statistics leave out.
 */
export const KEYWORD_MAX_LENGTH = 200;

export function normaliseKeyword(query: string): string {
  return query.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim().slice(0, KEYWORD_MAX_LENGTH).trim();
}
