/**
 * A Tallinn calendar date of the statistics ('yyyy-mm-dd', no time, no zone) as the staff member's language writes
 * it: Estonian dd.mm.yyyy, English mm/dd/yyyy (as domain/order/order-document.ts writes dates). Done on the digits,
 * so the browser's own time zone cannot move the day.
 */
import type { Language } from '../../../lib/language';

export function formatCalendarDate(date: string, lang: Language): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const [, y, mo, d] = m;
  return lang === 'en' ? `${mo}/${d}/${y}` : `${d}.${mo}.${y}`;
}

/** The short form on the chart's axis: 'dd.mm' or 'mm/dd'. */
export function formatShortDate(date: string, lang: Language): string {
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  return lang === 'en' ? `${m[1]}/${m[2]}` : `${m[2]}.${m[1]}`;
}
