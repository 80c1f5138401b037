/**
 * Uploads running anywhere on the staff side (the finder, the file picker, ProductEdit's images, the rich-text
 * editor's image), so a form's save can say spec 5's 'Images still loading: try again in a few seconds' instead of
 * saving without the image still on its way. A small external store: `beginUpload()` when bytes start to go, the
 * returned function when the answer is in (success or not); `uploadsRunning()` reads the count,
 * `useUploadsRunning()` re-renders with it. ./upload-file.ts counts every upload it sends.
 */
import { useSyncExternalStore } from 'react';

/** The cms bundle's text a save shows while an upload runs (spec 5). */
export const STILL_LOADING_KEY = 'finder.stillLoading';

let running = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Counts one upload as running; call the answer once when it ends (later calls do nothing). */
export function beginUpload(): () => void {
  running++;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    running--;
    emit();
  };
}

/** How many uploads are running now. */
export function uploadsRunning(): number {
  return running;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The number of running uploads, re-rendering when it changes. */
export function useUploadsRunning(): number {
  return useSyncExternalStore(subscribe, uploadsRunning, () => 0);
}
