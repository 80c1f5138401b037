/**
 * Facet labels in API answers (spec 3 "Filter"; the Filter aggregate, domain/filter/filter.ts): a facet name and
 * its values keep the text the products carry (the keys of the `f` query parameter in every language), and get a
 * `label` / `optionLabels` / `valueLabel` in the request's language: Estonian when the language has none, then the
 * facet's own text, never an empty string. Staff may hide a facet and place it (spec 2 FilterList): `shownFacets`
 * drops the hidden ones from a listing's filters and puts the placed ones first, in their order.
 *
 * The labels are read from the filters read model at most once per `ttlMs` (FILTER_LABEL_CACHE_TTL_MS) per process,
 * and dropped at once when that read model reports a change (rm_changed 'filters', api/app.ts).
 */
import type { FilterLabels, FilterSettings } from '../../domain/filter/filter.js';
import { pick } from '../../domain/shared/localized.js';
import { CountedFacet } from '../../projections/catalog/listing-facets.js';
import { getFilterLabels } from '../../projections/filters/queries.js';
import type { Database } from '../../platform/db/database.js';
import type { Filter, Language, Product } from '../contracts/catalog.js';

/** Facet name -> its labels, and whether it shows and its place (absent: shown, unplaced; facets never set are absent). */
export type FilterLabelMap = ReadonlyMap<string, FilterLabels & Partial<Pick<FilterSettings, 'shown' | 'position' | 'hideWhenEmptyIn'>>>;

export class FilterLabelCache {
  private value: FilterLabelMap | null = null;
  private loadedAt = 0;
  private loading: Promise<FilterLabelMap> | null = null;
  /** Bumped by clear(): a load started before a clear is served to its callers but not kept. */
  private generation = 0;
  /** The last labels read and their text (`fingerprint`), kept across clear(): equal labels read again are this object. */
  private last: { labels: FilterLabelMap; key: string } | null = null;

