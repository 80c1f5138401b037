/**
 * Interface language from the route (spec 2: every path accepts an optional language prefix).
 * `/en/...` is English; `/et/...` and no prefix are Estonian, the default (spec 1).
 * The route/API code is `et | en`; the i18next bundles are named `et` and `en-US` (conventions 8).
 */
import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router';
import type { Language } from '../../../api/contracts/catalog';

export type { Language };

export const DEFAULT_LANGUAGE: Language = 'et';

/** i18next language code per route language. */
export const I18N_CODE: Record<Language, string> = { et: 'et', en: 'en-US' };

/** BCP 47 locale for Intl formatting per route language. */
export const INTL_LOCALE: Record<Language, string> = { et: 'et-EE', en: 'en-US' };

export interface RouteLanguage {
  lang: Language;
  /** The prefix as written in the current URL: '', '/et' or '/en'. */
  prefix: string;
}

/** Reads the language prefix from a pathname such as '/en/products'. */
export function languageFromPath(pathname: string): RouteLanguage {
  const first = pathname.split('/')[1]?.toLowerCase();
  if (first === 'en') return { lang: 'en', prefix: '/en' };
  if (first === 'et') return { lang: 'et', prefix: '/et' };
  return { lang: DEFAULT_LANGUAGE, prefix: '' };
}

/** Removes a language prefix from a pathname: '/en/products' -> '/products', '/en' -> '/'. */
export function stripLanguagePrefix(pathname: string): string {
  const { prefix } = languageFromPath(pathname);
  const rest = pathname.slice(prefix.length);
  return rest === '' ? '/' : rest;
}

/** Builds the same path in another language: Estonian without a prefix, English under /en. */
export function pathInLanguage(pathname: string, lang: Language): string {
  const rest = stripLanguagePrefix(pathname);
  if (lang === DEFAULT_LANGUAGE) return rest;
  return rest === '/' ? `/${lang}` : `/${lang}${rest}`;
}

/** Current route language plus a helper that prefixes app paths with it. */
export function useRouteLanguage(): RouteLanguage & { to: (path: string) => string } {
  const { pathname } = useLocation();
  const { lang, prefix } = useMemo(() => languageFromPath(pathname), [pathname]);
  const to = useCallback(
    (path: string) => {
      if (!prefix) return path;
      return path === '/' ? prefix : `${prefix}${path.startsWith('/') ? '' : '/'}${path}`;
    },
    [prefix],
  );
  return { lang, prefix, to };
}
