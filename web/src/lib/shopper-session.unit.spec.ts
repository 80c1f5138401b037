import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteSearch, shopperSessionHeader, tabSearched } from './shopper-session';

function browser(pathname: string) {
  const items = new Map<string, string>();
  const sessionStorage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
  vi.stubGlobal('window', { sessionStorage, location: { pathname } });
  return items;
}

afterEach(() => vi.unstubAllGlobals());

describe('shopper session (search-conversion analysis)', () => {
  it('sends no header on the server', () => {
    expect(shopperSessionHeader()).toEqual({});
  });

  it('sends the tab\'s page-view session id, made once, on storefront pages', () => {
    const items = browser('/products/view/42');
    const first = shopperSessionHeader()['X-Shopper-Session'];
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(shopperSessionHeader()).toEqual({ 'X-Shopper-Session': first });
    expect(items.get('pageViewSession')).toBe(first);
  });

  it('sends none on staff pages', () => {
    browser('/en/admin/order');
    expect(shopperSessionHeader()).toEqual({});
  });

  it('notes a search with text only (not a browse, not another call)', () => {
    browser('/');
    noteSearch('/v1/products?c=12&page=1');
    noteSearch('/v1/products?q=&page=1');
    noteSearch('/v1/site');
    expect(tabSearched()).toBe(false);
    noteSearch('/v1/products?page=1&q=brake&iu=user');
    expect(tabSearched()).toBe(true);
  });
});
