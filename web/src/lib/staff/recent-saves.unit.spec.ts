import { describe, expect, it } from 'vitest';
import { createRecentSaves } from './recent-saves';

const w = (id: string, name: string, version?: number) => ({ id, name, ...(version === undefined ? {} : { version }) });

describe('recent saves over a lagging list (read-your-writes)', () => {
  it('appends a created item the list does not have yet, and replaces an older one', () => {
    const saves = createRecentSaves<ReturnType<typeof w>>();
    saves.remember(w('parnu', 'Pärnu', 1), 0);
    saves.remember(w('tallinn', 'Tallinn kesklinn', 3), 0);
    expect(saves.merge([w('tallinn', 'Tallinn', 2)], 10)).toEqual([w('tallinn', 'Tallinn kesklinn', 3), w('parnu', 'Pärnu', 1)]);
  });

  it('forgets an item once the list caught up, or after the time to live', () => {
    const saves = createRecentSaves<ReturnType<typeof w>>(1000);
    saves.remember(w('parnu', 'Pärnu', 1), 0);
    expect(saves.merge([w('parnu', 'Pärnu', 1)], 10)).toEqual([w('parnu', 'Pärnu', 1)]);
    // caught up: a later fetch is taken as it is
    expect(saves.merge([], 20)).toEqual([]);
    saves.remember(w('tartu', 'Tartu'), 0);
    expect(saves.merge([w('tartu', 'Tartu vana')], 500)).toEqual([w('tartu', 'Tartu')]);
    expect(saves.merge([w('tartu', 'Tartu vana')], 1500)).toEqual([w('tartu', 'Tartu vana')]);
  });
});
