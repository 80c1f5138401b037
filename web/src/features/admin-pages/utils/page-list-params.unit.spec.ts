import { describe, expect, it } from 'vitest';
import { isFiltered, pageListParams } from './page-list-params';

const read = (s: string) => pageListParams(new URLSearchParams(s));

describe('PageList parameters in the URL (spec 2 PageList, conventions 13)', () => {
  it('reads every filter, the sort, page and page size', () => {
    expect(read('q=tarne&layout=sidebar-right&state=scheduled&language=en&sort=-changedAt&page=2&pageSize=48')).toEqual({
      q: 'tarne',
      layout: 'sidebar-right',
      state: 'scheduled',
      language: 'en',
      sort: '-changedAt',
      page: 2,
      pageSize: 48,
    });
  });

  it('falls back to the defaults for a plain, stale or hostile link', () => {
    const plain = { q: '', layout: null, state: null, language: null, sort: 'title', page: 1, pageSize: 24 };
    expect(read('')).toEqual(plain);
    expect(read('layout=fancy&state=deleted&language=ru&sort=password&page=-1&pageSize=1000')).toEqual(plain);
    expect(read('sort=-title').sort).toBe('-title');
    expect(read(`q=${'a'.repeat(300)}`).q).toHaveLength(100);
  });

  it('counts as filtered when any filter is set, not for sort or paging', () => {
    expect(isFiltered(read('sort=-title&page=3&pageSize=84'))).toBe(false);
    for (const s of ['q=a', 'layout=basic', 'state=draft', 'language=et']) expect(isFiltered(read(s)), s).toBe(true);
  });
});
