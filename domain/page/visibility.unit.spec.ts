/** The visibility rule at its edges (spec 3 and spec 4 "Visibility rule"). */
import { describe, expect, it } from 'vitest';
import { visibilityAt, type VisibilityRule } from './visibility.js';

const FROM = '2026-12-01T00:00:00.000Z';
const TO = '2026-12-24T00:00:00.000Z';
const ms = (iso: string, delta: number) => new Date(Date.parse(iso) + delta).toISOString();
const rule = (r: Partial<VisibilityRule>): VisibilityRule => ({ type: 'timeRange', rangeFrom: FROM, rangeTo: TO, stateInRange: 'visible', stateOutRange: 'hidden', ...r });

describe('visibilityAt', () => {
  it('a page without a rule is visible', () => {
    expect(visibilityAt(null, FROM)).toBe('visible');
  });

  it('a static rule is its in-range state at any time', () => {
    expect(visibilityAt(rule({ type: 'static', stateInRange: 'inaccessible' }), '2000-01-01T00:00:00.000Z')).toBe('inaccessible');
  });

  it('a time range includes both ends and nothing outside', () => {
    const r = rule({});
    expect(visibilityAt(r, ms(FROM, -1))).toBe('hidden');
    expect(visibilityAt(r, FROM)).toBe('visible');
    expect(visibilityAt(r, TO)).toBe('visible');
    expect(visibilityAt(r, ms(TO, 1))).toBe('hidden');
  });

  it('from equals to: in range from that moment onward', () => {
    const r = rule({ rangeTo: FROM });
    expect(visibilityAt(r, ms(FROM, -1))).toBe('hidden');
    expect(visibilityAt(r, FROM)).toBe('visible');
    expect(visibilityAt(r, '2030-01-01T00:00:00.000Z')).toBe('visible');
  });

  it('a timed rule is in range from its start on, with no end', () => {
    const r = rule({ type: 'timed', rangeTo: null });
    expect(visibilityAt(r, ms(FROM, -1))).toBe('hidden');
    expect(visibilityAt(r, FROM)).toBe('visible');
    expect(visibilityAt(r, '2099-01-01T00:00:00.000Z')).toBe('visible');
  });

  it('an open start or end is open; the states may be any of the three', () => {
    expect(visibilityAt(rule({ rangeFrom: null }), '1999-01-01T00:00:00.000Z')).toBe('visible');
    expect(visibilityAt(rule({ rangeTo: null }), '2099-01-01T00:00:00.000Z')).toBe('visible');
    expect(visibilityAt(rule({ stateInRange: 'hidden', stateOutRange: 'inaccessible' }), ms(TO, 1))).toBe('inaccessible');
  });
});
