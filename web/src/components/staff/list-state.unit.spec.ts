import { describe, expect, it } from 'vitest';
import { clampPage, readChoiceParam, readListState, readPageParam, readPageSizeParam, readSearchParam, toggledSort, writeListState } from './list-state';

const q = (s: string) => new URLSearchParams(s);
const byName = { id: 'username', desc: false };

describe('staff list state in the URL (conventions 13)', () => {
  it('reads sort direction and page', () => {
    expect(readListState(q('sort=-lastSignInAt&page=3'), ['username', 'lastSignInAt'], byName)).toEqual({
      sort: { id: 'lastSignInAt', desc: true },
      page: 3,
    });
  });

  it('falls back for unknown columns and bad pages', () => {
    expect(readListState(q('sort=password&page=-2'), ['username'], byName)).toEqual({ sort: byName, page: 1 });
    expect(readListState(q('page=1.5'), ['username'], null)).toEqual({ sort: null, page: 1 });
  });

  it('writes only what differs from the default and keeps other parameters', () => {
    expect(writeListState(q('x=1&page=4'), { sort: byName, page: 1 }, byName).toString()).toBe('x=1');
    expect(writeListState(q(''), { sort: { id: 'username', desc: true }, page: 2 }, byName).toString()).toBe('sort=-username&page=2');
  });

  it('toggles ascending, then descending, and a new column starts ascending', () => {
    expect(toggledSort(null, 'username')).toEqual({ id: 'username', desc: false });
    expect(toggledSort({ id: 'username', desc: false }, 'username')).toEqual({ id: 'username', desc: true });
    expect(toggledSort({ id: 'username', desc: true }, 'username')).toEqual({ id: 'username', desc: false });
    expect(toggledSort({ id: 'username', desc: true }, 'roles')).toEqual({ id: 'roles', desc: false });
  });

  it('clamps a page past the end to the last page', () => {
    expect(clampPage(9, 50, 24)).toBe(3);
    expect(clampPage(2, 0, 24)).toBe(1);
  });

  it('reads the page: whole numbers from 1 to 100,000, anything else page 1', () => {
    expect(readPageParam(q('page=7'))).toBe(7);
    for (const bad of ['', 'page=0', 'page=-3', 'page=2.5', 'page=abc', 'page=100001', 'page=1e3x']) expect(readPageParam(q(bad)), bad).toBe(1);
    expect(readPageParam(q('page=100000'))).toBe(100_000);
  });

  it('reads the page size among the allowed sizes, else the default', () => {
    expect(readPageSizeParam(q('pageSize=48'), [24, 48, 84, 120])).toBe(48);
    expect(readPageSizeParam(q('pageSize=50'), [24, 48, 84, 120])).toBe(24);
    expect(readPageSizeParam(q(''), [24, 48], 48)).toBe(48);
  });

  it('reads a choice only when it is one of the known values', () => {
    const states = ['draft', 'published'] as const;
    expect(readChoiceParam(q('state=draft'), 'state', states)).toBe('draft');
    expect(readChoiceParam(q('state=Draft'), 'state', states)).toBeNull();
    expect(readChoiceParam(q('state=__proto__'), 'state', states)).toBeNull();
    expect(readChoiceParam(q(''), 'state', states)).toBeNull();
  });

  it('reads the search text cut to its bound', () => {
    expect(readSearchParam(q('q=tarne'))).toBe('tarne');
    expect(readSearchParam(q(`q=${'x'.repeat(150)}`))).toHaveLength(100);
    expect(readSearchParam(q('text=a'), 'text', 10)).toBe('a');
    expect(readSearchParam(q(''))).toBe('');
  });
});
