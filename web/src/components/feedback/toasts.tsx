/**
 * Toasts and flash messages (spec 8 "Success messages", spec 9: toasts 5 s, warning flash 5 s, checkout errors 6 s,
 * success flash 6 s by default). One polite live region announces them; errors use an assertive region.
 */
import { useSyncExternalStore } from 'react';

export type ToastTone = 'success' | 'warning' | 'error' | 'info';

export interface Toast {
  id: number;
  tone: ToastTone;
  text: string;
}

/** Default display times in milliseconds (spec 9). */
export const TOAST_MS = { success: 6000, warning: 5000, error: 5000, info: 5000 } as const;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** The toasts on screen now, oldest first. */
export function currentToasts(): readonly Toast[] {
  return toasts;
}

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

let muted = false;

/**
 * Makes every later showToast a no-op: called once by the server bundle (entry-server.tsx), whose renders share this
 * module's list across requests, so no request's toast can reach another's page.
 */
export function muteToastsForServerRender(): void {
  muted = true;
}

/** Shows `text` for `durationMs` (Infinity: until dismissed). Returns the toast id (a no-op once muted). */
export function showToast(tone: ToastTone, text: string, durationMs: number = TOAST_MS[tone]): number {
  const id = nextId++;
  if (muted) return id;
  toasts = [...toasts.filter((t) => t.text !== text), { id, tone, text }].slice(-5);
  emit();
  if (Number.isFinite(durationMs)) setTimeout(() => dismissToast(id), durationMs);
  return id;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function Toaster({ closeLabel }: { closeLabel: string }) {
  const list = useSyncExternalStore(subscribe, () => toasts, () => toasts);
  const polite = list.filter((t) => t.tone !== 'error');
  const assertive = list.filter((t) => t.tone === 'error');
  const render = (items: Toast[]) =>
    items.map((t) => (
      <div key={t.id} className={`toast toast--${t.tone}`}>
        <span>{t.text}</span>
        <button type="button" className="toast__close" aria-label={closeLabel} onClick={() => dismissToast(t.id)}>
          ×
        </button>
      </div>
    ));
  return (
    <div className="toaster">
      <div role="status" aria-live="polite">
        {render(polite)}
      </div>
      <div role="alert" aria-live="assertive">
        {render(assertive)}
      </div>
    </div>
  );
}
