/**
 * A remembered user option in local storage (spec 3 "Remembered user options"), persisted after 200 ms (spec 9) or
 * when the page is left first (lib/deferred-write.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { writeLater } from './deferred-write';

const PERSIST_DELAY_MS = 200;

export function useLocalOption<T extends string>(key: string, allowed: readonly T[], fallback: T): [T, (v: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const stored = localStorage.getItem(key);
      return stored !== null && (allowed as readonly string[]).includes(stored) ? (stored as T) : fallback;
    } catch {
      return fallback;
    }
  });
  // Only a choice the user made is written (not the default shown on the first render).
  const first = useRef<T | null>(value);
  useEffect(() => {
    if (first.current !== null && value === first.current) return undefined;
    first.current = null; // changed once: every later value is written
    writeLater(
      `option:${key}`,
      () => {
        try {
          localStorage.setItem(key, value);
        } catch {
          /* storage unavailable */
        }
      },
      PERSIST_DELAY_MS,
    );
    return undefined;
  }, [key, value]);
  return [value, setValue];
}
