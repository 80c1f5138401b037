/** The filter panel's groups (components/filter-panel.tsx; spec 2 "Product listing", spec 3 "Filter", spec 9). Pure. */
import type { AppliedFilters, Filter } from '../../../../../api/contracts/catalog';

/**
 * The available filters, plus applied values the answer no longer counts (count 0, labelled as applied); a facet in
 * `hiddenWhenEmpty` whose count in this listing is 0 is left out (spec 9), even while applied (it still filters).
 */
export function mergeFilters(available: Filter[], applied: AppliedFilters, hiddenWhenEmpty: readonly string[] = []): Filter[] {
  const merged = new Map<string, Filter>();
  for (const f of available) merged.set(f.name, { ...f, options: { ...f.options }, optionLabels: { ...f.optionLabels } });
  for (const [name, values] of Object.entries(applied)) {
    const filter = merged.get(name) ?? { name, label: name, options: {}, optionLabels: {} };
    for (const v of values) {
      if (!(v in filter.options)) filter.options[v] = 0;
      filter.optionLabels[v] ??= v;
    }
    merged.set(name, filter);
  }
  // Spec 9: a facet set to hide here whose values all count 0 in this listing is left out (applied or not).
  const empty = (f: Filter) => Object.values(f.options).every((n) => n === 0);
  return [...merged.values()].filter((f) => !(hiddenWhenEmpty.includes(f.name) && empty(f)));
}
