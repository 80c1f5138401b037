import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatShortDate } from './calendar-date';

describe('statistics calendar dates', () => {
  it('are written from their digits in either language', () => {
    expect(formatCalendarDate('2027-01-01', 'et')).toBe('01.01.2027');
    expect(formatCalendarDate('2027-01-01', 'en')).toBe('01/01/2027');
    expect(formatShortDate('2026-12-31', 'et')).toBe('31.12');
    expect(formatShortDate('2026-12-31', 'en')).toBe('12/31');
    expect(formatCalendarDate('garbage', 'et')).toBe('garbage');
  });
});
