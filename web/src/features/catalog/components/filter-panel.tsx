/**
 * Facet filters (spec 2 "Product listing", spec 3 "Filter"): one group of checkboxes per available filter with
 * product counts, named and sorted by the labels in the page's language (the `f` parameter keeps the facet keys).
 * Applied values stay listed (and checked) even when the answer no longer counts them.
 */
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppliedFilters, Filter, Language } from '../../../../../api/contracts/catalog';
import { formatCount } from '../../../lib/format';
import { countAppliedValues } from '../utils/listing-params';

const COLLAPSED_OPTIONS = 8;

interface FilterPanelProps {
  available: Filter[];
  applied: AppliedFilters;
  lang: Language;
  onToggle: (name: string, value: string, on: boolean) => void;
  onClear: () => void;
}

/** The available filters, plus applied values the answer no longer counts (count 0, labelled as applied). */
function mergeFilters(available: Filter[], applied: AppliedFilters): Filter[] {
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
  return [...merged.values()];
}

export function FilterPanel({ available, applied, lang, onToggle, onClear }: FilterPanelProps) {
  const { t } = useTranslation('shop');
  const filters = mergeFilters(available, applied);
  const appliedCount = countAppliedValues(applied);
  if (filters.length === 0) return null;
  return (
    <section className="filter-panel" aria-labelledby="filter-panel-title">
      <div className="filter-panel__head">
        <h2 id="filter-panel-title" className="sidebar__title">
          {t('filters.title')}
        </h2>
        {appliedCount > 0 && (
          <button type="button" className="link-button" onClick={onClear}>
            {t('filters.clear')}
          </button>
        )}
      </div>
      {appliedCount > 0 && (
        <p className="filter-panel__summary" aria-live="polite">
          {t('filters.applied', { count: appliedCount })}
        </p>
      )}
      {filters.map((filter) => (
        <FilterGroup
          key={filter.name}
          filter={filter}
          selected={applied[filter.name] ?? []}
          lang={lang}
          onToggle={(value, on) => onToggle(filter.name, value, on)}
        />
      ))}
    </section>
  );
}

interface FilterGroupProps {
  filter: Filter;
  selected: string[];
  lang: Language;
  onToggle: (value: string, on: boolean) => void;
}

function FilterGroup({ filter, selected, lang, onToggle }: FilterGroupProps) {
  const { t } = useTranslation('shop');
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const values = useMemo(() => {
    const collator = new Intl.Collator(lang, { numeric: true, sensitivity: 'base' });
    const label = (value: string) => filter.optionLabels[value] ?? value;
    return Object.keys(filter.options).sort((a, b) => collator.compare(label(a), label(b)));
  }, [filter.options, filter.optionLabels, lang]);
  // Selected values always show, even when the group is collapsed.
  const visible = expanded
    ? values
    : values.filter((v, i) => i < COLLAPSED_OPTIONS || selected.includes(v));
  const hiddenCount = values.length - visible.length;
  return (
    <fieldset className="filter-group">
      <legend>{filter.label}</legend>
      <ul id={listId}>
        {visible.map((value) => {
          const count = filter.options[value] ?? 0;
          const checked = selected.includes(value);
          return (
            <li key={value}>
              <label className={`checkbox${count === 0 && !checked ? ' is-empty' : ''}`}>
                <input type="checkbox" checked={checked} onChange={(e) => onToggle(value, e.target.checked)} />
                <span className="checkbox__label">{filter.optionLabels[value] ?? value}</span>
                <span className="checkbox__count" aria-label={t('filters.optionCount', { count })}>
                  {formatCount(count, lang)}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {(hiddenCount > 0 || expanded) && values.length > COLLAPSED_OPTIONS && (
        <button type="button" className="link-button" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((e) => !e)}>
          {expanded ? t('filters.showLess') : t('filters.showMore', { count: hiddenCount })}
        </button>
      )}
    </fieldset>
  );
}
