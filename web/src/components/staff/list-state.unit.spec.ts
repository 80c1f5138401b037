import { describe, expect, it } from 'vitest';
import { clampPage, readListState, toggledSort, writeListState } from './list-state';

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
});
