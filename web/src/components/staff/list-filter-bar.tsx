/**
 * The filter bar of a server-paged staff list (conventions 16: a list declares its filters to shared components, as
 * Medusa's admin declares them to its `_DataTable`; conventions 13: "paging, sort and filters live in the URL, so a
 * list can be linked and reloaded"). Shared by ProductList, OrderList and ClientList; styles in ./list-filter-bar.css.
 *
 * A list declares, in the order they show:
 * - `search`: the search box of URL parameter `param` (default `q`), written 300 ms after the last key or at once
 *   on Enter (spec 9 "Search key-up delay 300 ms", ./list-filters.ts useDebouncedSearchText);
 * - `filters`: selects, day fields and check boxes, each naming its URL parameter, the value the list read from the
 *   URL (already checked by the list's own parser) and, for a select, the option that stands for "no parameter";
 * - `pageSize`: the page-size select (`pageSize`, spec 9 page sizes), the default size left out of the URL;
 * - `clear`: the 'clear filters' button, shown while `filtered`; it empties the whole query.
 * Every change replaces the history entry and goes back to page 1 (./list-filters.ts withListChanges).
 *
 *   <ListFilterBar label="Filters" search={{ label: 'Search', placeholder: 'Number, name', value: params.q }}
 *     filters={[{ type: 'select', param: 'paid', label: 'Paid', value: '', options: [{ value: '', label: 'Any' }] }]}
 *     clear={{ label: 'Clear', filtered: params.q !== '' }} />
 */
import { X } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { STAFF_PAGE_SIZE } from './list-state';
import { useDebouncedSearchText, withListChanges } from './list-filters';
import './list-filter-bar.css';

/** One option of a select filter: its URL text ('' for "any" by default) and what it says. */
export interface FilterOption {
  value: string;
  label: string;
}

/** A filter a list declares; `param` is its URL parameter and `value` the URL text the list read (normalised). */
export type ListFilter =
  | {
      type: 'select';
      param: string;
      label: string;
      value: string;
      options: readonly FilterOption[];
      /** The option written as "no parameter" (default ''). */
      defaultValue?: string;
    }
  | { type: 'date'; param: string; label: string; /** YYYY-MM-DD or ''. */ value: string; min?: string; max?: string }
  | {
      type: 'checks';
      /** The group's accessible name (visually hidden). */
      legend: string;
      /** Each check box writes `param=1` when checked and leaves it out otherwise. */
      checks: readonly { param: string; label: string; checked: boolean }[];
    };

export interface ListFilterBarProps {
  /** The accessible name of the search landmark. */
  label: string;
  search: { param?: string; label: string; placeholder: string; /** The URL's search text. */ value: string; maxLength?: number };
  filters?: readonly ListFilter[];
  pageSize?: { label: string; value: number; sizes: readonly number[]; defaultSize?: number };
  clear: { label: string; /** Whether any filter differs from its default (the button shows only then). */ filtered: boolean };
}

export function ListFilterBar({ label, search, filters = [], pageSize, clear }: ListFilterBarProps) {
  const [query, setQuery] = useSearchParams();
  const baseId = useId();
  const idOf = (param: string) => `${baseId}-${param}`;
  // From the address bar as it is now, not this render's copy: two changes in a row (a select, then another, before
  // the next render) must both count, or the second writes the first back.
  const current = () => (typeof window === 'undefined' ? query : new URLSearchParams(window.location.search));
  const write = (changes: Record<string, string | null>) => setQuery(withListChanges(current(), changes), { replace: true });
  const searchParam = search.param ?? 'q';
  const box = useDebouncedSearchText(search.value, (text) => write({ [searchParam]: text === '' ? null : text }));

  return (
    <form className="list-filter-bar" role="search" aria-label={label} onSubmit={(e) => e.preventDefault()}>
      <div className="staff-field list-filter-bar__search">
        <label htmlFor={idOf(searchParam)}>{search.label}</label>
        <input
          id={idOf(searchParam)}
          type="search"
          value={box.text}
          maxLength={search.maxLength ?? 100}
          placeholder={search.placeholder}
          onChange={(e) => box.setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') box.flush();
          }}
        />
      </div>
      {filters.map((f) => {
        if (f.type === 'select') {
          const fallback = f.defaultValue ?? '';
          return (
            <div key={f.param} className="staff-field">
              <label htmlFor={idOf(f.param)}>{f.label}</label>
              <select id={idOf(f.param)} value={f.value} onChange={(e) => write({ [f.param]: e.target.value === fallback ? null : e.target.value })}>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          );
        }
        if (f.type === 'date') {
          return (
            <div key={f.param} className="staff-field">
              <label htmlFor={idOf(f.param)}>{f.label}</label>
              <input id={idOf(f.param)} type="date" value={f.value} min={f.min || undefined} max={f.max || undefined} onChange={(e) => write({ [f.param]: e.target.value || null })} />
            </div>
          );
        }
        return (
          <fieldset key={f.checks.map((c) => c.param).join(' ')} className="list-filter-bar__checks">
            <legend className="visually-hidden">{f.legend}</legend>
            {f.checks.map((c) => (
              <label key={c.param}>
                <input type="checkbox" checked={c.checked} onChange={(e) => write({ [c.param]: e.target.checked ? '1' : null })} />
                {c.label}
              </label>
            ))}
          </fieldset>
        );
      })}
      {pageSize ? (
        <div className="staff-field">
          <label htmlFor={idOf('pageSize')}>{pageSize.label}</label>
          <select
            id={idOf('pageSize')}
            value={pageSize.value}
            onChange={(e) => write({ pageSize: Number(e.target.value) === (pageSize.defaultSize ?? STAFF_PAGE_SIZE) ? null : e.target.value })}
          >
            {pageSize.sizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {clear.filtered ? (
        <button
          type="button"
          className="button list-filter-bar__clear"
          onClick={() => {
            box.clear();
            setQuery(new URLSearchParams(), { replace: true });
          }}
        >
          <X size={16} aria-hidden="true" />
          {clear.label}
        </button>
      ) : null}
    </form>
  );
}
