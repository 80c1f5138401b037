/**
 * The Site aggregate (stream `site`): the storefront's global fields and main navigation (spec 1: the footer shows
 * shop name, address, phone, e-mail, social links, terms-of-sale and gallery links and a new-address banner;
 * spec 2 "Header": navigation from server-provided entries of kind page, menu link or category). Values are
 * language-wrapped (one value per language code, spec 3). The content editor of a later issue sends the same
 * commands.
 *
 * - SetGlobalFields merges the given fields; only fields whose value changes are recorded.
 * - SetMainMenu replaces the whole entry list (recorded only when it differs).
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { validation } from '../shared/errors.js';
import { LANGUAGES, type Localized } from '../shared/localized.js';

export const SITE_STREAM_ID = 'site';
/** Field keys: a letter, then letters, digits, '.', '_' or '-' (at most 64 characters). */
const FIELD_KEY = /^[A-Za-z][\w.-]{0,63}$/;
export const MAX_FIELD_LENGTH = 2000;
export const MAX_FIELDS = 100;
export const MAX_MENU_ENTRIES = 30;

/**
 * A main-navigation entry: `page` targets a content page name (/{pageName}), `link` a URL or app path,
 * `category` a category id (rendered as a drop-down of its subcategories).
 */
export interface MenuEntry {
  kind: 'page' | 'link' | 'category';
  label: Localized;
  target: string;
}

/**
 * Spec 2 "Header": the main-navigation entry labelled Galerii is not shown (the gallery is linked from the footer).
 * The entry is known by its Estonian label, the shop's main language, whatever language is displayed.
 */
export function isHiddenMenuEntry(entry: Pick<MenuEntry, 'label'>): boolean {
  return entry.label.et.trim().toLowerCase() === 'galerii';
}

export type SiteEvent =
  | Message<'GlobalFieldsChanged', { fields: Record<string, Localized> }>
  | Message<'MainMenuChanged', { entries: MenuEntry[] }>;
export const SITE_EVENT_TYPES: SiteEvent['type'][] = ['GlobalFieldsChanged', 'MainMenuChanged'];

type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
export type SiteCommand =
  | Cmd<'SetGlobalFields', { fields: Record<string, Partial<Localized>> }>
  | Cmd<'SetMainMenu', { entries: Array<{ kind: MenuEntry['kind']; label: Partial<Localized>; target: string }> }>;

export interface SiteState {
  fields: Record<string, Localized>;
  menu: MenuEntry[];
}
export const initialState: SiteState = { fields: {}, menu: [] };

function checkText(value: unknown, field: string, max = MAX_FIELD_LENGTH): string {
  if (typeof value !== 'string') throw validation('site.value_invalid', 'A value is text', field);
  const text = value.trim();
  if (text.length > max) throw validation('site.value_too_long', `A value is at most ${max} characters`, field);
  return text;
}

function localized(value: Partial<Localized>, field: string, max?: number): Localized {
  const out = { et: '', en: '' } as Localized;
  for (const lang of LANGUAGES) out[lang] = checkText(value[lang] ?? '', `${field}.${lang}`, max);
  return out;
}

const sameLocalized = (a: Localized | undefined, b: Localized) => a !== undefined && LANGUAGES.every((l) => a[l] === b[l]);

/** Pure decision. @throws DomainError (validation: site.field_key_invalid, site.value_*, site.menu_*). */
export function decide(command: SiteCommand, state: SiteState): SiteEvent[] {
  switch (command.type) {
    case 'SetGlobalFields': {
      const entries = Object.entries(command.data.fields);
      const changed: Record<string, Localized> = {};
      for (const [key, value] of entries) {
        if (!FIELD_KEY.test(key)) throw validation('site.field_key_invalid', `"${key.slice(0, 80)}" is not a field key`, 'fields');
        const next = localized(value, key);
        if (!sameLocalized(state.fields[key], next)) changed[key] = next;
      }
      if (Object.keys({ ...state.fields, ...changed }).length > MAX_FIELDS) throw validation('site.too_many_fields', `At most ${MAX_FIELDS} global fields`, 'fields');
      return Object.keys(changed).length ? [{ type: 'GlobalFieldsChanged', data: { fields: changed } }] : [];
    }
    case 'SetMainMenu': {
      if (command.data.entries.length > MAX_MENU_ENTRIES) throw validation('site.menu_too_long', `At most ${MAX_MENU_ENTRIES} menu entries`, 'entries');
      const entries = command.data.entries.map((e, i): MenuEntry => {
        if (e.kind !== 'page' && e.kind !== 'link' && e.kind !== 'category') throw validation('site.menu_kind_invalid', 'A menu entry is a page, a link or a category', `entries.${i}.kind`);
        const label = localized(e.label, `entries.${i}.label`, 80);
        if (!label.et && !label.en) throw validation('site.menu_label_missing', 'A menu entry needs a label', `entries.${i}.label`);
        const target = checkText(e.target, `entries.${i}.target`, 500);
        if (!target) throw validation('site.menu_target_missing', 'A menu entry needs a target', `entries.${i}.target`);
        return { kind: e.kind, label, target };
      });
      return JSON.stringify(entries) === JSON.stringify(state.menu) ? [] : [{ type: 'MainMenuChanged', data: { entries } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolve(state: SiteState, event: SiteEvent): SiteState {
  switch (event.type) {
    case 'GlobalFieldsChanged':
      return { ...state, fields: { ...state.fields, ...event.data.fields } };
    case 'MainMenuChanged':
      return { ...state, menu: event.data.entries };
    default:
      return assertNever(event);
  }
}

export const siteDecider: Decider<SiteCommand, SiteEvent, SiteState> = { decide, evolve, initialState };
