/**
 * The page settings' texts (spec 2 "Labels name ... page settings"), both languages, in the i18next namespace
 * `pageSettings`. Loaded with this staff chunk itself (not with the admin bundle, web/src/lib/i18n.ts
 * loadAdminTexts), because the panel also opens on the storefront from the in-page editor, where the admin texts are
 * not loaded. A few kilobytes; a shopper never loads them.
 */
import i18n from 'i18next';
import en from '../../locales/en-US/page-settings.json';
import et from '../../locales/et/page-settings.json';

export const NS = 'pageSettings';

/** Adds the namespace to i18next once (idempotent). */
export function ensurePageSettingsTexts(): void {
  if (!i18n.hasResourceBundle('et', NS)) i18n.addResourceBundle('et', NS, et, true, true);
  if (!i18n.hasResourceBundle('en-US', NS)) i18n.addResourceBundle('en-US', NS, en, true, true);
}

ensurePageSettingsTexts();
