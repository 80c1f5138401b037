/**
 * Slow connections (spec 9 data-fetch defaults and chunk loading; lib/slow-connection.ts), with fake timers: retry
 * 5 s or 10 s, the 'still loading' threshold 3 s or 5 s, a chunk failing or hanging for 120 s as ChunkLoadError,
 * focus refetches at most once per 5 s and never on a staff screen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/query-client';
import { ChunkLoadError, retryDelayMs, slowLoadingMs, throttledFocusListener, withChunkTimeout } from './slow-connection';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('delays by connection', () => {
  it('5 s retry and 3 s hint on a fast or unknown connection, 10 s and 5 s on a slow one', () => {
    vi.stubGlobal('navigator', {});
    expect([retryDelayMs(), slowLoadingMs()]).toEqual([5000, 3000]);
    vi.stubGlobal('navigator', { connection: { effectiveType: '4g', saveData: false } });
    expect([retryDelayMs(), slowLoadingMs()]).toEqual([5000, 3000]);
    for (const connection of [{ effectiveType: '2g' }, { effectiveType: 'slow-2g' }, { effectiveType: '4g', saveData: true }]) {
      vi.stubGlobal('navigator', { connection });
      expect([retryDelayMs(), slowLoadingMs()]).toEqual([10_000, 5000]);
    }
  });

  it("the query client's retry delay follows the connection", () => {
    const retryDelay = createQueryClient().getDefaultOptions().queries!.retryDelay as () => number;
    vi.stubGlobal('navigator', { connection: { effectiveType: '2g' } });
    expect(retryDelay()).toBe(10_000);
    vi.stubGlobal('navigator', {});
    expect(retryDelay()).toBe(5000);
  });
});

describe('withChunkTimeout', () => {
  it('a chunk that does not settle in 120 s rejects as ChunkLoadError timeout', async () => {
    const result = withChunkTimeout(new Promise(() => undefined)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await result) as ChunkLoadError;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect([error.name, error.type, error.request]).toEqual(['ChunkLoadError', 'timeout', null]);
  });

  it('a chunk that fails rejects as ChunkLoadError missing, naming the address the browser gave', async () => {
    const failed = withChunkTimeout(Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://shop.test/assets/product-view-Ab12.js')));
    await expect(failed).rejects.toMatchObject({ name: 'ChunkLoadError', type: 'missing', request: 'http://shop.test/assets/product-view-Ab12.js' });
  });

  it('a chunk that loads resolves with its module', async () => {
    await expect(withChunkTimeout(Promise.resolve({ Page: 1 }))).resolves.toEqual({ Page: 1 });
  });
});

describe('throttledFocusListener', () => {
  it('refetches on showing the tab at most once per 5 s, never while skipped (staff screen)', () => {
    const target = new EventTarget();
    const doc = { visibilityState: 'visible' };
    vi.stubGlobal('window', target);
    vi.stubGlobal('document', doc);
    let clock = 0;
    let staff = false;
    const onFocus = vi.fn();
    const stop = throttledFocusListener(onFocus, () => staff, () => clock);
    const show = () => target.dispatchEvent(new Event('visibilitychange'));
    show();
    clock = 4999;
    show();
    expect(onFocus).toHaveBeenCalledTimes(1);
    clock = 5000;
    show();
    expect(onFocus).toHaveBeenCalledTimes(2);
    doc.visibilityState = 'hidden';
    clock = 20_000;
    show();
    expect(onFocus).toHaveBeenCalledTimes(2);
    doc.visibilityState = 'visible';
    staff = true;
    show();
    expect(onFocus).toHaveBeenCalledTimes(2);
    staff = false;
    show();
    expect(onFocus).toHaveBeenCalledTimes(3);
    stop();
    clock = 60_000;
    show();
    expect(onFocus).toHaveBeenCalledTimes(3);
  });
});
