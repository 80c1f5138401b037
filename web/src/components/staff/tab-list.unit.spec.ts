import { describe, expect, it } from 'vitest';
import { tabKeyTarget } from './tab-list';

describe('tabKeyTarget (the ARIA tabs pattern of the staff lists)', () => {
  it('moves right and left with wrap-around', () => {
    expect(tabKeyTarget('ArrowRight', 0, 6)).toBe(1);
    expect(tabKeyTarget('ArrowRight', 5, 6)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 6)).toBe(5);
    expect(tabKeyTarget('ArrowLeft', 3, 6)).toBe(2);
    expect(tabKeyTarget('ArrowLeft', 1, 2)).toBe(0);
  });
  it('goes to the first and the last with Home and End', () => {
    expect(tabKeyTarget('Home', 4, 6)).toBe(0);
    expect(tabKeyTarget('End', 0, 6)).toBe(5);
  });
  it('ignores every other key, and a list without tabs', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'Enter', ' ', 'Tab', 'a']) expect(tabKeyTarget(key, 1, 6)).toBeNull();
    expect(tabKeyTarget('ArrowRight', 0, 0)).toBeNull();
  });
});
