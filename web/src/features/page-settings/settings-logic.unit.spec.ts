/**
 * The page settings' pure rules (spec 5 "URL slug", "meta guidance"; spec 3/4 "Visibility rule", 'from equals to').
 */
import { describe, expect, it } from 'vitest';
import { metaGuidance } from '../../../../domain/page/page-doc';
import type { VisibilityRule } from '../../../../domain/page/visibility';
import {
  descriptionGuidance,
  htmlToText,
  joinLocal,
  keywordsGuidance,
  slugAfterTitleChange,
  slugFollowsTitle,
  slugProblem,
  splitLocal,
  switchRuleType,
  versionText,
  visibilityTable,
} from './settings-logic';

describe('the slug follows the title until staff edit it (spec 5)', () => {
  it('follows while the slug is empty or the title\'s own slug', () => {
    expect(slugFollowsTitle('Müügitingimused', 'muugitingimused')).toBe(true);
    expect(slugFollowsTitle('Anything', '')).toBe(true);
    expect(slugFollowsTitle('Müügitingimused', 'tingimused')).toBe(false);
  });

  it('renames the slug with the title while it follows, typed letter by letter', () => {
    let title = '';
    let slug = '';
    for (const next of ['T', 'Ta', 'Tar', 'Tarne ', 'Tarne j', 'Tarne ja hind!']) {
      slug = slugAfterTitleChange(title, next, slug);
      title = next;
    }
    expect(slug).toBe('tarne-ja-hind');
  });

  it('keeps a slug staff typed themselves when the title changes', () => {
    expect(slugAfterTitleChange('Tarne', 'Tarne ja hind', 'delivery')).toBe('delivery');
    // Staff typed the title's slug back: it follows again.
    expect(slugAfterTitleChange('Tarne', 'Tarne 2', 'tarne')).toBe('tarne-2');
  });

  it('names what is wrong with a typed slug, with the rule\'s form as a suggestion', () => {
    expect(slugProblem('tarne-ja-hind', 'x')).toBeNull();
    expect(slugProblem('Tarne ja Hind', 'x')).toEqual({ problem: 'invalid', suggestion: 'tarne-ja-hind' });
    expect(slugProblem('cart', 'x')).toEqual({ problem: 'reserved', suggestion: 'cart' });
    expect(slugProblem('en', 'x')?.problem).toBe('reserved');
    expect(slugProblem('a'.repeat(101), 'x')?.problem).toBe('tooLong');
    expect(slugProblem('', 'Tarne')).toBeNull(); // the server takes the title's
    expect(slugProblem('', '!!!')).toEqual({ problem: 'empty', suggestion: '' });
  });
});

describe('meta guidance counters (spec 9: description about 50-160 words, keywords about 5-10)', () => {
  it('counts the description in words, as spec 9 and the domain rule do', () => {
    expect(descriptionGuidance('')).toMatchObject({ count: 0, state: 'empty' });
    expect(descriptionGuidance('   ')).toMatchObject({ count: 0, state: 'empty' });
    // 200 characters but one word: short (a character count would say 'long').
    expect(descriptionGuidance('a'.repeat(200))).toMatchObject({ count: 1, state: 'short' });
    expect(descriptionGuidance(`  ${'sõna '.repeat(49)}  `)).toMatchObject({ count: 49, state: 'short' });
    expect(descriptionGuidance('sõna '.repeat(50))).toMatchObject({ count: 50, state: 'ok', min: 50, max: 160 });
    expect(descriptionGuidance('ü\n'.repeat(160))).toMatchObject({ count: 160, state: 'ok' });
    expect(descriptionGuidance(`${'sõna\t'.repeat(160)}🚗`)).toMatchObject({ count: 161, state: 'long' });
  });

  it("agrees with the domain's metaGuidance on every non-empty text (one rule, never a copy)", () => {
    const texts = ['a', 'a '.repeat(49), 'a '.repeat(50), 'kaks  sõna\n'.repeat(80), 'x '.repeat(161), 'a'.repeat(500), 'a,b,c,d', 'a, b, c, d, e', '1,2,3,4,5,6,7,8,9,10,11', ' , ,a,'];
    for (const text of texts) {
      const d = descriptionGuidance(text);
      if (d.state !== 'empty') expect(d.state, JSON.stringify(text)).toBe(metaGuidance(text, 'description'));
      const k = keywordsGuidance(text);
      if (k.state !== 'empty') expect(k.state, JSON.stringify(text)).toBe(metaGuidance(text, 'keywords'));
    }
  });

  it('counts keywords by comma, leaving empty ones out', () => {
    expect(keywordsGuidance('')).toMatchObject({ count: 0, state: 'empty' });
    expect(keywordsGuidance('a, b, , c,d')).toMatchObject({ count: 4, state: 'short' });
    expect(keywordsGuidance('a,b,c,d,e')).toMatchObject({ count: 5, state: 'ok', min: 5, max: 10 });
    expect(keywordsGuidance('1,2,3,4,5,6,7,8,9,10')).toMatchObject({ count: 10, state: 'ok' });
    expect(keywordsGuidance('1,2,3,4,5,6,7,8,9,10,11')).toMatchObject({ count: 11, state: 'long' });
  });
});

