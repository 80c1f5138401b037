/**
 * The cart's storage: a change is written when the page is left before the spec 4 delay is due, and a
 * browser that blocks site storage (a `localStorage` getter throwing SecurityError) gets a working in-memory cart.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartProduct } from './cart-product-fixture';

const product = cartProduct('p1');

/** A Storage over a Map (node has no localStorage). */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

function setLocalStorage(getter: () => Storage) {
  Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: getter });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
});
afterEach(() => {
  vi.useRealTimers();
  delete (globalThis as { localStorage?: Storage }).localStorage;
});

describe('cart persistence', () => {
  it('writes an added product when the page is hidden, before the 1000 ms delay', async () => {
    const storage = memoryStorage();
    setLocalStorage(() => storage);
    const { cart } = await import('./store');
    const { flushWritesOnLeave } = await import('../deferred-write');
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const remove = flushWritesOnLeave(win, doc);
    cart.add(product, 2);
    expect(storage.getItem('cart')).toBeNull(); // the spec 4 delay still runs
    win.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(storage.getItem('cart')!)).toMatchObject({ p1: { amount: 2 } });
    expect(JSON.parse(storage.getItem('cartLatestProducts')!)).toEqual(['p1']);
    remove();
  });

  it('reads the stored cart back after a reload', async () => {
    const storage = memoryStorage();
    storage.setItem('cart', JSON.stringify({ p1: { product, amount: 3 } }));
    storage.setItem('cartLatestProducts', JSON.stringify(['p1']));
    setLocalStorage(() => storage);
    const { cart } = await import('./store');
    expect(cart.get().items.p1?.amount).toBe(3);
  });

  it('works in memory when the browser blocks storage (the getter throws)', async () => {
    setLocalStorage(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const { cart, cartTotals, flushCart } = await import('./store');
    expect(cart.get().items).toEqual({});
    expect(cart.add(product, 2).amount).toBe(2);
    expect(() => flushCart()).not.toThrow();
    vi.advanceTimersByTime(3000);
    expect(cartTotals(cart.get())).toEqual({ totalCents: 2480, count: 2 });
    cart.setQuantity('p1', '5');
    expect(cart.get().items.p1?.amount).toBe(5);
  });
});
