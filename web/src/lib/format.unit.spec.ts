/**
 * The texts' shared `number` format (lib/format.ts `shareTextNumberFormat`, docs/architecture.md "Server rendering:
 * compression and hydration") gives what i18next's built-in format gives; formatEuro and formatCount give what
 * Intl.NumberFormat gives (docs/architecture.md "Server rendering: what a phone waits for").
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatCount, formatEuro, shareTextNumberFormat } from './format';

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

  it('is given no Intl options by any text (they would bring Intl back into hydration)', () => {
    const locales = path.join(import.meta.dirname, '..', 'locales');
    const texts = readdirSync(locales, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'));
    expect(texts.length).toBeGreaterThan(10);
    for (const file of texts) expect(readFileSync(path.join(locales, file), 'utf8'), file).not.toMatch(/,\s*number\s*\(/);
  });
});

/** Intl's own output, the reference formatEuro and formatCount must match byte for byte. */
const intlEuro = (euros: number, lang: 'et' | 'en') =>
  new Intl.NumberFormat(lang === 'et' ? 'et-EE' : 'en-US', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(euros);
const intlCount = (n: number, lang: 'et' | 'en') => new Intl.NumberFormat(lang === 'et' ? 'et-EE' : 'en-US', { maximumFractionDigits: 3 }).format(n);

describe('formatEuro and formatCount without Intl', () => {
  const edges = [0, -0, 1, -1, 0.5, 0.005, 0.015, 0.0049, 0.995, 1.005, 2.675, 9.995, 99.995, 999.995, 9999.995, 1234, 12345, 123456, 1234567.891, 999999.9995, 1e15, 1e21, 1.5e-7, -0.001, -12.4, -1234.5, 26451, 0.1 + 0.2];

  it('gives what Intl.NumberFormat gives, in both languages, at the edges of rounding and grouping', () => {
    for (const lang of ['et', 'en'] as const) {
      for (const n of edges) {
        expect(formatEuro(String(n), lang)).toBe(intlEuro(Number(String(n)), lang));
        expect(formatEuro(n * 100, lang)).toBe(intlEuro((n * 100) / 100, lang));
        expect(formatCount(n, lang)).toBe(intlCount(n, lang));
      }
      expect(formatCount(Number.POSITIVE_INFINITY, lang)).toBe(intlCount(Number.POSITIVE_INFINITY, lang));
      expect(formatCount(Number.NaN, lang)).toBe(intlCount(Number.NaN, lang));
    }
    expect(formatEuro(1240, 'et')).toBe('12,40\u00a0€');
    expect(formatEuro('12.40', 'en')).toBe('€12.40');
    expect(formatCount(26451, 'et')).toBe('26\u00a0451');
    expect(formatEuro('x', 'et')).toBeNull();
  });

  it('gives what Intl.NumberFormat gives for random cents, decimal euro texts and counts', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 20_000; i++) {
      const lang = i % 2 ? 'et' : 'en';
      const magnitude = 10 ** Math.floor(random() * 10);
      const cents = Math.floor(random() * magnitude) * (random() < 0.1 ? -1 : 1);
      expect(formatEuro(cents, lang)).toBe(intlEuro(cents / 100, lang));
      const text = (random() * magnitude).toFixed(Math.floor(random() * 5));
      expect(formatEuro(text, lang)).toBe(intlEuro(Number(text), lang));
      const count = random() < 0.5 ? Math.floor(random() * magnitude) : Number((random() * magnitude).toFixed(Math.floor(random() * 6)));
      expect(formatCount(count, lang)).toBe(intlCount(count, lang));
    }
  });

  it('is what the texts show for `{{count, number}}` in both languages', async () => {
    const shared = await instance(true);
    for (const count of [0, 1, 1234, 12345, 1234567.8915]) {
      expect(shared.t('count', { count, lng: 'et' })).toContain(formatCount(count, 'et'));
      expect(shared.t('count', { count, lng: 'en-US' })).toContain(formatCount(count, 'en'));
    }
  });
});
