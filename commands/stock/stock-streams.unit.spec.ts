import { describe, expect, it } from 'vitest';
import { withStreamLock } from './stock-streams.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('withStreamLock', () => {
  it('runs calls for one stream one after another, in call order', async () => {
    const log: string[] = [];
    await Promise.all(
      [1, 2, 3].map((n) =>
        withStreamLock('stock-a', async () => {
          log.push(`start ${n}`);
          await sleep(10);
          log.push(`end ${n}`);
        }),
      ),
    );
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('lets different streams run at once', async () => {
    let running = 0;
    let most = 0;
    await Promise.all(
      ['stock-x', 'stock-y', 'stock-z'].map((key) =>
        withStreamLock(key, async () => {
          most = Math.max(most, ++running);
          await sleep(10);
          running--;
        }),
      ),
    );
    expect(most).toBe(3);
  });

  it('releases the lock when a call fails, and passes its result or error through', async () => {
    await expect(withStreamLock('stock-b', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await withStreamLock('stock-b', async () => 42)).toBe(42);
  });
});
