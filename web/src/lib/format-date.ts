/**
 * Date formatting for the pages that show dates (orders, history, staff lists), apart from lib/format.ts so the
 * shopper's first load does not carry it (docs/architecture.md "First load and crash safety").
 */
import { INTL_LOCALE, type Language } from './language';

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
