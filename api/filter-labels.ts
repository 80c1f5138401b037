/**
 * Facet labels in API answers (spec 3 "Filter"; the Filter aggregate, domain/filter/filter.ts): a facet name and
 * its values keep the text the products carry (the keys of the `f` query parameter in every language), and get a
 * `label` / `optionLabels` / `valueLabel` in the request's language: Estonian when the language has none, then the
 * facet's own text, never an empty string.
 *
 * The labels are read from the filters read model at most once per `ttlMs` (the api's listing cache TTL) per
 * process, and dropped at once when that read model reports a change (rm_changed 'filters', api/app.ts).
 */
import type { FilterLabels } from '../domain/filter/filter.js';
import { pick } from '../domain/shared/localized.js';
import { getFilterLabels } from '../projections/filters/queries.js';
import type { Database } from '../platform/db/database.js';
import type { Filter, Language, Product } from './contracts/catalog.js';
import { ResultCache } from './listing-cache.js';

/** Facet name -> its labels (facets without labels are absent). */
export type FilterLabelMap = ReadonlyMap<string, FilterLabels>;

export class FilterLabelCache {
  private readonly cache: ResultCache<FilterLabelMap>;

  constructor(
    private readonly db: Database,
    /** 0: read on every request (tests). */
    ttlMs: number,
  ) {
    this.cache = new ResultCache(ttlMs, 1);
  }

  get(): Promise<FilterLabelMap> {
    return this.cache.get('all', () => getFilterLabels(this.db));
  }

  clear(): void {
    this.cache.clear();
  }
}

const valueLabel = (labels: FilterLabels | undefined, value: string, language: Language) => {
  const label = labels?.values[value];
  return (label && pick(label, language)) || value;
};

/** A facet with its counts (spec 3 "Filter": name, options value -> count) and its labels in `language`. */
export function labelFilter(filter: { name: string; options: Record<string, number> }, labels: FilterLabelMap, language: Language): Filter {
  const own = labels.get(filter.name);
  const optionLabels: Record<string, string> = {};
  for (const value of Object.keys(filter.options)) optionLabels[value] = valueLabel(own, value, language);
  return { name: filter.name, label: (own && pick(own.label, language)) || filter.name, options: filter.options, optionLabels };
}

/** A product's technical criterion `name=value` with its labels in `language`. */
export function labelAttribute(attribute: { name: string; value: string }, labels: FilterLabelMap, language: Language): Product['attributes'][number] {
  const own = labels.get(attribute.name);
  return { ...attribute, label: (own && pick(own.label, language)) || attribute.name, valueLabel: valueLabel(own, attribute.value, language) };
}
