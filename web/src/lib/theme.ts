/**
 * Themes (spec 1): ConjDark (default) and ConjLight, applied as `data-theme` on <html>; the stylesheet holds each
 * palette as CSS variables. The choice is remembered in local storage (spec 9: theme persists after 1000 ms, or when
 * the page is left first: lib/deferred-write.ts), and in the `theme` cookie too, so a server render
 * (api/ssr/storefront-renderer.ts) paints the page in it before any script runs.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { cookiePairs, writePreferenceCookie } from './cookies';
import { writeLater } from './deferred-write';

export type ThemeName = 'ConjDark' | 'ConjLight';
export const DEFAULT_THEME: ThemeName = 'ConjDark';
const STORAGE_KEY = 'theme';
const PERSIST_DELAY_MS = 1000;

export function readStoredTheme(): ThemeName {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === 'ConjLight' || stored === 'ConjDark' ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/**
 * Writes the `theme` cookie (a year, every path; readable by scripts: it is no secret) when it does not name `theme`
 * yet (none for the default theme): the server renders the next page in it (a theme stored before the cookie
 * existed is carried over at start, main.tsx).
 */
export function rememberThemeInCookie(theme: ThemeName): void {
  // The server's default needs no cookie.
  if (theme === DEFAULT_THEME && !cookiePairs().some((c) => c.startsWith(`${STORAGE_KEY}=`))) return;
  writePreferenceCookie(STORAGE_KEY, theme);
}

export function applyTheme(theme: ThemeName) {
  document.documentElement.dataset.theme = theme === 'ConjLight' ? 'light' : 'dark';
}

export function useTheme(): [ThemeName, () => void] {
  const [theme, setTheme] = useState<ThemeName>(readStoredTheme);
  const initial = useRef<ThemeName | null>(theme);
  useEffect(() => {
    applyTheme(theme);
    // Only a toggle is written (not the default or stored theme the page started with).
    if (theme === initial.current) return undefined;
    initial.current = null;
    writeLater(
      STORAGE_KEY,
      () => {
        try {
          localStorage.setItem(STORAGE_KEY, theme);
        } catch {
          /* storage unavailable: the theme still applies for this visit */
        }
        rememberThemeInCookie(theme);
      },
      PERSIST_DELAY_MS,
    );
    return undefined;
  }, [theme]);
  const toggle = useCallback(() => setTheme((t) => (t === 'ConjDark' ? 'ConjLight' : 'ConjDark')), []);
  return [theme, toggle];
}
