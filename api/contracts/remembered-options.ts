/**
 * The remembered listing options (spec 3 "Remembered user options": productViewMode, pageSize, productSorting) as
 * cookies, so the storefront's server render (api/ssr/storefront-renderer.ts) draws the listing a shopper will see
 * and the hydration starts from the same values (web/src/lib/local-option.ts). Each option is one cookie named like
 * its local-storage key; the browser writes it (SameSite=Lax, path=/, a year) beside local storage.
 *
 *   parseRememberedOptions('pageSize=48; theme=ConjLight') // { pageSize: '48' }
 *
 * Parsing is strict: only the exact spellings of the spec 9 values are taken, anything else (unknown names, other
 * page sizes, encoded or padded text) is ignored, and for a name sent twice the first valid value wins.
 */
import { PAGE_SIZES, SORT_OPTIONS, VIEW_MODES } from './catalog-constants.js';

/** The allowed values of each remembered option, as text (spec 9 view modes, page sizes and sorts). */
export const REMEMBERED_OPTION_VALUES = {
  productViewMode: VIEW_MODES,
  pageSize: PAGE_SIZES.map(String),
  productSorting: SORT_OPTIONS,
} as const satisfies Record<string, readonly string[]>;

export type RememberedOptionName = keyof typeof REMEMBERED_OPTION_VALUES;

/** The options a cookie header names validly; absent ones are left out. */
export type RememberedOptions = Partial<Record<RememberedOptionName, string>>;

const isOptionName = (name: string): name is RememberedOptionName => Object.hasOwn(REMEMBERED_OPTION_VALUES, name);

/** True when `value` is an allowed value of option `name`. */
export function isRememberedValue(name: RememberedOptionName, value: string | null | undefined): value is string {
  return typeof value === 'string' && (REMEMBERED_OPTION_VALUES[name] as readonly string[]).includes(value);
}

/** The valid remembered options of a Cookie header (or `document.cookie`); {} for none or garbage. */
export function parseRememberedOptions(cookieHeader: string | undefined): RememberedOptions {
  const options: RememberedOptions = {};
  for (const pair of (cookieHeader ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1);
    if (isOptionName(name) && options[name] === undefined && isRememberedValue(name, value)) options[name] = value;
  }
  return options;
}
