/**
 * Search statistics events (stream `search-{yyyy-mm-dd}`, one stream per UTC day): every storefront search is
 * recorded for the search-keyword statistics of the back office (spec 2 Admin area "Search keywords").
 */
import type { Message } from '../shared/decider.js';

export type SearchPerformed = Message<
  'SearchPerformed',
  {
    /** The text searched, trimmed; '' for a browse without text. */
    query: string;
    categoryId: string | null;
    /** Applied facet filters: attribute name to accepted values. */
    filters: Record<string, string[]>;
    /** Total number of results (all pages). */
    resultCount: number;
    /** True when a person typed the search into the search box (iu=user), false for links and paging. */
    typedByUser: boolean;
    language: string;
  }
>;

/** Stream of the searches of the UTC day of `time` (ISO-8601). */
export const toSearchStreamId = (time: string) => `search-${time.slice(0, 10)}`;
