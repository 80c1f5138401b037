/**
 * The time ranges of the search-keyword statistics (spec 2 "Admin area": "Statistics time ranges are last 14 days,
 * last 30 days, current month, previous month, next month and all time"), counted in the shop's time zone
 * (Europe/Tallinn, domain/order/order-document.ts SHOP_TIME_ZONE): a day is a Tallinn calendar day, whatever the
 * UTC offset (EET +02:00 in winter, EEST +03:00 in summer).
 *
 * Pure: no library. The Tallinn calendar date of an instant comes from Intl.DateTimeFormat with the IANA zone (ICU
 * knows the DST rules); the arithmetic on calendar dates is done on UTC midnights (Date.UTC), which have no DST, so
 * adding days or months never skips or repeats a day.
 */
import { SHOP_TIME_ZONE } from '../order/order-document.js';

/** The range names of the api (`?range=`) and the screen, in the spec's order. */
export const STATISTICS_RANGES = ['last-14-days', 'last-30-days', 'current-month', 'previous-month', 'next-month', 'all'] as const;
export type StatisticsRange = (typeof STATISTICS_RANGES)[number];

/** True when `value` names one of STATISTICS_RANGES. */
export const isStatisticsRange = (value: unknown): value is StatisticsRange => typeof value === 'string' && (STATISTICS_RANGES as readonly string[]).includes(value);

/**
 * A half-open range of Tallinn calendar dates [from, to): `from` is the first day in it, `to` the first day after
 * it, both 'yyyy-mm-dd'. Null for no bound (range `all`).
 */
export interface DateRange {
  from: string | null;
  to: string | null;
}

const tallinnDateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The Tallinn calendar date ('yyyy-mm-dd') of an instant, e.g. '2026-12-31T23:30:00Z' -> '2027-01-01'.
 * @param instant an ISO-8601 instant (with Z or an offset) or a Date
 * @throws RangeError when it is not a valid instant
 */
export function tallinnDate(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an ISO-8601 instant: ${String(instant)}`);
  const parts = tallinnDateFormat.formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ymd = (utcMidnight: Date) => `${pad(utcMidnight.getUTCFullYear(), 4)}-${pad(utcMidnight.getUTCMonth() + 1)}-${pad(utcMidnight.getUTCDate())}`;

/** Calendar date arithmetic: `date` ('yyyy-mm-dd') plus `days` (may be negative). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return ymd(new Date(Date.UTC(y, m - 1, d + days)));
}

/** The first day of the month `months` after the month of `date` (negative: before), 'yyyy-mm-01'. */
function firstOfMonth(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return ymd(new Date(Date.UTC(y, m - 1 + months, 1)));
}

/**
 * The Tallinn calendar dates [from, to) of `range` at `now` (spec 2 statistics ranges):
 * - last-14-days / last-30-days: today (Tallinn) and the 13 / 29 days before it: [today - 13, today + 1);
 * - current-month: [first of this month, first of next month);
 * - previous-month: [first of last month, first of this month);
 * - next-month: [first of next month, first of the month after) (empty until then: searches are not recorded ahead);
 * - all: { from: null, to: null }.
 * @param now the current instant, ISO-8601 (e.g. the app's clock)
 * @throws RangeError when `now` is not a valid instant
 */
export function statisticsDateRange(range: StatisticsRange, now: string | Date): DateRange {
  if (range === 'all') return { from: null, to: null };
  const today = tallinnDate(now);
  switch (range) {
    case 'last-14-days':
      return { from: addDays(today, -13), to: addDays(today, 1) };
    case 'last-30-days':
      return { from: addDays(today, -29), to: addDays(today, 1) };
    case 'current-month':
      return { from: firstOfMonth(today, 0), to: firstOfMonth(today, 1) };
    case 'previous-month':
      return { from: firstOfMonth(today, -1), to: firstOfMonth(today, 0) };
    case 'next-month':
      return { from: firstOfMonth(today, 1), to: firstOfMonth(today, 2) };
  }
}
