/**
 * SharedFreshRead: callers share reads, but never one that started before their call (platform/db/shared-fresh-read.ts).
 */
import { describe, expect, it } from 'vitest';
import { SharedFreshRead } from './shared-fresh-read.js';

/** Reads whose results the test gives by hand; each read returns the "database version" at its start. */
function manualReads() {
  let version = 0;
  const pending: { startedAt: number; resolve: (v: number) => void; reject: (e: Error) => void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      pending.push({ startedAt: version, resolve, reject });
    });
  return {
    read,
    pending,
    commit: () => version++,
    /** Settles the oldest read with the version seen when it started. */
    finish: async (error?: Error) => {
      const r = pending.shift()!;
      if (error) r.reject(error);
      else r.resolve(r.startedAt);
      // Let the reactions run (the next read starts in one).
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

describe('a read shared by concurrent callers', () => {
  it('starts one read for a caller alone, and one more for all who came while it was under way', async () => {
    const db = manualReads();
    const shared = new SharedFreshRead(db.read);
    const first = shared.get();
    const later = [shared.get(), shared.get(), shared.get()];
    expect(db.pending).toHaveLength(1);
    await db.finish();
    expect(db.pending).toHaveLength(1);
    await db.finish();
    expect(await first).toBe(0);
    expect(await Promise.all(later)).toEqual([0, 0, 0]);
    expect(db.pending).toHaveLength(0);
  });

  it('never answers a caller with a read that started before its call', async () => {
    const db = manualReads();
    const shared = new SharedFreshRead(db.read);
    const early = shared.get(); // snapshot at version 0
    db.commit(); // a change the next caller has seen committed
    const late = shared.get();
    await db.finish();
    expect(await early).toBe(0);
    await db.finish();
    expect(await late).toBe(1);
  });

  it('rejects only the callers of a failed read, and still reads for those waiting on the next', async () => {
    const db = manualReads();
    const shared = new SharedFreshRead(db.read);
    const failing = shared.get();
    const waiting = shared.get();
    db.commit();
    await db.finish(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await db.finish();
    expect(await waiting).toBe(1);
    // Idle again: a new caller starts its own read.
    const again = shared.get();
    expect(db.pending).toHaveLength(1);
    await db.finish();
    expect(await again).toBe(1);
  });
});
