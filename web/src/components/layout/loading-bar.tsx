/**
 * Thin progress bar while data or a page's code loads (spec 2 "Header"; spec 9: it resets 800 ms after reaching
 * 100%). It creeps towards 90% while requests run or a page's code chunk downloads (`trackLoading`: the router keeps
 * the old page on screen meanwhile), jumps to 100% when they finish, then disappears. Decorative: the loading regions
 * set aria-busy.
 */
import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';

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

/** Counts `load` (e.g. a lazy route's `import()`) as loading until it settles; returns it. */
export function trackLoading<T>(load: Promise<T>): Promise<T> {
  changed(1);
  return load.finally(() => changed(-1));
}

export function LoadingBar() {
  const loadingCode = useSyncExternalStore(subscribe, () => loads > 0, () => false);
  const active = useIsFetching() > 0 || loadingCode;
  const [progress, setProgress] = useState(0);

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
    <div className={`loading-bar${progress > 0 ? ' is-active' : ''}`} aria-hidden="true">
      <div className="loading-bar__fill" style={{ transform: `scaleX(${progress / 100})` }} />
    </div>
  );
}
