/**
 * Thin progress bar while data or a page's code loads (spec 2 "Header"; spec 9: it resets 800 ms after reaching
 * 100%). It creeps towards 90% while requests run or a page's code chunk downloads (`trackLoading`: the router keeps
 * the old page on screen meanwhile), jumps to 100% when they finish, then disappears. Decorative: the loading regions
 * set aria-busy. When loading has gone on for 3 s (5 s on a slow connection; spec 9 "slow-loading threshold") a
 * 'Still loading…' hint shows (a polite status) until it ends. A chunk that fails or does not settle in 120 s
 * rejects as ChunkLoadError (lib/slow-connection.ts), which the error page names.
 */
import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/translation';
import { slowLoadingMs, withChunkTimeout } from '../../lib/slow-connection';

/** Time the bar stays at 100% before it resets, in milliseconds (spec 9). */
export const PROGRESS_RESET_MS = 800;

// Code chunks being downloaded (trackLoading), so a route change moves the bar before its data requests start.
let loads = 0;
const listeners = new Set<() => void>();
const changed = (delta: number) => {
  loads += delta;
  listeners.forEach((l) => l());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Counts `load` (a lazy route's `import()`) as loading until it settles; a failure or 120 s is a ChunkLoadError. */
export function trackLoading<T>(load: Promise<T>): Promise<T> {
  changed(1);
  return withChunkTimeout(load).finally(() => changed(-1));
}

export function LoadingBar() {
  const loadingCode = useSyncExternalStore(subscribe, () => loads > 0, () => false);
  const active = useIsFetching() > 0 || loadingCode;
  const [progress, setProgress] = useState(0);
  const [slow, setSlow] = useState(false);
  const { t } = useTranslation('app');

  useEffect(() => {
    setSlow(false);
    if (!active) return undefined;
    const timer = window.setTimeout(() => setSlow(true), slowLoadingMs());
    return () => window.clearTimeout(timer);
  }, [active]);

  useEffect(() => {
    if (active) {
      setProgress((p) => (p === 0 || p === 100 ? 10 : p));
      const timer = window.setInterval(() => setProgress((p) => (p < 90 ? p + (90 - p) * 0.15 : p)), 200);
      return () => window.clearInterval(timer);
    }
    setProgress((p) => (p === 0 ? 0 : 100));
    const reset = window.setTimeout(() => setProgress(0), PROGRESS_RESET_MS);
    return () => window.clearTimeout(reset);
  }, [active]);

  return (
    <>
      <div className={`loading-bar${progress > 0 ? ' is-active' : ''}`} aria-hidden="true">
        <div className="loading-bar__fill" style={{ transform: `scaleX(${progress / 100})` }} />
      </div>
      <p className="loading-hint" role="status">
        {slow ? t('loadingSlow') : ''}
      </p>
    </>
  );
}
