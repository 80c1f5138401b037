/** Delayed storage writes flushed when the page is left (spec 4 "Cart" delays, spec 9 option delays). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discardWrites, flushWritesOnLeave, pendingWriteCount, writeLater } from './deferred-write';

/** A window and a document as the browser fires them: `pagehide` on the window, `visibilitychange` on the document. */
function fakePage() {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  return { win, doc };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  discardWrites();
  vi.useRealTimers();
});

describe('writeLater', () => {
  it('writes after the delay, once, with the newest value of a key', () => {
    const written: string[] = [];
    writeLater('k', () => written.push('a'), 1000);
    writeLater('k', () => written.push('b'), 1000);
    vi.advanceTimersByTime(999);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(written).toEqual(['b']);
    vi.advanceTimersByTime(5000);
    expect(written).toEqual(['b']);
  });

  it('writes at once with delay 0', () => {
    const written: string[] = [];
    writeLater('k', () => written.push('now'), 0);
    expect(written).toEqual(['now']);
    expect(pendingWriteCount()).toBe(0);
  });

  it('flushes every pending write on pagehide, before their delays', () => {
    const { win, doc } = fakePage();
    const remove = flushWritesOnLeave(win, doc);
    const written: string[] = [];
    writeLater('cart', () => written.push('cart'), 1000);
    writeLater('theme', () => written.push('theme'), 1000);
    writeLater('option:pageSize', () => written.push('pageSize'), 200);
    win.dispatchEvent(new Event('pagehide'));
    expect(written.sort()).toEqual(['cart', 'pageSize', 'theme']);
    vi.advanceTimersByTime(2000);
    expect(written).toHaveLength(3); // not written twice
    remove();
  });

  it('flushes when the document becomes hidden, not when it becomes visible', () => {
    const { win, doc } = fakePage();
    const remove = flushWritesOnLeave(win, doc);
    const written: string[] = [];
    writeLater('cart', () => written.push('cart'), 2000);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(written).toEqual([]);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(written).toEqual(['cart']);
    remove();
  });

  it('keeps flushing the other writes when one throws (blocked storage)', () => {
    const { win, doc } = fakePage();
    const remove = flushWritesOnLeave(win, doc);
    const written: string[] = [];
    writeLater('a', () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    }, 1000);
    writeLater('b', () => written.push('b'), 1000);
    expect(() => win.dispatchEvent(new Event('pagehide'))).not.toThrow();
    expect(written).toEqual(['b']);
    remove();
  });

  it('writes nothing after discardWrites (/clear-storage)', () => {
    const { win, doc } = fakePage();
    const remove = flushWritesOnLeave(win, doc);
    const written: string[] = [];
    writeLater('cart', () => written.push('cart'), 1000);
    discardWrites();
    win.dispatchEvent(new Event('pagehide'));
    vi.advanceTimersByTime(2000);
    expect(written).toEqual([]);
    remove();
  });
});
