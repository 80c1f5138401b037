/**
 * The shop's starting global fields and main menu ("seed real-looking values in both languages"), sent
 * through the Site and Menu commands on start, with the demo catalog's filter labels (Filter commands) and the
 * content pages the menu and footer link (commands/page/seed-pages.ts). Idempotent: the deciders record only what
 * differs and the command ids are fixed; the menu is set only while the shop has none (no legacy menu in the `site`
 * stream, an empty `menu-main` stream), so a menu set before is never set back. A second run appends nothing. The in-page editor edits the same fields.
 *
 * Field keys read by the storefront: shopName, tagline, address, phone, email, openingHours, newAddressBanner,
 * social.facebook, social.instagram, social.youtube, termsPage (a page name), galleryPath; and the seller's
 * companyName, registryCode and vatNumber (footer, terms of sale, order PDF).
 */
import { v5 as uuidv5 } from 'uuid';
import { fromLegacyEntry } from '../../domain/menu/menu.js';
import { ChangedMeanwhileError } from '../../domain/shared/errors.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { categoryIdForPath } from '../catalog/catalog-csv.js';
import { seedFilterLabels } from '../filter/seed-filter-labels.js';
import { loadMenu, setMenu } from '../menu/menu-handler.js';
import { seedPages } from '../page/seed-pages.js';
import { setGlobalFields } from './set-global-fields.js';

const SEED_NAMESPACE = '0b8b6f0e-2f7c-4d8e-9f57-3f1b0d4c6a21';

export const SEED_GLOBAL_FIELDS = {
  shopName: { et: 'Baltic Parts', en: 'Baltic Parts' },
  tagline: { et: 'Tuuningu- ja varuosad', en: 'Tuning and spare parts' },
  address: { et: 'Peterburi tee 71, 11415 Tallinn, Eesti', en: 'Peterburi tee 71, 11415 Tallinn, Estonia' },
  phone: { et: '+372 5123 4567', en: '+372 5123 4567' },
  email: { et: 'info@balticparts.ee', en: 'info@balticparts.ee' },
  openingHours: { et: 'E–R 9–18, L 10–15', en: 'Mon–Fri 9–18, Sat 10–15' },
  newAddressBanner: {
    et: 'Oleme kolinud! Alates 1. detsembrist leiate meid uuel aadressil: Peterburi tee 71, Tallinn.',
    en: 'We have moved! From 1 December you will find us at our new address: Peterburi tee 71, Tallinn.',
  },
  'social.facebook': { et: 'https://www.facebook.com/balticparts', en: 'https://www.facebook.com/balticparts' },
  'social.instagram': { et: 'https://www.instagram.com/balticparts', en: 'https://www.instagram.com/balticparts' },
  'social.youtube': { et: 'https://www.youtube.com/@balticparts', en: 'https://www.youtube.com/@balticparts' },
  termsPage: { et: 'muugitingimused', en: 'muugitingimused' },
  galleryPath: { et: '/gallery', en: '/gallery' },
};

/**
 * The company behind the shop: shown in the footer and on the terms of sale, printed in the order PDF.
 * Sent as a command of their own, so a shop seeded before them gets them on its next start.
 */
export const SEED_COMPANY_FIELDS = {
  companyName: { et: 'Baltic Parts OÜ', en: 'Baltic Parts OÜ' },
  registryCode: { et: '14512345', en: '14512345' },
  vatNumber: { et: 'EE102345678', en: 'EE102345678' },
};

/**
 * The shop's bank accounts (order documents): printed on the invoice and the prepayment invoice for payment by
 * bank transfer, one account per line ("Bank IBAN"). A command of its own so a shop seeded before gets them.
 */
export const SEED_BANK_FIELDS = {
  bankAccounts: { et: 'SEB EE101010220012345678\nSwedbank EE382200221012345678', en: 'SEB EE101010220012345678\nSwedbank EE382200221012345678' },
};

/** Top-level categories of the demo catalog (English path, as categoryIdForPath takes it). */
const menuCategory = (en: string, et: string) => ({ kind: 'category' as const, label: { et, en }, target: categoryIdForPath([en]) });

/**
 * The main menu, written as the flat list the `site` stream held before the menu became an aggregate and mapped the
 * same way (domain/menu/menu.ts fromLegacyEntry: ids legacy-1.., Galerii hidden), so a fresh shop and one upgraded
 * from the old menu start from the same menu.
 */
const SEED_FLAT_MENU = [
  { kind: 'link' as const, label: { et: 'Tooted', en: 'Products' }, target: '/tooted' },
  menuCategory('Engine', 'Mootor'),
  menuCategory('Body', 'Kere'),
  menuCategory('Brakes', 'Pidurid'),
  menuCategory('Tuning parts', 'Tuunimisosad'),
  { kind: 'page' as const, label: { et: 'Müügitingimused', en: 'Terms of sale' }, target: 'muugitingimused' },
  { kind: 'page' as const, label: { et: 'Galerii', en: 'Gallery' }, target: 'gallery' },
  { kind: 'page' as const, label: { et: 'Kontakt', en: 'Contact' }, target: 'kontakt' },
];
export const SEED_MAIN_MENU = SEED_FLAT_MENU.map(fromLegacyEntry);

/**
 * Sends the seed commands: global fields, main menu, the demo catalog's filter labels
 * (commands/filter/seed-filter-labels.ts) and the content pages (commands/page/seed-pages.ts).
 * @throws DomainError only if the seed data itself were invalid.
 */
export async function seedSiteContent(store: EventStore, now: string): Promise<void> {
  const ctx = (name: string) => ({ commandId: uuidv5(name, SEED_NAMESPACE), correlationId: uuidv5('seed-site', SEED_NAMESPACE), userId: null, now });
  await setGlobalFields(store, { fields: SEED_GLOBAL_FIELDS }, ctx('global-fields-v1'));
  await setGlobalFields(store, { fields: SEED_COMPANY_FIELDS }, ctx('global-fields-company-v1'));
  await setGlobalFields(store, { fields: SEED_BANK_FIELDS }, ctx('global-fields-bank-v1'));
  // Only a shop without any menu (neither the legacy one of the `site` stream nor a set one) gets the seed's.
  const menu = await loadMenu(store);
  if (menu.version === 0 && menu.entries.length === 0) {
    try {
      await setMenu(store, { entries: SEED_MAIN_MENU, expectedVersion: 0 }, ctx('menu-v2'));
    } catch (error) {
      if (!(error instanceof ChangedMeanwhileError)) throw error; // set meanwhile by someone else: theirs stands
    }
  }
  await seedFilterLabels(store, now);
  await seedPages(store, now);
}
