/**
 * The tabs of a staff screen (conventions 16: "tabs with arrow keys"), shared by ProblematicProductsList,
 * StatisticsList and ProductEdit's languages: the WAI-ARIA tabs pattern with automatic activation — one tab in the Tab order (the selected
 * one), ArrowRight / ArrowLeft select the next / previous tab (wrapping), Home / End the first / last, and focus
 * follows the selection. The list keeps the selected tab in its URL and passes it back as `selected`. Styles in
 * ./tab-list.css.
 *
 *   <TabList idPrefix="statistics" label="Keywords" tabs={['zero', 'all']} selected={tab} onSelect={setTab}
 *            tabLabel={(k) => t(`tab.${k}`)} count={(k) => (k === tab ? total : null)} />
 *   <TabPanel idPrefix="statistics" selected={tab} busy={isFetching}>...</TabPanel>
 *
 * Ids: each tab is `${idPrefix}-tab-${key}`, the panel `${idPrefix}-panel` (or `panelIdOf(key)` when each tab has
 * its own panel, as ProductEdit's languages do).
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tab-list.css';

/**
 * The index of the tab a key selects among `count` tabs when tab `index` is selected, or null for any other key:
 * ArrowRight / ArrowLeft wrap around, Home is 0, End is count - 1.
 */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  if (count < 1) return null;
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index + count - 1) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

interface TabListProps<K extends string> {
  idPrefix: string;
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly K[];
  selected: K;
  onSelect: (key: K) => void;
  tabLabel: (key: K) => ReactNode;
  /** A count shown beside the tab's label; null or undefined shows none. */
  count?: (key: K) => ReactNode | null | undefined;
  /** The id of the panel a tab controls; default one panel for all, `${idPrefix}-panel` (TabPanel). */
  panelIdOf?: (key: K) => string;
  /** Tabs to mark in the danger colour (e.g. a language whose fields have errors). */
  marked?: (key: K) => boolean;
}

export function TabList<K extends string>({ idPrefix, label, tabs, selected, onSelect, tabLabel, count, panelIdOf, marked }: TabListProps<K>) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const select = (key: K) => {
    onSelect(key);
    refs.current.get(key)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = tabKeyTarget(event.key, tabs.indexOf(selected), tabs.length);
    if (target === null) return;
    event.preventDefault();
    select(tabs[target]!);
  };
  return (
    <div className="staff-tabs" role="tablist" aria-label={label}>
      {tabs.map((key) => {
        const n = count?.(key);
        return (
          <button
            key={key}
            ref={(el) => {
              if (el) refs.current.set(key, el);
              else refs.current.delete(key);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${key}`}
            aria-selected={selected === key}
            aria-controls={panelIdOf ? panelIdOf(key) : `${idPrefix}-panel`}
            tabIndex={selected === key ? 0 : -1}
            className={`staff-tabs__tab${marked?.(key) ? ' is-marked' : ''}`}
            onClick={() => select(key)}
            onKeyDown={onKeyDown}
          >
            {tabLabel(key)}
            {n === null || n === undefined ? null : <span className="staff-tabs__count">{n}</span>}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of a TabList: labelled by the selected tab, `aria-busy` while the list reloads. */
export function TabPanel({ idPrefix, selected, busy, children }: { idPrefix: string; selected: string; busy: boolean; children: ReactNode }) {
  return (
    <div id={`${idPrefix}-panel`} role="tabpanel" aria-labelledby={`${idPrefix}-tab-${selected}`} aria-busy={busy}>
      {children}
    </div>
  );
}
