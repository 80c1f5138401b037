/**
 * The Filter aggregate (stream `filter-{name}`): how one facet of the catalog is shown to shoppers (spec 3 "Filter":
 * name and options; spec 2 "Admin area": FilterList). Facets come from the products' technical criteria (catalog
 * `attributes`, `name=value`), recorded as imported; a filter gives the facet name and its values a label per
 * language (spec 1: content fields hold one value per language code), so the Estonian storefront says "Värv: Must"
 * for the criterion `Colour=Black`. The name and values stay the keys of the `f` query parameter in every language.
 *
 * - SetFilterLabels replaces the labels of one filter; recorded only when they differ. A missing language falls
 *   back at read time (pick: Estonian, then English, then the facet's own text).
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

export type FilterEvent = Message<'FilterLabelsChanged', FilterLabels>;
export const FILTER_EVENT_TYPES: FilterEvent['type'][] = ['FilterLabelsChanged'];

export type FilterCommand = Message<
  'SetFilterLabels',
  { name: string; label: Partial<Localized>; values: Record<string, Partial<Localized>> }
> & { metadata: CommandMetadata };

export type FilterState = FilterLabels | null;

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
 * Pure decision.
 * @throws DomainError validation: filter.name_missing, filter.text_invalid, filter.text_too_long,
 *   filter.label_missing, filter.too_many_values.
 */
export function decide(command: FilterCommand, state: FilterState): FilterEvent[] {
  switch (command.type) {
    case 'SetFilterLabels': {
      const name = text(command.data.name, 'name');
      if (!name) throw validation('filter.name_missing', 'A filter needs the facet name', 'name');
      const entries = Object.entries(command.data.values ?? {});
      if (entries.length > MAX_FILTER_VALUES) throw validation('filter.too_many_values', `At most ${MAX_FILTER_VALUES} values`, 'values');
      const values: Record<string, Localized> = {};
      for (const [value, label] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        const key = text(value, 'values');
        if (!key) throw validation('filter.text_invalid', 'A value is not empty', 'values');
        values[key] = localized(label, `values.${key}`);
      }
      const next: FilterLabels = { name, label: localized(command.data.label, 'label'), values };
      return JSON.stringify(next) === JSON.stringify(state) ? [] : [{ type: 'FilterLabelsChanged', data: next }];
    }
    default:
      return assertNever(command.type);
  }
}

export function evolve(_state: FilterState, event: FilterEvent): FilterState {
  switch (event.type) {
    case 'FilterLabelsChanged':
      return event.data;
    default:
      return assertNever(event.type);
  }
}

export const filterDecider: Decider<FilterCommand, FilterEvent, FilterState> = { decide, evolve, initialState: null };
