/**
 * Formats of the analysis screens: a Tallinn calendar date ('yyyy-mm-dd') in the staff member's language (Estonian
 * dd.mm.yyyy, English mm/dd/yyyy, done on the digits so the browser's time zone cannot move the day), its short form
 * for the chart's axis, a share 0..1 as a percentage, euro cents as euros.
 */
import type { Language } from '../../../lib/language';

export function formatCalendarDate(date: string, lang: Language): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const [, y, mo, d] = m;
  return lang === 'en' ? `${mo}/${d}/${y}` : `${d}.${mo}.${y}`;
}

export function formatShortDate(date: string, lang: Language): string {
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  return lang === 'en' ? `${m[1]}/${m[2]}` : `${m[2]}.${m[1]}`;
}

/** `part / whole` as '12.5 %' (Estonian '12,5 %'); '–' when `whole` is 0. */
export function formatRate(part: number, whole: number, lang: Language): string {
  if (!whole) return '–';
  return `${new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'et-EE', { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format((part / whole) * 100)} %`;
}

/** Euro cents as '1 234,50 €' / '€1,234.50'. */
export function formatEuros(cents: number, lang: Language): string {
  return new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'et-EE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** 'yyyy-mm-dd' plus `days`. */
export function addDay(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
