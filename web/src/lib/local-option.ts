/**
 * The remembered listing options (spec 3 "Remembered user options": productViewMode, pageSize, productSorting): kept
 * in local storage, written 200 ms after a change (spec 9) or when the page is left first (lib/deferred-write.ts),
 * and mirrored in a cookie of the same name (api/contracts/remembered-options.ts) so the server render draws the
 * listing with them.
 *
 * A store read through useSyncExternalStore, so that:
 * - on the server the value comes from the request's cookie (the ServerRender collector's `options`);
 * - the hydration starts from the same cookies (`getServerSnapshot`: document.cookie as the page loaded, before
 *   main.tsx syncs it, parsed with the server's strict parser), so the first client render matches the server's HTML; should local storage hold something else (an
 *   option stored before the cookie existed), React re-renders with it right after hydrating, without a mismatch;
 * - later renders read memory, then local storage; every listing on the page shares one value per option.
 */
import { useCallback, useSyncExternalStore } from 'react';
import {
  isRememberedValue,
  parseRememberedOptions,
  REMEMBERED_OPTION_VALUES,
  type RememberedOptionName,
} from '../../../api/contracts/remembered-options';
import { deletePreferenceCookie, writePreferenceCookie } from './cookies';
import { writeLater } from './deferred-write';
import { useServerRender } from './server-render';

const PERSIST_DELAY_MS = 200;

/** Values chosen in this page's life (browser only; the server never writes here). */
const chosen = new Map<RememberedOptionName, string>();
const listeners = new Set<() => void>();
/** The options of the cookies the page was requested with (what its server render used); {} on the server. */
const optionsAtLoad = typeof document === 'undefined' ? {} : parseRememberedOptions(document.cookie);

function storedValue(name: RememberedOptionName): string | undefined {
  try {
    const stored = localStorage.getItem(name);
    return isRememberedValue(name, stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Remembers `value` for option `name`: shown at once, stored (local storage and cookie) after 200 ms. */
function choose(name: RememberedOptionName, value: string): void {
  chosen.set(name, value);
  for (const listener of listeners) listener();
  writeLater(
    `option:${name}`,
    () => {
      try {
        localStorage.setItem(name, value);
      } catch {
        /* storage unavailable: the cookie still carries the choice */
      }
      writePreferenceCookie(name, value);
    },
    PERSIST_DELAY_MS,
  );
}

/**
 * Makes each option's cookie say what local storage says (main.tsx, at start): an option stored before the cookie
 * existed is carried over, and a cookie whose stored option is gone (local storage wiped) is removed, so the next
 * server render agrees with the browser.
 */
export function syncRememberedOptionCookies(): void {
  for (const name of Object.keys(REMEMBERED_OPTION_VALUES) as RememberedOptionName[]) {
    const stored = storedValue(name);
    if (stored === undefined) deletePreferenceCookie(name);
    else writePreferenceCookie(name, stored);
  }
}

/**
 * [value, set] of remembered option `name`; `fallback` (one of its allowed values) when none is remembered. Only a
 * choice made through `set` is written (not the fallback shown first).
 */
export function useRememberedOption<T extends string>(name: RememberedOptionName, fallback: T): [T, (value: T) => void] {
  const server = useServerRender();
  const value = useSyncExternalStore(
    subscribe,
    () => chosen.get(name) ?? storedValue(name) ?? fallback,
    () => (server ? server.options : optionsAtLoad)[name] ?? fallback,
  );
  const set = useCallback((next: T) => choose(name, next), [name]);
  return [value as T, set];
}
