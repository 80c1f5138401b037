import { describe, expect, it } from 'vitest';
import { withListChanges } from './list-filters';

describe('withListChanges (a staff list filter change in the URL)', () => {
  it('sets and removes keys, and goes back to page 1 unless the page itself changed', () => {
    const search = new URLSearchParams('q=pidur&paid=1&page=3&sort=-date');
    expect(withListChanges(search, { paid: null, filled: '0' }).toString()).toBe('q=pidur&sort=-date&filled=0');
    expect(withListChanges(search, { page: '4' }).toString()).toBe('q=pidur&paid=1&page=4&sort=-date');
    expect(withListChanges(search, { page: null }).toString()).toBe('q=pidur&paid=1&sort=-date');
    expect(search.toString()).toBe('q=pidur&paid=1&page=3&sort=-date'); // not modified
  });
});
