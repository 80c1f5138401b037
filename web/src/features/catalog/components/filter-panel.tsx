/**
 * Facet filters (spec 2 "Product listing", spec 3 "Filter"): one group of checkboxes per available filter with
 * product counts, named and sorted by the labels in the page's language (the `f` parameter keeps the facet keys).
 * Applied values stay listed (and checked) even when the answer no longer counts them, except for a facet staff set to
 * hide in this category when its count is 0 (spec 9, the answer's `hiddenWhenEmpty`): that one is left out while the
 * answer counts none of its values (it still filters; 'Clear filters' removes it).
 *
 * Each option is a link to the listing with that value toggled (`hrefFor`, built by the listing's URL functions), so
 * a server-rendered page filters without JavaScript; it has the checkbox role (aria-checked, Space toggles it) and
 * with JavaScript a click navigates on the client (`onToggle`). The links are nofollow: crawlers need not walk
 * every combination of filters.
 */
import { type KeyboardEvent, type MouseEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { AppliedFilters, Filter, Language } from '../../../../../api/contracts/catalog';
import { formatCount } from '../../../lib/format';
import { collatorFor } from '../utils/collators';
import { countAppliedValues } from '../utils/listing-params';
import { mergeFilters } from '../utils/merge-filters';

const COLLAPSED_OPTIONS = 8;

interface FilterPanelProps {
  available: Filter[];
  applied: AppliedFilters;
  /** Facets not shown in this listing when their count is 0 (spec 9). */
  hiddenWhenEmpty?: readonly string[];
  lang: Language;
  /** The listing's URL with value `value` of filter `name` switched on (`on`) or off. */
  hrefFor: (name: string, value: string, on: boolean) => string;
  /** The listing's URL without filters. */
  clearHref: string;
  onToggle: (name: string, value: string, on: boolean) => void;
  onClear: () => void;
}

/** A plain left click (no modifier, so a new tab still opens from the link): handled on the client. */
const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export function FilterPanel({ available, applied, hiddenWhenEmpty, lang, hrefFor, clearHref, onToggle, onClear }: FilterPanelProps) {
  const { t } = useTranslation('shop');
  const filters = mergeFilters(available, applied, hiddenWhenEmpty);
  const appliedCount = countAppliedValues(applied);
  if (filters.length === 0 && appliedCount === 0) return null;
  return (
    <section className="filter-panel" aria-labelledby="filter-panel-title">
      <div className="filter-panel__head">
        <h2 id="filter-panel-title" className="sidebar__title">
          {t('filters.title')}
        </h2>
        {appliedCount > 0 && (
          <a
            className="link-button"
            href={clearHref}
            rel="nofollow"
            onClick={(e) => {
              if (!isPlainClick(e)) return;
              e.preventDefault();
              onClear();
            }}
          >
            {t('filters.clear')}
          </a>
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
          hrefFor={(value, on) => hrefFor(filter.name, value, on)}
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
  hrefFor: (value: string, on: boolean) => string;
  onToggle: (value: string, on: boolean) => void;
}

function FilterGroup({ filter, selected, lang, hrefFor, onToggle }: FilterGroupProps) {
  const { t } = useTranslation('shop');
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const values = useMemo(() => {
    // One collator for every group (a listing shows up to ~60), not one each.
    const collator = collatorFor(lang, 'options');
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
              <a
                className={`checkbox${count === 0 && !checked ? ' is-empty' : ''}`}
                href={hrefFor(value, !checked)}
                rel="nofollow"
                role="checkbox"
                aria-checked={checked}
                onClick={(e: MouseEvent) => {
                  if (!isPlainClick(e)) return;
                  e.preventDefault();
                  onToggle(value, !checked);
                }}
                onKeyDown={(e: KeyboardEvent) => {
                  // A checkbox toggles with Space (a link alone would scroll the page); Enter follows the link.
                  if (e.key !== ' ') return;
                  e.preventDefault();
                  onToggle(value, !checked);
                }}
              >
                <span className="checkbox__box" aria-hidden="true" />
                <span className="checkbox__label">{filter.optionLabels[value] ?? value}</span>
                <span className="checkbox__count" aria-label={t('filters.optionCount', { count })}>
                  {formatCount(count, lang)}
                </span>
              </a>
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
