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
    /**
     * The vehicle the search named, when it named one (spec 2 Admin area "Search keywords": the keyword statistics
     * show searches that named a vehicle), recorded as shown then so a replay needs no reference: absent on searches
     * without one and on events recorded before the field.
     */
    vehicle?: SearchVehicle;
  }
>;

/**
 * The vehicle a search named (domain/search/vehicle-in-text.ts for `typed`):
 * - `how`: `chosen` the shopper searched with a vehicle chosen (`v=` from the garage), `typed` the search text names
 *   it ('mgb pidurikettad'). Both at once record `chosen` (the listing answered for that vehicle).
 * - `key`, `label`: the vehicle as named: chosen, the `v=` id and its label ('mg.mgb.1962-1980', 'MG MGB (1962-1980)';
 *   or a model year 'mg.mgb.1975'); typed, the model or make ('mg.mgb', 'MG MGB'; 'mg', 'MG').
 * - `modelKey`, `modelLabel`: the model (or the make, for a make alone) the statistics count it under ('mg.mgb',
 *   'MG MGB'), so a chosen generation and a typed model meet in one row.
 */
export interface SearchVehicle {
  how: 'chosen' | 'typed';
  key: string;
  label: string;
  modelKey: string;
  modelLabel: string;
}

/** Stream of the searches of the UTC day of `time` (ISO-8601). */
export const toSearchStreamId = (time: string) => `search-${time.slice(0, 10)}`;
