/**
 * The components' access to the texts (i18next through react-i18next's instance and provider: lib/i18n.ts in the
 * browser, entry-server.tsx's `I18nextProvider` on the server): `useTranslation(ns)` as react-i18next's, `{ t, i18n }`,
 * for far less work per component (docs/architecture.md "Server rendering: compression and hydration").
 *
 * react-i18next's hook, in every component that shows a text, copies the i18next instance's properties into a wrapper
 * object, copies its options, and subscribes to `languageChanged` through a store of its own (a passive effect per
 * component, all run in the one task after hydration commits). Here the language is read once, by
 * `TranslationRoot` (one subscription for the app), and passed down in a context; a component's `t` is i18next's
 * `getFixedT(language, ns)`, made once per instance, language and namespace and shared by every component that asks
 * for it. A language change still renders every component that uses texts again (the context changes), as
 * react-i18next's `bindI18n: 'languageChanged'` did; adding texts (a chunk's, lib/i18n.ts) renders nothing again, as
 * before (`bindI18nStore` was empty).
 */
import type { i18n as I18n, TFunction } from 'i18next';
import { createContext, type ReactNode, useCallback, useContext, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

/** The i18next language code shown ('et', 'en-US'); null outside `TranslationRoot`. */
const LanguageContext = createContext<string | null>(null);

/** The instance react-i18next would use: the provider's (server render), else the one initReactI18next registered. */
function useI18nInstance(): I18n {
  return useContext(I18nContext)?.i18n ?? getI18n();
}

/** Around the app (app/app.tsx `AppContent`, in the browser and in a server render): follows i18next's language. */
export function TranslationRoot({ children }: { children: ReactNode }) {
  const i18n = useI18nInstance();
  const subscribe = useCallback(
    (changed: () => void) => {
      i18n.on('languageChanged', changed);
      return () => i18n.off('languageChanged', changed);
    },
    [i18n],
  );
  const language = useSyncExternalStore(subscribe, () => i18n.language, () => i18n.language);
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

/** What `useTranslation` returns: i18next's `t` fixed to the language and namespace(s), and the instance. */
export interface Translation {
  t: TFunction;
  i18n: I18n;
}

const translations = new WeakMap<I18n, Map<string, Translation>>();

/**
 * `{ t, i18n }` for namespace `ns` ('app', 'cms', 'shop'; a list: the first is the default, the others reachable as
 * `ns:key`, as react-i18next's default `nsMode`; none: the instance's default namespace), in the language `TranslationRoot` follows (outside it: the
 * instance's current language). The same object for every component asking with the same instance, language and
 * namespaces.
 */
export function useTranslation(ns?: string | readonly string[]): Translation {
  const i18n = useI18nInstance();
  const language = useContext(LanguageContext) ?? i18n.language;
  const namespaces = ns === undefined ? [String(i18n.options.defaultNS ?? 'translation')] : typeof ns === 'string' ? [ns] : [...ns];
  const key = `${language}|${namespaces.join(',')}`;
  let byKey = translations.get(i18n);
  if (!byKey) {
    byKey = new Map();
    translations.set(i18n, byKey);
  }
  let found = byKey.get(key);
  if (!found) {
    found = { t: i18n.getFixedT(language, namespaces[0]!) as TFunction, i18n };
    byKey.set(key, found);
  }
  return found;
}
