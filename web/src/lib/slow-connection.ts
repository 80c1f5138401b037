/**
 * Slow connections (spec 9 "Data-fetch defaults: error retry 5000 ms (10000 on slow connections), focus throttle
 * 5000 ms, dedupe 2000 ms, slow-loading threshold 3000 ms (5000 on slow)"; "Chunk load timeout 120000 ms"; spec 8
 * "Chunk load failure: ChunkLoadError with type and request").
 *
 * A connection is slow when the browser says so (`navigator.connection`, where it exists: an effective type of
 * slow-2g or 2g, or the data saver on); a browser without it counts as fast.
 */

/** Error retry delay, in milliseconds. */
export const RETRY_MS = 5000;
export const SLOW_RETRY_MS = 10_000;
/** A focus refetches the shop's data at most once per this many milliseconds. */
export const FOCUS_THROTTLE_MS = 5000;
/** The 'Still loading…' hint after this long of pending requests or chunk loads, in milliseconds. */
export const SLOW_LOADING_MS = 3000;
export const SLOW_SLOW_LOADING_MS = 5000;
/** A lazy chunk that has not settled after this long fails, in milliseconds. */
export const CHUNK_TIMEOUT_MS = 120_000;

interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

/** True on a slow connection (see the module comment). */
export function isSlowConnection(): boolean {
  const connection = (globalThis.navigator as (Navigator & { connection?: NetworkInformationLike }) | undefined)?.connection;
  return !!connection && (connection.effectiveType === 'slow-2g' || connection.effectiveType === '2g' || connection.saveData === true);
}

export const retryDelayMs = () => (isSlowConnection() ? SLOW_RETRY_MS : RETRY_MS);
export const slowLoadingMs = () => (isSlowConnection() ? SLOW_SLOW_LOADING_MS : SLOW_LOADING_MS);

/** A script chunk that failed to load ('missing') or did not settle in CHUNK_TIMEOUT_MS ('timeout'). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly type: 'missing' | 'timeout',
    /** The chunk's address when the browser named it, else null. */
    readonly request: string | null,
  ) {
    super(`Loading chunk failed.\n(${type}: ${request ?? 'unknown'})`);
  }
}

/**
 * `load` (a lazy chunk's `import()`), failing as ChunkLoadError when it rejects ('missing', the address from the
 * browser's message) or has not settled within CHUNK_TIMEOUT_MS ('timeout').
 */
export function withChunkTimeout<T>(load: Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout', null)), timeoutMs);
    load.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (error instanceof ChunkLoadError) return reject(error);
        const request = /(?:https?:\/\/|\/)[^\s'"]+\.(?:m?js|css)\b/.exec(error instanceof Error ? error.message : String(error))?.[0] ?? null;
        reject(new ChunkLoadError('missing', request));
      },
    );
  });
}

/**
 * Calls `onFocus` when the page becomes visible again, at most once per FOCUS_THROTTLE_MS, and never while
 * `skip()` (a staff screen): TanStack Query's focusManager event listener. Returns the clean-up.
 */
export function throttledFocusListener(onFocus: (focused?: boolean) => void, skip: () => boolean, now = () => Date.now()): () => void {
  let last = Number.NEGATIVE_INFINITY;
  const listener = () => {
    if (document.visibilityState !== 'visible' || skip()) return;
    const t = now();
    if (t - last < FOCUS_THROTTLE_MS) return;
    last = t;
    onFocus();
  };
  window.addEventListener('visibilitychange', listener, false);
  return () => window.removeEventListener('visibilitychange', listener);
}
