import { describe, expect, it } from 'vitest';
import { clickSelect, EMPTY_SELECTION, keepListed, moveTo, nextIndex, selectAll, toggleFocused } from './selection';

const order = ['a', 'b', 'c', 'd', 'e'];

describe('finder selection', () => {
  it('a click selects only that file and sets the anchor', () => {
    const s = clickSelect(clickSelect(EMPTY_SELECTION, order, 'b'), order, 'd');
    expect(s).toEqual({ ids: ['d'], anchor: 'd', focus: 'd' });
  });
  it('Ctrl+click toggles, keeping the listing order', () => {
    let s = clickSelect(EMPTY_SELECTION, order, 'd');
    s = clickSelect(s, order, 'b', { toggle: true });
    expect(s.ids).toEqual(['b', 'd']);
    s = clickSelect(s, order, 'd', { toggle: true });
    expect(s.ids).toEqual(['b']);
  });
  it('Shift+click selects the range from the anchor, either way', () => {
    let s = clickSelect(EMPTY_SELECTION, order, 'b');
    s = clickSelect(s, order, 'd', { range: true });
    expect(s).toEqual({ ids: ['b', 'c', 'd'], anchor: 'b', focus: 'd' });
    s = clickSelect(s, order, 'a', { range: true });
    expect(s.ids).toEqual(['a', 'b']);
  });
  it('Ctrl+Shift+click adds the range to the selection', () => {
    let s = clickSelect(EMPTY_SELECTION, order, 'a');
    s = clickSelect(s, order, 'd', { toggle: true });
    s = clickSelect(s, order, 'e', { range: true, toggle: true });
    expect(s.ids).toEqual(['a', 'd', 'e']);
  });
  it('arrows move the selection; Shift+arrows extend it; Ctrl+arrows move the focus and Space toggles', () => {
    let s = clickSelect(EMPTY_SELECTION, order, 'b');
    s = moveTo(s, order, 'c');
    expect(s.ids).toEqual(['c']);
    s = moveTo(s, order, 'd', { range: true });
    s = moveTo(s, order, 'e', { range: true });
    expect(s).toEqual({ ids: ['c', 'd', 'e'], anchor: 'c', focus: 'e' });
    s = moveTo(s, order, 'a', { toggle: true });
    expect(s.ids).toEqual(['c', 'd', 'e']);
    expect(s.focus).toBe('a');
    s = toggleFocused(s, order);
    expect(s.ids).toEqual(['a', 'c', 'd', 'e']);
    s = toggleFocused(s, order);
    expect(s.ids).toEqual(['c', 'd', 'e']);
  });
  it('single-file mode keeps at most one file whatever the keys', () => {
    let s = clickSelect(EMPTY_SELECTION, order, 'b', {}, true);
    s = clickSelect(s, order, 'd', { range: true }, true);
    expect(s.ids).toEqual(['d']);
    s = clickSelect(s, order, 'a', { toggle: true }, true);
    expect(s.ids).toEqual(['a']);
    s = moveTo(s, order, 'c', { range: true }, true);
    expect(s.ids).toEqual(['c']);
    expect(selectAll(order, true).ids).toEqual(['a']);
  });
  it('Ctrl+A selects the page; a file no longer listed leaves the selection', () => {
    const all = selectAll(order);
    expect(all.ids).toEqual(order);
    expect(keepListed(all, ['a', 'c'])).toEqual({ ids: ['a', 'c'], anchor: 'a', focus: null });
    expect(selectAll([])).toEqual(EMPTY_SELECTION);
  });
  it('ignores a file that is not listed', () => {
    const s = clickSelect(EMPTY_SELECTION, order, 'b');
    expect(clickSelect(s, order, 'zz')).toBe(s);
    expect(moveTo(s, order, 'zz')).toBe(s);
  });
  it('moves the focus in a grid of columns', () => {
    expect(nextIndex('ArrowRight', 2, 10, 4)).toBe(3);
    expect(nextIndex('ArrowDown', 2, 10, 4)).toBe(6);
    expect(nextIndex('ArrowDown', 8, 10, 4)).toBe(9);
    expect(nextIndex('ArrowUp', 2, 10, 4)).toBe(0);
    expect(nextIndex('ArrowLeft', 0, 10, 4)).toBe(0);
    expect(nextIndex('End', 0, 10, 4)).toBe(9);
    expect(nextIndex('Home', 7, 10, 1)).toBe(0);
    expect(nextIndex('ArrowDown', -1, 10, 1)).toBe(0);
    expect(nextIndex('x', 1, 10, 1)).toBeNull();
    expect(nextIndex('ArrowDown', 0, 0, 1)).toBeNull();
  });
});
