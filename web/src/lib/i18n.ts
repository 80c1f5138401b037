/**
 * i18next set-up: the three bundles of spec 1 (app, cms, shop) as namespaces, for et (default, and the fallback
 * of every missing key: never an empty string or a key on screen) and en-US. The Estonian bundles ship with the
 * app; the English ones are a separate chunk loaded before English is shown (smaller first load for the default
 * language).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import appEt from '../locales/et/app.json';
import cmsEt from '../locales/et/cms.json';
import shopEt from '../locales/et/shop.json';
import { shareTextNumberFormat } from './format';
import { I18N_CODE, type Language } from './language';

export const NAMESPACES = ['app', 'cms', 'shop'] as const;

async function loadEnglish() {
  if (i18n.hasResourceBundle('en-US', 'app')) return;
  const [app, cms, shop] = await Promise.all([
    import('../locales/en-US/app.json'),
    import('../locales/en-US/cms.json'),
    import('../locales/en-US/shop.json'),
  ]);
  i18n.addResourceBundle('en-US', 'app', app.default, true, true);
  i18n.addResourceBundle('en-US', 'cms', cms.default, true, true);
  i18n.addResourceBundle('en-US', 'shop', shop.default, true, true);
  // Texts of the checkout and staff screens loaded before English: merge them again over the English bundles just
  // added.
  if (checkoutTexts) {
    const en = await import('../locales/en-US/shop-checkout.json');
    i18n.addResourceBundle('en-US', 'shop', en.default, true, true);
  }
  if (vehicleTexts) {
    const en = await import('../locales/en-US/shop-vehicles.json');
    i18n.addResourceBundle('en-US', 'shop', en.default, true, true);
  }
  if (adminTexts) {
    const en = await import('../locales/en-US/cms-admin.json');
    i18n.addResourceBundle('en-US', 'cms', en.default, true, true);
  }
}

let checkoutTexts: Promise<void> | null = null;

/**
 * The shop bundle's cart, checkout and payment texts (keys cartPage, checkout, payment), kept out of the first
 * load: the routes that use them load them with their own chunk (app/router.tsx). Merged into namespace `shop`.
 */
export function loadCheckoutTexts(): Promise<void> {
  // A server render's own i18next instance holds these texts already (entry-server.tsx); this module's instance is
  // the browser's and is never changed by a render.
  if (import.meta.env.SSR) return Promise.resolve();
  checkoutTexts ??= Promise.all([import('../locales/et/shop-checkout.json'), import('../locales/en-US/shop-checkout.json')]).then(([et, en]) => {
    i18n.addResourceBundle('et', 'shop', et.default, true, true);
    i18n.addResourceBundle('en-US', 'shop', en.default, true, true);
  });
  return checkoutTexts;
}

let vehicleTexts: Promise<void> | null = null;

/**
 * The shop bundle's vehicle landing page texts (key vehiclePages), kept out of the first load: the landing pages'
 * chunk loads them with itself (app/router.tsx). Merged into namespace `shop`.
 */
export function loadVehicleTexts(): Promise<void> {
  if (import.meta.env.SSR) return Promise.resolve();
  vehicleTexts ??= Promise.all([import('../locales/et/shop-vehicles.json'), import('../locales/en-US/shop-vehicles.json')]).then(([et, en]) => {
    i18n.addResourceBundle('et', 'shop', et.default, true, true);
    i18n.addResourceBundle('en-US', 'shop', en.default, true, true);
  });
  return vehicleTexts;
}

let adminTexts: Promise<void> | null = null;

/**
 * The cms bundle's staff texts (keys login and admin: the login screen and the admin area), kept out of
 * the shop's first load: the staff chunk loads them with itself (app/router.tsx). Merged into namespace `cms`.
 */
export function loadAdminTexts(): Promise<void> {
  if (import.meta.env.SSR) return Promise.resolve();
  adminTexts ??= Promise.all([import('../locales/et/cms-admin.json'), import('../locales/en-US/cms-admin.json')]).then(([et, en]) => {
    i18n.addResourceBundle('et', 'cms', et.default, true, true);
    i18n.addResourceBundle('en-US', 'cms', en.default, true, true);
  });
  return adminTexts;
}

/**
 * A lazy chunk's own texts (locales/{et,en-US}/shop-product.json, shop-gallery.json, cms-layouts.json), added to
 * namespace `ns` in both languages when the chunk loads, merged key by key into what is there, so the first load's
 * bundles carry only the texts the listing and the header show. A server render's i18next instance holds them already
 * (entry-server.tsx). Idempotent.
 */
export function addChunkTexts(ns: (typeof NAMESPACES)[number], et: object, en: object): void {
  if (import.meta.env.SSR) return;
  i18n.addResourceBundle('et', ns, et, true, true);
  i18n.addResourceBundle('en-US', ns, en, true, true);
}

/** Switches the interface language, loading its bundles first when needed. */
export async function switchLanguage(lang: Language): Promise<void> {
  if (lang === 'en') await loadEnglish();
  if (i18n.language !== I18N_CODE[lang]) await i18n.changeLanguage(I18N_CODE[lang]);
}

/** Initialises i18next for `lang`; resolves when its bundles are loaded. */
export async function initI18n(lang: Language) {
  await i18n.use(initReactI18next).init({
    resources: { et: { app: appEt, cms: cmsEt, shop: shopEt } },
    lng: 'et',
    fallbackLng: 'et',
    supportedLngs: ['et', 'en-US'],
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'app',
    partialBundledLanguages: true,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  shareTextNumberFormat(i18n);
  await switchLanguage(lang);
  return i18n;
}

export { i18n };
