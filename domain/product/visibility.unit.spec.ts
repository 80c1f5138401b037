import { describe, expect, it } from 'vitest';
import { DEFAULT_VISIBILITY_RULE, validateVisibilityRule, visibilityAt, type VisibilityRule, type VisibilityState } from './visibility.js';

const FROM = '2026-12-01T00:00:00.000Z';
const TO = '2026-12-31T23:59:59.000Z';

describe('visibilityAt', () => {
  it('no rule counts as visible', () => {
    expect(visibilityAt(null, FROM)).toBe('visible');
    expect(visibilityAt(undefined, FROM)).toBe('visible');
  });

  it('the default rule is statically visible', () => {
    expect(DEFAULT_VISIBILITY_RULE).toEqual({ type: 'static', state: 'visible' });
    expect(visibilityAt(DEFAULT_VISIBILITY_RULE, FROM)).toBe('visible');
  });

  it.each(['visible', 'hidden', 'inaccessible'] as const)('a static rule always gives its state (%s)', (state) => {
    expect(visibilityAt({ type: 'static', state }, '2000-01-01T00:00:00.000Z')).toBe(state);
    expect(visibilityAt({ type: 'static', state }, '2100-01-01T00:00:00.000Z')).toBe(state);
  });

  describe('timed', () => {
    const rule: VisibilityRule = { type: 'timed', rangeFrom: FROM, stateInRange: 'visible', stateOutRange: 'hidden' };
    it.each<[string, string, VisibilityState]>([
      ['before from', '2026-11-30T23:59:59.999Z', 'hidden'],
      ['exactly at from', FROM, 'visible'],
      ['after from', '2027-06-01T00:00:00.000Z', 'visible'],
    ])('%s', (_, now, expected) => {
      expect(visibilityAt(rule, now)).toBe(expected);
    });
  });

  describe('timeRange', () => {
    const rule: VisibilityRule = { type: 'timeRange', rangeFrom: FROM, rangeTo: TO, stateInRange: 'visible', stateOutRange: 'inaccessible' };
    it.each<[string, string, VisibilityState]>([
      ['before the range', '2026-11-22T10:00:00.000Z', 'inaccessible'],
      ['at the start', FROM, 'visible'],
      ['inside', '2026-12-15T12:00:00.000Z', 'visible'],
      ['at the end (inclusive)', TO, 'visible'],
      ['after the range', '2027-01-01T00:00:00.000Z', 'inaccessible'],
    ])('%s', (_, now, expected) => {
      expect(visibilityAt(rule, now)).toBe(expected);
    });

    it('from == to counts as in range from that moment on', () => {
      const point: VisibilityRule = { ...rule, rangeTo: FROM };
      expect(visibilityAt(point, '2026-11-30T23:59:59.999Z')).toBe('inaccessible');
      expect(visibilityAt(point, FROM)).toBe('visible');
      expect(visibilityAt(point, '2030-01-01T00:00:00.000Z')).toBe('visible');
    });

    it('compares instants, not strings (time zone offsets)', () => {
      // 2026-12-01T01:00+02:00 is 2026-11-30T23:00Z: before the range.
      expect(visibilityAt(rule, '2026-12-01T01:00:00.000+02:00')).toBe('inaccessible');
    });
  });
});

describe('validateVisibilityRule', () => {
  const timed: VisibilityRule = { type: 'timed', rangeFrom: FROM, stateInRange: 'visible', stateOutRange: 'hidden' };
  const range: VisibilityRule = { type: 'timeRange', rangeFrom: FROM, rangeTo: TO, stateInRange: 'visible', stateOutRange: 'hidden' };
  const bad = 'secret' as VisibilityState;

  it('accepts valid rules, including from == to', () => {
    expect(validateVisibilityRule({ type: 'static', state: 'inaccessible' })).toEqual([]);
    expect(validateVisibilityRule(timed)).toEqual([]);
    expect(validateVisibilityRule(range)).toEqual([]);
    expect(validateVisibilityRule({ ...range, rangeTo: FROM })).toEqual([]);
  });

  it('rejects a static rule with an unknown state', () => {
    expect(validateVisibilityRule({ type: 'static', state: bad })).toEqual(['state']);
  });

  it('rejects unknown in-range and out-of-range states', () => {
    expect(validateVisibilityRule({ ...timed, stateInRange: bad, stateOutRange: bad })).toEqual(['stateInRange', 'stateOutRange']);
  });

  it('rejects unparsable dates', () => {
    expect(validateVisibilityRule({ ...timed, rangeFrom: 'soon' })).toEqual(['rangeFrom']);
    expect(validateVisibilityRule({ ...range, rangeTo: '' })).toEqual(['rangeTo']);
  });

  it('rejects a range whose end is before its start', () => {
    expect(validateVisibilityRule({ ...range, rangeTo: '2026-11-30T23:59:59.999Z' })).toEqual(['rangeTo']);
  });
});
