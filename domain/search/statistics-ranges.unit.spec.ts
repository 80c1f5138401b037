import { describe, expect, it } from 'vitest';
import { addDays, isStatisticsRange, STATISTICS_RANGES, statisticsDateRange, tallinnDate } from './statistics-ranges.js';

describe('tallinnDate (the shop\'s calendar day, Europe/Tallinn)', () => {
  it('is the Tallinn date, not the UTC one, on both sides of the offset', () => {
    expect(tallinnDate('2026-12-31T23:30:00Z')).toBe('2027-01-01'); // EET +02:00
    expect(tallinnDate('2026-12-31T21:59:59Z')).toBe('2026-12-31');
    expect(tallinnDate('2026-12-31T22:00:00Z')).toBe('2027-01-01');
    expect(tallinnDate('2026-07-14T20:59:59Z')).toBe('2026-07-14'); // EEST +03:00
    expect(tallinnDate('2026-07-14T21:00:00Z')).toBe('2026-07-15');
  });

  it('follows the DST changes (2026-03-29 01:00 UTC forward, 2026-10-25 01:00 UTC back)', () => {
    expect(tallinnDate('2026-03-28T21:59:00Z')).toBe('2026-03-28'); // still +02:00
    expect(tallinnDate('2026-03-28T22:00:00Z')).toBe('2026-03-29');
    expect(tallinnDate('2026-03-29T01:30:00Z')).toBe('2026-03-29'); // 04:30 EEST
    expect(tallinnDate('2026-10-24T20:59:00Z')).toBe('2026-10-24'); // 23:59 EEST
    expect(tallinnDate('2026-10-24T21:00:00Z')).toBe('2026-10-25'); // 00:00 EEST (+02:00 would say the 24th)
    expect(tallinnDate('2026-10-25T21:59:00Z')).toBe('2026-10-25'); // 23:59 EET
    expect(tallinnDate('2026-10-25T22:00:00Z')).toBe('2026-10-26');
  });

  it('refuses what is not an instant', () => {
    expect(() => tallinnDate('yesterday')).toThrow(RangeError);
  });
});

describe('statisticsDateRange (spec 2 statistics ranges, [from, to) in Tallinn dates)', () => {
  it('names the six ranges of the spec', () => {
    expect([...STATISTICS_RANGES]).toEqual(['last-14-days', 'last-30-days', 'current-month', 'previous-month', 'next-month', 'all']);
    expect(isStatisticsRange('last-30-days')).toBe(true);
    expect(isStatisticsRange('last-7-days')).toBe(false);
    expect(isStatisticsRange(undefined)).toBe(false);
  });

  it('at New Year\'s Eve 23:30 UTC, already 2027-01-01 in Tallinn', () => {
    const now = '2026-12-31T23:30:00Z';
    expect(statisticsDateRange('last-14-days', now)).toEqual({ from: '2026-12-19', to: '2027-01-02' });
    expect(statisticsDateRange('last-30-days', now)).toEqual({ from: '2026-12-03', to: '2027-01-02' });
    expect(statisticsDateRange('current-month', now)).toEqual({ from: '2027-01-01', to: '2027-02-01' });
    expect(statisticsDateRange('previous-month', now)).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(statisticsDateRange('next-month', now)).toEqual({ from: '2027-02-01', to: '2027-03-01' });
    expect(statisticsDateRange('all', now)).toEqual({ from: null, to: null });
  });

  it('an hour earlier, still December in Tallinn', () => {
    const now = '2026-12-31T21:30:00Z';
    expect(statisticsDateRange('current-month', now)).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(statisticsDateRange('next-month', now)).toEqual({ from: '2027-01-01', to: '2027-02-01' });
    expect(statisticsDateRange('last-14-days', now)).toEqual({ from: '2026-12-18', to: '2027-01-01' });
  });

  it('across the spring DST change (2026-03-29 01:30 UTC = 04:30 EEST)', () => {
    const now = '2026-03-29T01:30:00Z';
    expect(statisticsDateRange('last-14-days', now)).toEqual({ from: '2026-03-16', to: '2026-03-30' });
    expect(statisticsDateRange('last-30-days', now)).toEqual({ from: '2026-02-28', to: '2026-03-30' });
    expect(statisticsDateRange('current-month', now)).toEqual({ from: '2026-03-01', to: '2026-04-01' });
    expect(statisticsDateRange('previous-month', now)).toEqual({ from: '2026-02-01', to: '2026-03-01' });
  });

  it('across the autumn DST change (2026-10-25), and on the last evening of October', () => {
    expect(statisticsDateRange('last-14-days', '2026-10-24T21:30:00Z')).toEqual({ from: '2026-10-12', to: '2026-10-26' });
    expect(statisticsDateRange('last-14-days', '2026-10-25T12:00:00Z')).toEqual({ from: '2026-10-12', to: '2026-10-26' });
    // 2026-10-31 22:30 UTC is 00:30 on 1 November in Tallinn (EET).
    expect(statisticsDateRange('current-month', '2026-10-31T22:30:00Z')).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    expect(statisticsDateRange('previous-month', '2026-10-31T22:30:00Z')).toEqual({ from: '2026-10-01', to: '2026-11-01' });
  });

  it('handles short months and leap years', () => {
    expect(statisticsDateRange('previous-month', '2028-03-15T10:00:00Z')).toEqual({ from: '2028-02-01', to: '2028-03-01' });
    expect(statisticsDateRange('last-30-days', '2028-03-01T10:00:00Z')).toEqual({ from: '2028-02-01', to: '2028-03-02' });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(statisticsDateRange('next-month', '2026-11-30T23:00:00Z')).toEqual({ from: '2027-01-01', to: '2027-02-01' }); // already 1 Dec in Tallinn
  });
});
