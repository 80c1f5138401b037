/**
 * The Filter aggregate (stream `filter-{name}`): how one facet of the catalog is shown to shoppers (spec 3 "Filter":
 * name and options; spec 2 "Admin area": FilterList). Facets come from the products' technical criteria (catalog
 * `attributes`, `name=value`), recorded as imported; a filter gives the facet name and its values a label per
 * language (spec 1: content fields hold one value per language code), so the Estonian storefront says "Värv: Must"
 * for the criterion `Colour=Black`. The name and values stay the keys of the `f` query parameter in every language.
 *
 * - SetFilterLabels replaces the labels of one filter; recorded only when they differ. A missing language falls
 *   back at read time (pick: Estonian, then English, then the facet's own text).
 * - SetFilterShown shows or hides the facet on the storefront's listing (spec 2 FilterList: "whether it shows");
 *   a facet is shown until hidden. FilterShown / FilterHidden, only when it changes.
 * - SetFilterPosition sets the facet's place in the listing's filter panel (0 first; null: after the placed ones,
 *   in the catalog's own order). FilterPositionSet, only when it changes.
 * - SetFilterHiddenWhenEmpty sets the categories in which the facet is not shown when its count is 0 for the
 *   listing (spec 9: "Category id 237 has a model filter hidden when its count is 0"; our category ids are uuids,
 *   so the rule is a per-category facet setting). The whole set is sent; FilterHiddenWhenEmptyChanged holds the new
 *   set (sorted, each id once), only when it changes.
 * A facet without labels may still be hidden or placed: its stream then starts with that event.
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { validation } from '../shared/errors.js';
import { LANGUAGES, type Localized } from '../shared/localized.js';

/** Longest facet name, value or label, in characters. */
export const MAX_FILTER_TEXT = 200;
/** Most value labels one filter holds. */
export const MAX_FILTER_VALUES = 500;

export const filterStreamId = (name: string) => `filter-${name}`;

export interface FilterLabels {
  /** The facet name as the products carry it, e.g. "Colour". */
  name: string;
  /** The facet name per language, e.g. { et: 'Värv', en: 'Colour' }. */
  label: Localized;
  /** Facet value as the products carry it -> its label per language. */
  values: Record<string, Localized>;
}

/** Largest position of a facet in the filter panel. */
export const MAX_FILTER_POSITION = 10_000;

/** A facet's labels and how the storefront shows it. */
export interface FilterSettings extends FilterLabels {
  /** Shown on the storefront's listing (default true). */
  shown: boolean;
  /** Place in the filter panel, 0 first; null: after the placed facets. */
  position: number | null;
  /** Category ids (uuids, sorted) in whose listing the facet is not shown when its count is 0 (spec 9). */
  hideWhenEmptyIn: string[];
}

/** Most categories one facet's 'hide when its count is 0' rule names. */
export const MAX_HIDE_WHEN_EMPTY_CATEGORIES = 200;
const CATEGORY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type FilterEvent =
  | Message<'FilterLabelsChanged', FilterLabels>
  | Message<'FilterShown', { name: string }>
  | Message<'FilterHidden', { name: string }>
  | Message<'FilterPositionSet', { name: string; position: number | null }>
  | Message<'FilterHiddenWhenEmptyChanged', { name: string; categoryIds: string[] }>;
export const FILTER_EVENT_TYPES: FilterEvent['type'][] = ['FilterLabelsChanged', 'FilterShown', 'FilterHidden', 'FilterPositionSet', 'FilterHiddenWhenEmptyChanged'];

type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
export type FilterCommand =
  | Cmd<'SetFilterLabels', { name: string; label: Partial<Localized>; values: Record<string, Partial<Localized>> }>
  | Cmd<'SetFilterShown', { name: string; shown: boolean }>
  | Cmd<'SetFilterPosition', { name: string; position: number | null }>
  | Cmd<'SetFilterHiddenWhenEmpty', { name: string; categoryIds: string[] }>;

export type FilterState = FilterSettings | null;

/** A facet's settings before any event: no labels, shown, not placed. */
export const defaultFilterSettings = (name: string): FilterSettings => ({ name, label: { et: '', en: '' }, values: {}, shown: true, position: null, hideWhenEmptyIn: [] });

function text(value: unknown, field: string): string {
  if (typeof value !== 'string') throw validation('filter.text_invalid', 'A label is text', field);
  const trimmed = value.trim();
  if (trimmed.length > MAX_FILTER_TEXT) throw validation('filter.text_too_long', `At most ${MAX_FILTER_TEXT} characters`, field);
  return trimmed;
}

function localized(value: Partial<Localized> | undefined, field: string): Localized {
  const out = { et: '', en: '' } as Localized;
  for (const lang of LANGUAGES) out[lang] = text(value?.[lang] ?? '', `${field}.${lang}`);
  if (!out.et && !out.en) throw validation('filter.label_missing', 'A label needs Estonian or English text', field);
  return out;
}

