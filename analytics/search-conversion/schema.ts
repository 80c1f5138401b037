/**
 * The search-conversion analysis's table (schema `rm_analysis_search_conversion`; mapping.ts says what each
 * counter counts). One row per Tallinn calendar day of the search and normalised keyword.
 */
import type { CounterTable } from '../analysis.js';

export const SEARCH_CONVERSION_TABLES: readonly CounterTable[] = [
  {
    name: 'keyword_conversion',
    keys: [
      { name: 'day', type: 'date' },
      { name: 'keyword', type: 'text' },
    ],
    counters: ['searches', 'zero_results', 'tracked_searches', 'clicked_searches', 'product_opens', 'cart_adds', 'orders', 'ordered_cents'],
  },
];
