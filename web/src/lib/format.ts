/**
 * Money and count formatting (spec 9: prices are shown with 2 decimals and €), without Intl for the storefront's two
 * languages. Input is euro cents as an integer or a decimal euro string ("12.40"), never a float computation.
 */
import { INTL_LOCALE, type Language } from './language';

/**
 * The number symbols of the storefront's two locales, as CLDR gives them and ICU's Intl.NumberFormat applies them
 * (et-EE: "12\u00a0345,67\u00a0€", "−3"; en-US: "€12,345.67", "-3"): decimal sign, group sign, the fewest integer
 * digits that are grouped (Estonian groups from five on, CLDR minimumGroupingDigits 2: "1234" but "12\u00a0345"),
 * minus sign.
 */
const SYMBOLS: Record<Language, [decimal: string, group: string, groupFrom: number, minus: string]> = {
  et: [',', '\u00a0', 5, '\u2212'],
  en: ['.', ',', 4, '-'],
};

/**
 * `n` in `lang`'s number format with `minFraction`..`maxFraction` (>= 1) fraction digits, byte for byte what
 * `new Intl.NumberFormat(INTL_LOCALE[lang], { minimumFractionDigits, maximumFractionDigits })` gives (with the euro
 * sign when `euro`), without Intl: a browser loads ICU's locale data on a page's first Intl.NumberFormat (30-60 ms
 * of a desktop core; docs/architecture.md "Server rendering: what a phone waits for"), in the middle of hydration.
 * Rounds half away from zero (Intl's `halfExpand`) on the number's shortest round-trip text, as ICU does (1.005 is
 * "1.005", so 2 digits give "1.01"). Non-finite numbers and those written with an exponent (|n| >= 1e21 or < 1e-6) go
 * to Intl. `format.unit.spec.ts` compares it with Intl on 20,000 random numbers and the edges.
 */
function formatNumber(n: number, lang: Language, minFraction: number, maxFraction: number, euro: boolean): string {
  const text = String(Math.abs(n));
  if (!Number.isFinite(n) || text.includes('e')) {
    const options: Intl.NumberFormatOptions = { minimumFractionDigits: minFraction, maximumFractionDigits: maxFraction, ...(euro ? { style: 'currency', currency: 'EUR' } : {}) };
    return new Intl.NumberFormat(INTL_LOCALE[lang], options).format(n);
  }
  const [decimal, group, groupFrom, minus] = SYMBOLS[lang];
  const [intText, fractionText = ''] = text.split('.');
  let digits = intText + fractionText.padEnd(maxFraction, '0').slice(0, maxFraction);
  // The first digit left out is 5 or more: one up at the last digit kept (NaN when there is none).
  if (fractionText.charCodeAt(maxFraction) >= 53) digits = String(BigInt(digits) + 1n).padStart(digits.length, '0');
  const int = digits.slice(0, -maxFraction).replace(/^0+(?=\d)/, '') || '0';
  const fraction = digits.slice(-maxFraction).replace(/0+$/, '').padEnd(minFraction, '0');
  const body = (int.length >= groupFrom ? int.replace(/\B(?=(\d{3})+$)/g, group) : int) + (fraction ? decimal + fraction : '');
  return (n < 0 || Object.is(n, -0) ? minus : '') + (euro ? (lang === 'et' ? `${body}\u00a0€` : `€${body}`) : body);
}

/**
 * Formats a euro amount: `formatEuro(1240, 'et')` -> "12,40 €", `formatEuro('12.40', 'en')` -> "€12.40" (what
 * Intl.NumberFormat's EUR currency style gives in et-EE and en-US).
 * Numbers are euro cents; strings are decimal euros. Returns null when the amount is missing or not a number.
 */
export function formatEuro(amount: number | string | null | undefined, lang: Language): string | null {
  if (amount === null || amount === undefined || amount === '') return null;
  const euros = typeof amount === 'number' ? amount / 100 : Number(amount);
  if (!Number.isFinite(euros)) return null;
  return formatNumber(euros, lang, 2, 2, true);
}

/** Formats a count per locale (thousand separators: 26451 -> "26 451" in Estonian; at most 3 fraction digits). */
export function formatCount(n: number, lang: Language): string {
  return formatNumber(n, lang, 0, 3, false);
}

const textNumberFormats = new Map<string, Intl.NumberFormat>();

/**
 * The texts' `{{count, number}}` format (docs/architecture.md "Server rendering: compression and hydration"), given to
 * an i18next instance in place of its built-in `number`: the storefront's languages ('et', 'en-US') through
 * `formatCount` (no Intl while hydrating: "Server rendering: what a phone waits for"), any other through one
 * Intl.NumberFormat per language. The built-in cached its formatter under the language and the whole call's options,
 * the count included, so every distinct count (a category tree row's product count, a facet option's) built a new
 * Intl.NumberFormat: ~1 ms each on a phone. A format naming Intl.NumberFormat options of its own
 * (`{{n, number(minimumFractionDigits: 2)}}`: i18next merges them into the call's options) gets Intl with them, as
 * the built-in did; no text of the shop names any (`format.unit.spec.ts` checks every text). Does nothing when the
 * instance has no formatter.
 */
export function shareTextNumberFormat(instance: { services?: { formatter?: { add(name: string, fn: (value: unknown, lng: string | undefined, options: Record<string, unknown>) => unknown): void } } }): void {
  instance.services?.formatter?.add('number', (value, lng, options) => {
    const locale = (lng ?? 'et').replace('_', '-');
    // Intl.NumberFormat's option names (i18next's own, and the text's values, are none of them).
    if (Object.keys(options ?? {}).some((name) => /^(style|currency|unit|minimum|maximum|useGrouping|notation|compactDisplay|signDisplay|rounding|trailingZero|numberingSystem)/.test(name)))
      return new Intl.NumberFormat(locale, options).format(value as number);
    const own = locale === 'et' || locale === 'et-EE' ? 'et' : locale === 'en-US' || locale === 'en' ? 'en' : null;
    if (own && typeof value === 'number') return formatCount(value, own);
    let f = textNumberFormats.get(locale);
    if (!f) textNumberFormats.set(locale, (f = new Intl.NumberFormat(locale)));
    return f.format(value as number);
  });
}
