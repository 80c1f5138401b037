/**
 * The Menu aggregate (stream `menu-main`): the storefront's main navigation (spec 2 "Header": entries of kind page,
 * menu link or category; category entries become drop-downs of their subcategories; the entry labelled Galerii is
 * hidden). Entries are ordered, nested one level (a top entry may hold children, a child none), carry a hidden flag
 * and a label per language (spec 1). The staff editor sends the whole list (conventions 13: with the version it read).
 *
 * - SetMenu replaces the entry list; recorded only when it differs.
 *
 * Compatibility: the menu used to live in the `site` stream (event `MainMenuChanged`, a flat list). Those events are
 * kept as stored and read as this aggregate's starting state (`legacyMenuState`): entries `legacy-1`, `legacy-2`,
 * ... without children, hidden when labelled Galerii. The command handler folds them before the menu's own stream
 * (commands/menu/menu-handler.ts); the site read model does the same in `$all` order.
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { ChangedMeanwhileError, validation } from '../shared/errors.js';
import { LANGUAGES, type Localized } from '../shared/localized.js';

export const MENU_STREAM_ID = 'menu-main';
export const MAX_MENU_ENTRIES = 30;
export const MAX_MENU_LABEL = 80;
export const MAX_MENU_TARGET = 500;
export const MENU_KINDS = ['page', 'link', 'category'] as const;
export type MenuKind = (typeof MENU_KINDS)[number];
const ENTRY_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A menu link: an http(s), mailto or tel URL, or a path of the shop ('/...', not '//'). */
const SAFE_LINK = /^(?:https?:\/\/[^\s/]+\S*|mailto:\S+|tel:[+\d\s()-]+|\/(?!\/)\S*)$/i;

/**
 * A navigation entry: `page` targets a content page (its id or URL name), `link` a URL or a path of the shop,
 * `category` a category id (rendered as a drop-down of its subcategories). `children` only on top-level entries.
 */
export interface MenuItem {
  id: string;
  kind: MenuKind;
  label: Localized;
  target: string;
  hidden: boolean;
  children: MenuItem[];
}

/** The flat entry of the `site` stream's `MainMenuChanged` (before the menu became an aggregate). */
export interface LegacyMenuEntry {
  kind: MenuKind;
  label: Localized;
  target: string;
}

/** The entry labelled Galerii is not shown (spec 2 "Header"); known by its Estonian label, the main language. */
export const isGaleriiLabel = (label: Localized) => label.et.trim().toLowerCase() === 'galerii';

export type MenuEvent = Message<'MenuChanged', { entries: MenuItem[]; by: string | null; at: string }>;
export const MENU_EVENT_TYPES: MenuEvent['type'][] = ['MenuChanged'];

/** An entry as the editor sends it; `hidden` defaults to false, `children` to none. */
export interface MenuItemInput {
  id: string;
  kind: string;
  label: Partial<Localized>;
  target: string;
  hidden?: boolean;
  children?: MenuItemInput[];
}
export type MenuCommand = Message<'SetMenu', { entries: MenuItemInput[]; expectedVersion?: number }> & { metadata: CommandMetadata };

export interface MenuState {
  entries: MenuItem[];
  /** Events folded from the menu's own stream (the legacy start counts 0). */
  version: number;
  lastChange: { by: string | null; at: string | null };
}
export const initialState: MenuState = { entries: [], version: 0, lastChange: { by: null, at: null } };

/** The starting state from the `site` stream's MainMenuChanged events (the last one wins). */
export function legacyMenuState(lastLegacyEntries: LegacyMenuEntry[] | null): MenuState {
  if (!lastLegacyEntries) return initialState;
  return { ...initialState, entries: lastLegacyEntries.map((e, i) => fromLegacyEntry(e, i)) };
}

/** A legacy entry as a menu item (see the compatibility note above). */
export function fromLegacyEntry(e: LegacyMenuEntry, index: number): MenuItem {
  return { id: `legacy-${index + 1}`, kind: e.kind, label: e.label, target: e.target, hidden: isGaleriiLabel(e.label), children: [] };
}

function text(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string') throw validation('menu.value_invalid', 'A value is text', field);
  const t = value.trim();
  if (t.length > max) throw validation('menu.value_too_long', `At most ${max} characters`, field);
  return t;
}