/**
 * Whether two facets have the same labels, whatever the order of their keys (stored events come back from jsonb
 * with their keys reordered: shorter keys first).
 */
function sameLabels(a: FilterLabels, b: FilterLabels): boolean {
  const canonical = (f: FilterLabels) =>
    JSON.stringify([f.name, f.label.et, f.label.en, Object.keys(f.values).sort().map((k) => [k, f.values[k].et, f.values[k].en])]);
  return canonical(a) === canonical(b);
}

function facetName(value: unknown): string {
  const name = text(value, 'name');
  if (!name) throw validation('filter.name_missing', 'A filter needs the facet name', 'name');
  return name;
}

/**
 * Pure decision.
 * @throws DomainError validation: filter.name_missing, filter.text_invalid, filter.text_too_long,
 *   filter.label_missing, filter.too_many_values, filter.shown_invalid, filter.position_invalid,
 *   filter.category_invalid (not a lower-case uuid), filter.too_many_categories.
 */
export function decide(command: FilterCommand, state: FilterState): FilterEvent[] {
  switch (command.type) {
    case 'SetFilterShown': {
      const name = facetName(command.data.name);
      if (typeof command.data.shown !== 'boolean') throw validation('filter.shown_invalid', 'Shown is true or false', 'shown');
      const shown = state?.shown ?? true;
      if (command.data.shown === shown) return [];
      return [command.data.shown ? { type: 'FilterShown', data: { name } } : { type: 'FilterHidden', data: { name } }];
    }
    case 'SetFilterPosition': {
      const name = facetName(command.data.name);
      const { position } = command.data;
      if (position !== null && (!Number.isInteger(position) || position < 0 || position > MAX_FILTER_POSITION)) {
        throw validation('filter.position_invalid', `The position is a whole number from 0 to ${MAX_FILTER_POSITION}`, 'position');
      }
      if (position === (state?.position ?? null)) return [];
      return [{ type: 'FilterPositionSet', data: { name, position } }];
    }
    case 'SetFilterHiddenWhenEmpty': {
      const name = facetName(command.data.name);
      const ids = command.data.categoryIds;
      if (!Array.isArray(ids)) throw validation('filter.category_invalid', 'The categories are a list of category ids', 'hideWhenEmptyIn');
      if (ids.length > MAX_HIDE_WHEN_EMPTY_CATEGORIES) {
        throw validation('filter.too_many_categories', `At most ${MAX_HIDE_WHEN_EMPTY_CATEGORIES} categories`, 'hideWhenEmptyIn');
      }
      ids.forEach((id, i) => {
        if (typeof id !== 'string' || !CATEGORY_ID.test(id)) throw validation('filter.category_invalid', 'Not a category id', `hideWhenEmptyIn.${i}`);
      });
      const categoryIds = [...new Set(ids)].sort();
      const current = state?.hideWhenEmptyIn ?? [];
      if (current.length === categoryIds.length && current.every((id, i) => id === categoryIds[i])) return [];
      return [{ type: 'FilterHiddenWhenEmptyChanged', data: { name, categoryIds } }];
    }
    case 'SetFilterLabels': {
      const name = facetName(command.data.name);
      const entries = Object.entries(command.data.values ?? {});
      if (entries.length > MAX_FILTER_VALUES) throw validation('filter.too_many_values', `At most ${MAX_FILTER_VALUES} values`, 'values');
      const values: Record<string, Localized> = {};
      for (const [value, label] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        const key = text(value, 'values');
        if (!key) throw validation('filter.text_invalid', 'A value is not empty', 'values');
        values[key] = localized(label, `values.${key}`);
      }
      const next: FilterLabels = { name, label: localized(command.data.label, 'label'), values };
      return state && sameLabels(next, state) ? [] : [{ type: 'FilterLabelsChanged', data: next }];
    }
    default:
      return assertNever(command);
  }
}

export function evolve(state: FilterState, event: FilterEvent): FilterState {
  const current = state ?? defaultFilterSettings(event.data.name);
  switch (event.type) {
    case 'FilterLabelsChanged':
      return { ...current, name: event.data.name, label: event.data.label, values: event.data.values };
    case 'FilterShown':
      return { ...current, shown: true };
    case 'FilterHidden':
      return { ...current, shown: false };
    case 'FilterPositionSet':
      return { ...current, position: event.data.position };
    case 'FilterHiddenWhenEmptyChanged':
      return { ...current, hideWhenEmptyIn: event.data.categoryIds };
    default:
      return assertNever(event);
  }
}

export const filterDecider: Decider<FilterCommand, FilterEvent, FilterState> = { decide, evolve, initialState: null };
