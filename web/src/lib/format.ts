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
