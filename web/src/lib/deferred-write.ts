/**
 * Delayed writes to browser storage that survive leaving the page (spec 4 "Cart" persistence delays, spec 9: options
 * 200 ms, theme 1000 ms). A write scheduled with `writeLater` runs after its delay, or at once when the
 * page is hidden or left (`visibilitychange` to hidden, `pagehide`), so a reload within the delay keeps the change.
 * One pending write per key: a newer one replaces the older. The write functions must not throw (storage may be
 * blocked); an exception is swallowed so the other writes still run.
 */

interface Pending {
  timer: ReturnType<typeof setTimeout>;
  write: () => void;
}

const pending = new Map<string, Pending>();

function run(key: string) {
  const entry = pending.get(key);
  if (!entry) return;
  pending.delete(key);
  clearTimeout(entry.timer);
  try {
    entry.write();
  } catch {
    /* storage unavailable: the value lasts for this visit */
  }
}

/**
 * Runs `write` after `delayMs` milliseconds (0: at once), replacing a pending write of the same `key`. Installs the
 * page-leave flush on first use in a browser.
 */
export function writeLater(key: string, write: () => void, delayMs: number): void {
  const previous = pending.get(key);
  if (previous) clearTimeout(previous.timer);
  if (delayMs <= 0) {
    pending.delete(key);
    try {
      write();
    } catch {
      /* storage unavailable */
    }
    return;
  }
  pending.set(key, { timer: setTimeout(() => run(key), delayMs), write });
  if (typeof window !== 'undefined' && typeof document !== 'undefined') flushWritesOnLeave(window, document);
}

/** Runs every pending write now (the page is being left). */
export function flushWrites(): void {
  for (const key of [...pending.keys()]) run(key);
}

/** Runs the pending write of `key` now, if there is one. */
export function flushWrite(key: string): void {
  run(key);
}

/** Drops every pending write unwritten (/clear-storage: nothing held in memory may be written back). */
export function discardWrites(): void {
  for (const entry of pending.values()) clearTimeout(entry.timer);
  pending.clear();
}

/** How many writes are waiting (tests). */
export function pendingWriteCount(): number {
  return pending.size;
}

const installed = new WeakSet<object>();

/**
 * Flushes pending writes when `doc` becomes hidden or `win` fires `pagehide` (reload, navigation away, tab closed,
 * page put into the back-forward cache). Idempotent per window; returns a function that removes the listeners.
 */
export function flushWritesOnLeave(
  win: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  doc: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { visibilityState: string },
): () => void {
  const onHide = () => flushWrites();
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') flushWrites();
  };
  const remove = () => {
    win.removeEventListener('pagehide', onHide);
    doc.removeEventListener('visibilitychange', onVisibility);
    installed.delete(win);
  };
  if (installed.has(win)) return () => undefined;
  installed.add(win);
  win.addEventListener('pagehide', onHide);
  doc.addEventListener('visibilitychange', onVisibility);
  return remove;
}