  constructor(
    private readonly db: Database,
    /** 0: read on every request (tests). */
    private readonly ttlMs: number,
    /** The clock the TTL is measured on (milliseconds; tests pass their own). */
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The labels, read again once older than the TTL. While that read runs, callers get the labels they had (the TTL
   * only bounds a missed change hint; after clear(), a known change, they wait for the new ones), and labels read
   * again equal to the last are the same object: the listing's labelled facets are memoised per labels object
   * (api/routes/products/index.ts `labeledFacetsJson`), so a reload that found no change keeps every memo.
   */
  get(): Promise<FilterLabelMap> {
    if (this.ttlMs <= 0) return getFilterLabels(this.db);
    if (this.value && this.clock() - this.loadedAt < this.ttlMs) return Promise.resolve(this.value);
    if (!this.loading) {
      const generation = this.generation;
      const loading: Promise<FilterLabelMap> = getFilterLabels(this.db)
        .then((read) => {
          const key = fingerprint(read);
          const labels = this.last?.key === key ? this.last.labels : read;
          if (generation === this.generation) {
            this.value = labels;
            this.loadedAt = this.clock();
            this.last = { labels, key };
          }
          return labels;
        })
        .finally(() => {
          if (this.loading === loading) this.loading = null;
        });
      this.loading = loading;
    }
    return this.value ? Promise.resolve(this.value) : this.loading;
  }

  /** Drops the labels (the filters read model changed): the next `get` reads them and waits for them. */
  clear(): void {
    this.value = null;
    this.loading = null;
    this.generation++;
  }
}

/** The labels as one text, facets by name: equal texts are equal labels. */
function fingerprint(labels: FilterLabelMap): string {
  return JSON.stringify([...labels].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const valueLabel = (labels: FilterLabels | undefined, value: string, language: Language) => {
  const label = labels?.values[value];
  return (label && pick(label, language)) || value;
};

/**
 * The facets a listing shows, in the order it shows them: hidden ones dropped; placed ones (position 0 first) before
 * the others, which keep their own order.
 */
export function shownFacets<F extends { name: string }>(facets: readonly F[], labels: FilterLabelMap): F[] {
  const placed: [number, number, F][] = [];
  const rest: F[] = [];
  facets.forEach((f, i) => {
    const own = labels.get(f.name);
    if (own?.shown === false) return;
    if (own?.position !== undefined && own.position !== null) placed.push([own.position, i, f]);
    else rest.push(f);
  });
  placed.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return [...placed.map(([, , f]) => f), ...rest];
}

/**
 * The facets set to hide in category `categoryId`'s listing when their count is 0 (spec 9: "Category id 237 has a
 * model filter hidden when its count is 0"), by name; [] without a category.
 */
export function hiddenWhenEmptyIn(categoryId: string | undefined, labels: FilterLabelMap): string[] {
  if (!categoryId) return [];
  const id = categoryId.toLowerCase();
  const out: string[] = [];
  for (const [name, own] of labels) if (own.hideWhenEmptyIn?.includes(id)) out.push(name);
  return out.sort();
}

/** A facet with its counts (spec 3 "Filter": name, options value -> count) and its labels in `language`. */
export function labelFilter(filter: { name: string; options: Record<string, number> }, labels: FilterLabelMap, language: Language): Filter {
  const own = labels.get(filter.name);
  const optionLabels: Record<string, string> = {};
  for (const value of Object.keys(filter.options)) optionLabels[value] = valueLabel(own, value, language);
  return { name: filter.name, label: (own && pick(own.label, language)) || filter.name, options: filter.options, optionLabels };
}

/** A facet's labelled JSON pieces in one language (`labeledFacetsJsonText`). */
interface FacetFragments {
  /** `{"name":...,"label":...,"options":{` */
  head: string;
  own: (FilterLabels & Partial<Pick<FilterSettings, 'shown' | 'position' | 'hideWhenEmptyIn'>>) | undefined;
  /** Per value: its key `"value":` in `options`, and its `"value":"label"` in `optionLabels` ('' for a key labelFilter's object cannot own). */
  values: Map<string, { key: string; labelled: string }>;
}
const fragmentMemo = new WeakMap<FilterLabelMap, Map<Language, Map<string, FacetFragments>>>();

/**
 * The JSON text of `shownFacets(facets, labels).map((f) => labelFilter(f, labels, language))`, byte for byte, written
 * from pieces made once per labels object, language, facet name and value (bounded by the catalog's facet values,
 * dropped with the labels): a search's facets are counted per request, and labelling them as objects and serializing
 * those took about a tenth of a search answer's CPU (docs/architecture.md "Caches, hot routes and recorded
 * searches"). The counts keep the order of each `options` object's own keys, as JSON.stringify does.
 */
export function labeledFacetsJsonText(facets: readonly { name: string; options: Record<string, number> }[], labels: FilterLabelMap, language: Language): string {
  let byLanguage = fragmentMemo.get(labels);
  if (!byLanguage) fragmentMemo.set(labels, (byLanguage = new Map()));
  let byName = byLanguage.get(language);
  if (!byName) byLanguage.set(language, (byName = new Map()));
  let out = '';
  for (const f of shownFacets(facets, labels)) {
    let fragments = byName.get(f.name);
    if (!fragments) {
      const own = labels.get(f.name);
      const head = `{"name":${JSON.stringify(f.name)},"label":${JSON.stringify((own && pick(own.label, language)) || f.name)},"options":{`;
      byName.set(f.name, (fragments = { head, own, values: new Map() }));
    }
    // A facet counted for this request carries its values and counts in `options`' key order (listing-facets.ts
    // CountedFacet): no object of up to 100 keys is made and enumerated.
    const counted = f instanceof CountedFacet ? f : null;
    const options = counted ? null : f.options;
    const keys = counted ? counted.orderedValues : Object.keys(options!);
    let counts = '';
    let optionLabels = '';
    for (let i = 0; i < keys.length; i++) {
      const value = keys[i];
      let piece = fragments.values.get(value);
      if (!piece) {
        const key = JSON.stringify(value);
        // labelFilter assigns optionLabels[value]: '__proto__' sets no own key there, so it is not serialized.
        piece = { key: `${key}:`, labelled: value === '__proto__' ? '' : `${key}:${JSON.stringify(valueLabel(fragments.own, value, language))}` };
        fragments.values.set(value, piece);
      }
      const n = counted ? counted.orderedCounts[i] : options![value];
      // A count as JSON.stringify writes a number (finite: its text; else null).
      const count = Number.isFinite(n) ? `${n}` : 'null';
      counts += counts ? `,${piece.key}${count}` : `${piece.key}${count}`;
      if (piece.labelled) optionLabels += optionLabels ? `,${piece.labelled}` : piece.labelled;
    }
    out += `${out ? ',' : ''}${fragments.head}${counts}},"optionLabels":{${optionLabels}}}`;
  }
  return `[${out}]`;
}

/** A product's technical criterion `name=value` with its labels in `language`. */
export function labelAttribute(attribute: { name: string; value: string }, labels: FilterLabelMap, language: Language): Product['attributes'][number] {
  const own = labels.get(attribute.name);
  return { ...attribute, label: (own && pick(own.label, language)) || attribute.name, valueLabel: valueLabel(own, attribute.value, language) };
}
