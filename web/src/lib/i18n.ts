/**
 * i18next set-up: namespaces app and shop (conventions 8), languages et (default) and en-US (spec 1).
 * The bundles are small and shipped with the app, so initialisation is synchronous.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import appEt from '../locales/et/app.json';
import shopEt from '../locales/et/shop.json';
import appEn from '../locales/en-US/app.json';
import shopEn from '../locales/en-US/shop.json';
import { I18N_CODE, type Language } from './language';

export const NAMESPACES = ['app', 'shop'] as const;

export function initI18n(lang: Language) {
  void i18n.use(initReactI18next).init({
    resources: {
      et: { app: appEt, shop: shopEt },
      'en-US': { app: appEn, shop: shopEn },
    },
    lng: I18N_CODE[lang],
    fallbackLng: 'et',
    supportedLngs: ['et', 'en-US'],
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'app',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

export { i18n };