function checkEntries(input: unknown, path: string, depth: number, ids: Set<string>): MenuItem[] {
  if (!Array.isArray(input)) throw validation('menu.entries_invalid', 'The entries are a list', path);
  if (input.length > MAX_MENU_ENTRIES) throw validation('menu.too_long', `At most ${MAX_MENU_ENTRIES} entries`, path);
  return input.map((raw: MenuItemInput, i): MenuItem => {
    const at = `${path}.${i}`;
    if (!raw || typeof raw.id !== 'string' || !ENTRY_ID.test(raw.id) || ids.has(raw.id)) throw validation('menu.id_invalid', 'Each entry needs an id of its own', `${at}.id`);
    ids.add(raw.id);
    if (!(MENU_KINDS as readonly string[]).includes(raw.kind)) throw validation('menu.kind_invalid', 'A menu entry is a page, a link or a category', `${at}.kind`);
    const label = { et: '', en: '' } as Localized;
    for (const lang of LANGUAGES) label[lang] = text(raw.label?.[lang] ?? '', `${at}.label.${lang}`, MAX_MENU_LABEL);
    if (!label.et && !label.en) throw validation('menu.label_missing', 'A menu entry needs a label', `${at}.label`);
    const target = text(raw.target, `${at}.target`, MAX_MENU_TARGET);
    if (!target) throw validation('menu.target_missing', 'A menu entry needs a target', `${at}.target`);
    if (raw.kind === 'link' && !SAFE_LINK.test(target)) throw validation('menu.link_invalid', 'A link is an http(s), mailto or tel URL or a path from /', `${at}.target`);
    if (raw.hidden !== undefined && typeof raw.hidden !== 'boolean') throw validation('menu.value_invalid', 'Hidden is true or false', `${at}.hidden`);
    const childInput = raw.children ?? [];
    if (childInput.length && depth > 0) throw validation('menu.too_deep', 'Menu entries nest one level', `${at}.children`);
    if (childInput.length && raw.kind === 'category') throw validation('menu.category_children', 'A category entry lists its subcategories itself', `${at}.children`);
    const children = depth > 0 ? [] : checkEntries(childInput, `${at}.children`, depth + 1, ids);
    return { id: raw.id, kind: raw.kind as MenuKind, label, target, hidden: raw.hidden ?? false, children };
  });
}

/**
 * Pure decision.
 * @throws ChangedMeanwhileError menu.changed_meanwhile (conflict) for a stale `expectedVersion`;
 *   DomainError validation: menu.entries_invalid, menu.too_long, menu.id_invalid, menu.kind_invalid,
 *   menu.label_missing, menu.target_missing, menu.link_invalid, menu.value_invalid, menu.value_too_long,
 *   menu.too_deep, menu.category_children.
 */
export function decide(command: MenuCommand, state: MenuState): MenuEvent[] {
  switch (command.type) {
    case 'SetMenu': {
      const { expectedVersion } = command.data;
      if (expectedVersion !== undefined && expectedVersion !== state.version) {
        throw new ChangedMeanwhileError('menu.changed_meanwhile', expectedVersion, state.version, state.lastChange.by, state.lastChange.at);
      }
      const entries = checkEntries(command.data.entries, 'entries', 0, new Set());
      if (JSON.stringify(entries) === JSON.stringify(state.entries)) return [];
      return [{ type: 'MenuChanged', data: { entries, by: command.metadata.userId ?? null, at: command.metadata.now } }];
    }
    default:
      return assertNever(command.type);
  }
}

export function evolve(state: MenuState, event: MenuEvent): MenuState {
  switch (event.type) {
    case 'MenuChanged':
      return { entries: event.data.entries, version: state.version + 1, lastChange: { by: event.data.by, at: event.data.at } };
    default:
      return assertNever(event.type);
  }
}

export const menuDecider: Decider<MenuCommand, MenuEvent, MenuState> = { decide, evolve, initialState };

/**
 * Is the entry hidden from the navigation? Its hidden flag; an entry without one (a legacy entry) is hidden when
 * labelled Galerii (spec 2 "Header"), whatever language is displayed.
 */
export function isHiddenMenuEntry(entry: { label: Localized; hidden?: boolean }): boolean {
  return entry.hidden ?? isGaleriiLabel(entry.label);
}
