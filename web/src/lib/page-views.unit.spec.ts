/**
 * Page views (spec 7, first-party; lib/page-views.ts): sent once idle after each path change with the tab's id and the
 * previous path, a quick second change replacing the pending one, never for staff paths, silent on failure.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageViews, isStaffPath, type PageViewDeps } from './page-views';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function setUp(send: PageViewDeps['send'] = vi.fn(async () => undefined)) {
  const stored = new Map<string, string>();
  const deps: PageViewDeps = {
    send,
    storage: () => ({ getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) }),
    idle: (task) => {
      const handle = setTimeout(task, 50);
      return () => clearTimeout(handle);
    },
  };
  return { track: createPageViews(deps), send: deps.send as ReturnType<typeof vi.fn>, stored };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('page views', () => {
  it('sends each path once idle, with the tab id from sessionStorage and the previous path as referrer', async () => {
    const { track, send, stored } = setUp();
    track('/et/products', 'et');
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);
    track('/en/products/view/7', 'en');
    await vi.advanceTimersByTimeAsync(50);
    expect(send.mock.calls.map(([body]) => body)).toEqual([
      { sessionId: expect.stringMatching(UUID), path: '/et/products', referrer: null, language: 'et' },
      { sessionId: stored.get('pageViewSession'), path: '/en/products/view/7', referrer: '/et/products', language: 'en' },
    ]);
    expect(send.mock.calls[0]![0].sessionId).toBe(stored.get('pageViewSession'));
  });

  it('a path replaced before the idle moment is not sent; the same path again is not a new view', async () => {
    const { track, send } = setUp();
    track('/products', 'et');
    track('/et/products', 'et');
    await vi.advanceTimersByTimeAsync(100);
    track('/et/products', 'et');
    await vi.advanceTimersByTimeAsync(100);
    expect(send.mock.calls.map(([body]) => body.path)).toEqual(['/et/products']);
  });

  it('never sends a staff path', async () => {
    const { track, send } = setUp();
    for (const path of ['/admin', '/admin/product/edit/5', '/en/login', '/session/login', '/et/password-reset/abc']) track(path, 'et');
    await vi.advanceTimersByTimeAsync(100);
    expect(send).not.toHaveBeenCalled();
    expect(isStaffPath('/administrator-guide')).toBe(false);
    expect(isStaffPath('/en/products')).toBe(false);
  });

  it('is silent on failure: a refused send does not throw or stop the next view', async () => {
    const send = vi.fn(async () => Promise.reject(new Error('network')));
    const { track } = setUp(send);
    track('/cart', 'et');
    await vi.advanceTimersByTimeAsync(50);
    track('/checkout', 'et');
    await vi.advanceTimersByTimeAsync(50);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
