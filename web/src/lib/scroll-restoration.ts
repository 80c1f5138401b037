/**
 * Scroll handling for the declarative router: a new page starts at the top, Back/Forward returns to where the
 * shopper was (positions kept per history entry in session storage), and a navigation with
 * `state: { keepScroll: true }` (a filter or sort change on the listing) keeps the current position.
 */
import { useEffect } from 'react';
import { useBrowserLayoutEffect } from './server-render';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scrollPositions';
/** Longest time to wait for the page to grow tall enough to restore a position, in milliseconds. */
const RESTORE_WINDOW_MS = 1500;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function savePosition(key: string, y: number) {
  try {
    const positions = readPositions();
    positions[key] = y;
    const keys = Object.keys(positions);
    // Keep the newest 50 entries.
    for (const old of keys.slice(0, Math.max(0, keys.length - 50))) delete positions[old];
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    /* storage unavailable */
  }
}

export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Remember the position of the entry being left.
  useEffect(() => {
    const key = location.key;
    return () => savePosition(key, window.scrollY);
  }, [location.key]);

  useBrowserLayoutEffect(() => {
    if (navigationType === 'POP') {
      const y = readPositions()[location.key];
      if (y === undefined) return;
      const started = performance.now();
      let frame = 0;
      const attempt = () => {
        window.scrollTo(0, y);
        if (Math.abs(window.scrollY - y) > 1 && performance.now() - started < RESTORE_WINDOW_MS) frame = requestAnimationFrame(attempt);
      };
      attempt();
      return () => cancelAnimationFrame(frame);
    }
    const keep = (location.state as { keepScroll?: boolean } | null)?.keepScroll === true;
    if (!keep && !location.hash) window.scrollTo(0, 0);
    return undefined;
  }, [location.key, location.state, location.hash, navigationType]);
}