describe('the visibility table (spec 4)', () => {
  const NOW = '2026-11-28T12:00:00.000Z';
  const rule = (r: Partial<VisibilityRule>): VisibilityRule => ({ type: 'timeRange', rangeFrom: null, rangeTo: null, stateInRange: 'visible', stateOutRange: 'hidden', ...r });

  it('no rule: visible now and nothing else', () => {
    expect(visibilityTable(null, NOW)).toEqual([{ key: 'now', at: NOW, state: 'visible' }]);
  });

  it('static: the in-range state now', () => {
    expect(visibilityTable(rule({ type: 'static', stateInRange: 'inaccessible' }), NOW)).toEqual([{ key: 'now', at: NOW, state: 'inaccessible' }]);
  });

  it('timed: out of range before its start, in range from it on (no after)', () => {
    const rows = visibilityTable(rule({ type: 'timed', rangeFrom: '2026-12-01T00:00:00.000Z' }), NOW);
    expect(rows.map((r) => [r.key, r.state])).toEqual([['now', 'hidden'], ['before', 'hidden'], ['inRange', 'visible']]);
    expect(rows[1]!.at).toBe('2026-11-30T23:59:59.000Z');
  });

  it('time range: before, in range at the start, after the end; now inside it', () => {
    const rows = visibilityTable(rule({ rangeFrom: '2026-11-01T00:00:00.000Z', rangeTo: '2026-12-24T00:00:00.000Z', stateOutRange: 'inaccessible' }), NOW);
    expect(rows.map((r) => [r.key, r.state])).toEqual([['now', 'visible'], ['before', 'inaccessible'], ['inRange', 'visible'], ['after', 'inaccessible']]);
    expect(rows[3]!.at).toBe('2026-12-24T00:00:01.000Z');
  });

  it('from equals to: in range from then on, so no "after" row and now (later) is in range', () => {
    const rows = visibilityTable(rule({ rangeFrom: '2026-11-01T00:00:00.000Z', rangeTo: '2026-11-01T00:00:00.000Z' }), NOW);
    expect(rows.map((r) => [r.key, r.state])).toEqual([['now', 'visible'], ['before', 'hidden'], ['inRange', 'visible']]);
  });

  it('a range with only an end: in range at the end, out after it', () => {
    const rows = visibilityTable(rule({ rangeTo: '2026-12-24T00:00:00.000Z' }), NOW);
    expect(rows.map((r) => [r.key, r.state])).toEqual([['now', 'visible'], ['inRange', 'visible'], ['after', 'hidden']]);
  });
});

describe('switching the rule type', () => {
  const NOW = '2026-11-28T12:34:00.000Z';
  it('starts a new range at the next full hour, a week long, with the default states', () => {
    expect(switchRuleType(null, 'timeRange', NOW)).toEqual({ type: 'timeRange', rangeFrom: '2026-11-28T13:00:00.000Z', rangeTo: '2026-12-05T13:00:00.000Z', stateInRange: 'visible', stateOutRange: 'hidden' });
    expect(switchRuleType(null, 'none', NOW)).toBeNull();
  });
  it('keeps states and the start across types; static drops the moments', () => {
    const timed = switchRuleType({ type: 'timeRange', rangeFrom: '2026-12-01T00:00:00.000Z', rangeTo: '2026-12-02T00:00:00.000Z', stateInRange: 'hidden', stateOutRange: 'visible' }, 'timed', NOW);
    expect(timed).toEqual({ type: 'timed', rangeFrom: '2026-12-01T00:00:00.000Z', rangeTo: null, stateInRange: 'hidden', stateOutRange: 'visible' });
    expect(switchRuleType(timed, 'static', NOW)).toEqual({ type: 'static', rangeFrom: null, rangeTo: null, stateInRange: 'hidden', stateOutRange: 'visible' });
  });
});

describe('local date and time', () => {
  it('round-trips an instant through a local day and HH:MM', () => {
    const parts = splitLocal('2026-11-28T10:15:00.000Z')!;
    expect(joinLocal(parts.day, parts.time)).toBe('2026-11-28T10:15:00.000Z');
    expect(splitLocal(null)).toBeNull();
    expect(splitLocal('garbage')).toBeNull();
    expect(joinLocal(parts.day, 'xx')).toBe(new Date(parts.day).toISOString());
  });
});

describe('version text for the word diff', () => {
  it('turns rich text into words and lines, entities decoded', () => {
    expect(htmlToText('<h2>Tarne</h2><p>Hind&nbsp;on <strong>5&nbsp;€</strong> &amp; rohkem</p><ul><li>üks</li><li>kaks</li></ul>')).toBe('Tarne\nHind on 5 € & rohkem\nüks\nkaks');
    expect(versionText({ title: { et: 'Pealkiri', en: 'Title' }, content: { et: '<p>Sisu</p>', en: '' } }, 'en')).toBe('Title');
  });
});
