/**
 * The spec's texts exactly as it writes them, in both languages: spec 4 "If availableForSale is above 0, show
 * 'In stock: {n}{unit}'", spec 6 "The login prompt reads Log in to manage your site", spec 8 "'Your request was made
 * with invalid credentials.'" (the server's answer to a staff call without a valid session).
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { message } from '../../../api/plugins/messages';
import enAdmin from './en-US/cms-admin.json';
import enShop from './en-US/shop.json';
import etAdmin from './et/cms-admin.json';
import etShop from './et/shop.json';

const i18nFor = async (lng: 'et' | 'en-US') => {
  const i = i18next.createInstance();
  await i.init({ lng, resources: { [lng]: lng === 'et' ? { shop: etShop, cms: etAdmin } : { shop: enShop, cms: enAdmin } }, interpolation: { escapeValue: false } });
  return i;
};

describe("the spec's texts", () => {
  it("'In stock: {n}{unit}' and 'Laos: {n}{unit}' (spec 4)", async () => {
    const en = await i18nFor('en-US');
    const et = await i18nFor('et');
    expect(en.t('availability.inStock', { ns: 'shop', count: 4, unit: en.t('units.pcs', { ns: 'shop' }) })).toBe('In stock: 4pcs');
    expect(et.t('availability.inStock', { ns: 'shop', count: 4, unit: et.t('units.pcs', { ns: 'shop' }) })).toBe('Laos: 4tk');
  });

  it("'Log in to manage your site' (spec 6), on the sign-in page and from the server", async () => {
    expect((await i18nFor('en-US')).t('login.prompt', { ns: 'cms' })).toBe('Log in to manage your site');
    expect((await i18nFor('et')).t('login.prompt', { ns: 'cms' })).toBe('Logige sisse, et oma lehte hallata');
    expect(message('session.login_prompt', 'en')).toBe('Log in to manage your site');
  });

  it("'Your request was made with invalid credentials.' for a staff call without a session or with an ended one (spec 8)", () => {
    for (const code of ['unauthorized', 'session.expired']) {
      expect(message(code, 'en')).toBe('Your request was made with invalid credentials.');
      expect(message(code, 'et')).toBe('Teie päring tehti kehtetute volitustega.');
    }
  });
});
