import { describe, expect, it } from 'vitest';
import { WorkQueue, WorkQueueFullError } from './work-queue.js';

/** A task that runs until `release()` is called, recording when it started. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  return { task: async () => (log.push(name), await done, name), release: () => release() };
}

describe('WorkQueue (bounded concurrency for image work)', () => {
  it('runs at most `limit` tasks at once, the others in arrival order, and refuses beyond `maxWaiting`', async () => {
    const q = new WorkQueue(2, 2);
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => gate(started, n));
    const runs = [q.run(a.task), q.run(b.task), q.run(c.task), q.run(d.task)];
    await expect.poll(() => started).toEqual(['a', 'b']);
    expect(q.stats).toEqual({ running: 2, waiting: 2 });
    await expect(q.run(async () => 'e')).rejects.toBeInstanceOf(WorkQueueFullError);
    b.release();
    await expect.poll(() => started).toEqual(['a', 'b', 'c']);
    expect(q.stats).toEqual({ running: 2, waiting: 1 });
    a.release();
    c.release();
    d.release();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
    expect(q.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('releases the slot when a task fails', async () => {
    const q = new WorkQueue(1, 0);
    await expect(q.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await q.run(async () => 1)).toBe(1);
    expect(() => new WorkQueue(0, 1)).toThrow(RangeError);
  });
});
