/**
 * Money formatting (spec 9: prices are shown with 2 decimals and €).
 * Input is euro cents as an integer or a decimal euro string ("12.40"), never a float computation.
 */
import { INTL_LOCALE, type Language } from './language';

const formatters = new Map<Language, Intl.NumberFormat>();

function euroFormatter(lang: Language): Intl.NumberFormat {
  let f = formatters.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(INTL_LOCALE[lang], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(lang, f);
  }
  return f;
}

/**
 * Formats a euro amount: `formatEuro(1240, 'et')` -> "12,40 €", `formatEuro('12.40', 'en')` -> "€12.40".
 * Numbers are euro cents; strings are decimal euros. Returns null when the amount is missing or not a number.
 */
export function formatEuro(amount: number | string | null | undefined, lang: Language): string | null {
  if (amount === null || amount === undefined || amount === '') return null;
  const euros = typeof amount === 'number' ? amount / 100 : Number(amount);
  if (!Number.isFinite(euros)) return null;
  return euroFormatter(lang).format(euros);
}

const countFormatters = new Map<Language, Intl.NumberFormat>();

/** Formats a count per locale (thousand separators: 26451 -> "26 451" in Estonian), one formatter per language. */
export function formatCount(n: number, lang: Language): string {
  let f = countFormatters.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(INTL_LOCALE[lang], { maximumFractionDigits: 3 });
    countFormatters.set(lang, f);
  }
  return f.format(n);
}

/**
 * Formats a date (ISO-8601 text or Date) per language: Estonian dd.mm.yyyy (with HH:mm when `withTime`), English
 * as en-US. Returns '' for a missing or invalid date.
 */
export function formatDate(value: string | Date | null | undefined, lang: Language, withTime = false): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}) };
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], options).format(date);
}

/** Intl.NumberFormat's own options: a text's format naming one of them (`{{n, number(minimumFractionDigits: 2)}}`) gets a formatter of its own. */
const NUMBER_FORMAT_OPTIONS = [
  'style', 'currency', 'currencyDisplay', 'currencySign', 'unit', 'unitDisplay', 'minimumIntegerDigits', 'minimumFractionDigits',
  'maximumFractionDigits', 'minimumSignificantDigits', 'maximumSignificantDigits', 'useGrouping', 'notation', 'compactDisplay',
  'signDisplay', 'roundingMode', 'roundingPriority', 'roundingIncrement', 'trailingZeroDisplay', 'numberingSystem', 'localeMatcher',
] as const;

const textNumberFormats = new Map<string, Intl.NumberFormat>();

/**
 * The texts' `{{count, number}}` format (docs/architecture.md "Server rendering: compression and hydration"), given to
 * an i18next instance in place of its built-in `number`: one Intl.NumberFormat per i18next language code ('et',
 * 'en-US'), so the output is the built-in's (`new Intl.NumberFormat(lng, options)`, whose call options are
 * ignored by Intl). The built-in caches its formatter under the language and the whole call's options, the count
 * included, so every distinct count (a category tree row's product count, a facet option's) built a new
 * Intl.NumberFormat: ~1 ms each on a phone. A format naming Intl options of its own still gets them.
 * Does nothing when the instance has no formatter (not initialised).
 */
export function shareTextNumberFormat(instance: { services?: { formatter?: { add(name: string, fn: (value: unknown, lng: string | undefined, options: Record<string, unknown>) => unknown): void } } }): void {
  instance.services?.formatter?.add('number', (value, lng, options) => {
    const locale = (lng ?? 'et').replace('_', '-');
    if (NUMBER_FORMAT_OPTIONS.some((name) => options?.[name] !== undefined)) {
      const own: Record<string, unknown> = {};
      for (const name of NUMBER_FORMAT_OPTIONS) if (options[name] !== undefined) own[name] = options[name];
      return new Intl.NumberFormat(locale, own).format(value as number);
    }
    let f = textNumberFormats.get(locale);
    if (!f) {
      f = new Intl.NumberFormat(locale);
      textNumberFormats.set(locale, f);
    }
    return f.format(value as number);
  });
}
