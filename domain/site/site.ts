/**
 * The Global content aggregate (stream `site`): the storefront's global fields, global item containers and whether
 * the banner shows (spec 1: the footer shows shop name, address, phone, e-mail, social links, terms-of-sale and
 * gallery links, and a banner announces a new address; spec 3 "Field store": global item containers and global
 * fields are scopes of their own, saved by the in-page editor beside the page, spec 4 "Editor"). Field values are
 * language-wrapped (spec 3). Staff commands carry the version their screen read (conventions 13).
 *
 * - SetGlobalFields merges the given fields; only fields whose value changes are recorded.
 * - SetGlobalItemContainers merges the given containers (whole item lists per key); only changed ones are recorded.
 * - SetBannerShown switches the new-address banner (field `newAddressBanner`) on or off; it shows until switched off.
 *
 * Compatibility: the `site` stream also holds the main menu's `MainMenuChanged` events from before the menu became
 * an aggregate of its own (domain/menu/menu.ts). They stay stored and count for the stream's version; this
 * aggregate's fold skips them and the Menu aggregate reads them as its starting state.
 */
import type { LegacyMenuEntry } from '../menu/menu.js';
import { type ItemContainers, toItemContainers } from '../page/page-doc.js';
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { ChangedMeanwhileError, validation } from '../shared/errors.js';
import { LANGUAGES, type Localized } from '../shared/localized.js';

export const SITE_STREAM_ID = 'site';
/** Field keys: a letter, then letters, digits, '.', '_' or '-' (at most 64 characters). */
const FIELD_KEY = /^[A-Za-z][\w.-]{0,63}$/;
export const MAX_FIELD_LENGTH = 2000;
export const MAX_FIELDS = 100;
/** The field holding the banner's text (spec 1); SetBannerShown decides whether it shows. */
export const BANNER_FIELD = 'newAddressBanner';

type Stamp = { by?: string | null; at?: string };
export type SiteEvent =
  | Message<'GlobalFieldsChanged', { fields: Record<string, Localized> } & Stamp>
  | Message<'GlobalItemContainersChanged', { containers: ItemContainers } & Stamp>
  | Message<'BannerShownChanged', { shown: boolean } & Stamp>
  | Message<'MainMenuChanged', { entries: LegacyMenuEntry[] }>;
export const SITE_EVENT_TYPES: SiteEvent['type'][] = ['GlobalFieldsChanged', 'GlobalItemContainersChanged', 'BannerShownChanged', 'MainMenuChanged'];

type Cmd<T extends string, D> = Message<T, D & { expectedVersion?: number }> & { metadata: CommandMetadata };
export type SiteCommand =
  | Cmd<'SetGlobalFields', { fields: Record<string, Partial<Localized>> }>
  | Cmd<'SetGlobalItemContainers', { containers: Record<string, Array<{ id: string; html: Partial<Localized> }>> }>
  | Cmd<'SetBannerShown', { shown: boolean }>;

export interface SiteState {
  fields: Record<string, Localized>;
  containers: ItemContainers;
  bannerShown: boolean;
  /** Events in the `site` stream (legacy menu events included). */
  version: number;
  lastChange: { by: string | null; at: string | null };
}
export const initialState: SiteState = { fields: {}, containers: {}, bannerShown: true, version: 0, lastChange: { by: null, at: null } };

function checkText(value: unknown, field: string, max = MAX_FIELD_LENGTH): string {
  if (typeof value !== 'string') throw validation('site.value_invalid', 'A value is text', field);
  const text = value.trim();
  if (text.length > max) throw validation('site.value_too_long', `A value is at most ${max} characters`, field);
  return text;
}

function localized(value: Partial<Localized>, field: string, max?: number): Localized {
  const out = { et: '', en: '' } as Localized;
  for (const lang of LANGUAGES) out[lang] = checkText(value?.[lang] ?? '', `${field}.${lang}`, max);
  return out;
}

const same = (a: unknown, b: unknown) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/**
 * Pure decision.
 * @throws ChangedMeanwhileError site.changed_meanwhile (conflict) for a stale `expectedVersion`; DomainError
 *   validation: site.field_key_invalid, site.value_invalid, site.value_too_long, site.too_many_fields,
 *   content.container_* and page.text_* (domain/page/page-doc.ts toItemContainers).
 */
export function decide(command: SiteCommand, state: SiteState): SiteEvent[] {
  const { expectedVersion } = command.data;
  if (expectedVersion !== undefined && expectedVersion !== state.version) {
    throw new ChangedMeanwhileError('site.changed_meanwhile', expectedVersion, state.version, state.lastChange.by, state.lastChange.at);
  }
  const stamp = { by: command.metadata.userId ?? null, at: command.metadata.now };
  switch (command.type) {
    case 'SetGlobalFields': {
      const changed: Record<string, Localized> = {};
      for (const [key, value] of Object.entries(command.data.fields)) {
        if (!FIELD_KEY.test(key)) throw validation('site.field_key_invalid', `"${key.slice(0, 80)}" is not a field key`, 'fields');
        const next = localized(value, key);
        if (!same(state.fields[key], next)) changed[key] = next;
      }
      if (Object.keys({ ...state.fields, ...changed }).length > MAX_FIELDS) throw validation('site.too_many_fields', `At most ${MAX_FIELDS} global fields`, 'fields');
      return Object.keys(changed).length ? [{ type: 'GlobalFieldsChanged', data: { fields: changed, ...stamp } }] : [];
    }
    case 'SetGlobalItemContainers': {
      const next = toItemContainers(command.data.containers);
      const changed = Object.fromEntries(Object.entries(next).filter(([key, items]) => !same(state.containers[key], items)));
      return Object.keys(changed).length ? [{ type: 'GlobalItemContainersChanged', data: { containers: changed, ...stamp } }] : [];
    }
    case 'SetBannerShown': {
      if (typeof command.data.shown !== 'boolean') throw validation('site.value_invalid', 'Shown is true or false', 'shown');
      return command.data.shown === state.bannerShown ? [] : [{ type: 'BannerShownChanged', data: { shown: command.data.shown, ...stamp } }];
    }
    default:
      return assertNever(command);
  }
}

function evolveContent(state: SiteState, event: SiteEvent): SiteState {
  switch (event.type) {
    case 'GlobalFieldsChanged':
      return { ...state, fields: { ...state.fields, ...event.data.fields } };
    case 'GlobalItemContainersChanged':
      return { ...state, containers: { ...state.containers, ...event.data.containers } };
    case 'BannerShownChanged':
      return { ...state, bannerShown: event.data.shown };
    case 'MainMenuChanged':
      return state; // the Menu aggregate's starting state (see the compatibility note above)
    default:
      return assertNever(event);
  }
}

export function evolve(state: SiteState, event: SiteEvent): SiteState {
  const stamp = 'at' in event.data && event.data.at ? { by: event.data.by ?? null, at: event.data.at } : { by: null, at: null };
  return { ...evolveContent(state, event), version: state.version + 1, lastChange: stamp };
}

export const siteDecider: Decider<SiteCommand, SiteEvent, SiteState> = { decide, evolve, initialState };
