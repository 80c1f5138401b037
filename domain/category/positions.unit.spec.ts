import { describe, expect, it } from 'vitest';
import { placeAmongSiblings, sortSiblings } from './positions.js';

const slots = (...ids: string[]) => ids.map((id, position) => ({ id, position }));

describe('placeAmongSiblings', () => {
  it('moves one place up: the two swap, the rest keep their positions', () => {
    // a b c d -> a c b d
    expect(placeAmongSiblings(slots('a', 'b', 'c', 'd'), 'c', 1)).toEqual({ position: 1, others: [{ id: 'b', position: 2 }] });
  });

  it('moves one place down', () => {
    // a b c -> b a c
    expect(placeAmongSiblings(slots('a', 'b', 'c'), 'a', 1)).toEqual({ position: 1, others: [{ id: 'b', position: 0 }] });
  });

  it('inserts a newcomer (from another parent) and shifts those after it', () => {
    expect(placeAmongSiblings(slots('a', 'b'), 'x', 0)).toEqual({ position: 0, others: [{ id: 'a', position: 1 }, { id: 'b', position: 2 }] });
  });

  it('clamps the index to the end and to the start', () => {
    expect(placeAmongSiblings(slots('a', 'b'), 'x', 99)).toEqual({ position: 2, others: [] });
    expect(placeAmongSiblings(slots('a', 'b'), 'x', -5).position).toBe(0);
    expect(placeAmongSiblings(slots('a', 'b'), 'x', Number.NaN).position).toBe(2);
    expect(placeAmongSiblings(slots('a', 'b'), 'x', 1.7)).toEqual({ position: 1, others: [{ id: 'b', position: 2 }] });
  });

  it('renumbers siblings that shared a position (data from before the renumbering)', () => {
    const tied = [{ id: 'a', position: 0 }, { id: 'b', position: 0 }, { id: 'c', position: 5 }];
    expect(placeAmongSiblings(tied, 'c', 0)).toEqual({ position: 0, others: [{ id: 'a', position: 1 }, { id: 'b', position: 2 }] });
  });

  it('placing a category where it is changes nothing else', () => {
    expect(placeAmongSiblings(slots('a', 'b', 'c'), 'b', 1)).toEqual({ position: 1, others: [] });
  });

  it('an empty parent: the newcomer is first', () => {
    expect(placeAmongSiblings([], 'x', 3)).toEqual({ position: 0, others: [] });
  });
});

describe('sortSiblings', () => {
  it('orders by position, then by Estonian name (š after s, õ after w)', () => {
    const sorted = sortSiblings([
      { id: '1', position: 1, name: 'Õlid' },
      { id: '2', position: 1, name: 'Wiper' },
      { id: '3', position: 0, name: 'Šassii' },
      { id: '4', position: 0, name: 'Summuti' },
    ]);
    expect(sorted.map((s) => s.name)).toEqual(['Summuti', 'Šassii', 'Wiper', 'Õlid']);
  });
});
