/**
 * Themes (spec 1): ConjDark (default) and ConjLight, applied as `data-theme` on <html>; the stylesheet holds each
 * palette as CSS variables. The choice is remembered in local storage (spec 9: theme persists after 1000 ms, or when
 * the page is left first: lib/deferred-write.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
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
      },
      PERSIST_DELAY_MS,
    );
    return undefined;
  }, [theme]);
  const toggle = useCallback(() => setTheme((t) => (t === 'ConjDark' ? 'ConjLight' : 'ConjDark')), []);
  return [theme, toggle];
}
