/**
 * The texts' shared `number` format (lib/format.ts `shareTextNumberFormat`, docs/architecture.md "Server rendering:
 * compression and hydration") gives what i18next's built-in format gives.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { shareTextNumberFormat } from './format';

const texts = {
  et: { shop: { count_one: '{{count, number}} toode', count_other: '{{count, number}} toodet', digits: '{{n, number(minimumFractionDigits: 2)}}' } },
  'en-US': { shop: { count_one: '{{count, number}} product', count_other: '{{count, number}} products', digits: '{{n, number(minimumFractionDigits: 2)}}' } },
};

async function instance(shared: boolean) {
  const i18n = i18next.createInstance();
  await i18n.init({ resources: texts, lng: 'et', fallbackLng: 'et', ns: ['shop'], defaultNS: 'shop', interpolation: { escapeValue: false }, initAsync: false });
  if (shared) shareTextNumberFormat(i18n);
  return i18n;
}

describe('shareTextNumberFormat', () => {
  it('formats counts as the built-in number format does, per language, options of a text kept', async () => {
    const [builtIn, shared] = [await instance(false), await instance(true)];
    for (const lng of ['et', 'en-US']) {
      for (const count of [0, 1, 7, 1234, 26451, 1234567.891]) {
        expect(shared.t('count', { count, lng })).toBe(builtIn.t('count', { count, lng }));
      }
      expect(shared.t('digits', { n: 1234.5, lng })).toBe(builtIn.t('digits', { n: 1234.5, lng }));
    }
    expect(shared.t('count', { count: 26451 })).toBe('26\u00a0451 toodet');
    expect(shared.t('digits', { n: 3, lng: 'en-US' })).toBe('3.00');
  });
});
