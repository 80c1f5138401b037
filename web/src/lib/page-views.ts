/**
 * First-party page views (spec 7 "Analytics page views are sent on route change"; api/routes/page-views): once the
 * browser is idle after a path change of the shop's pages, one POST /v1/page-view with an anonymous id of this tab's
 * visit (random, in sessionStorage), the path (no query), the previous path sent (null first) and the language.
 * A path that changes again before the idle moment replaces the pending one (a redirect counts once). Never for the
 * staff side (its routes are outside RootLayout, and `isStaffPath` refuses them here too); silent on any failure.
 */
import { postJson } from './api-client';

const SESSION_KEY = 'pageViewSession';
/** Longest wait for an idle moment, in milliseconds. */
const IDLE_TIMEOUT_MS = 2000;

/** /login, /session/login, /password-reset/..., /admin/... with or without a language prefix (client-routes.ts). */
export const isStaffPath = (path: string) => /^\/(?:(?:et|en)\/)?(?:login\/?$|session\/login\/?$|password-reset\/|admin(?:\/|$))/i.test(path);

const randomId = () => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

export interface PageViewDeps {
  send(body: { sessionId: string; path: string; referrer: string | null; language: 'et' | 'en' }): Promise<unknown>;
  /** The tab's storage (sessionStorage); null when the browser refuses it (an id per page load then). */
  storage(): Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Runs `task` when the browser is idle; returns a cancel function. */
  idle(task: () => void): () => void;
}

const browserDeps: PageViewDeps = {
  send: (body) => postJson('/v1/page-view', body, { silent: true }),
  storage: () => {
    try {
      return window.sessionStorage;
    } catch {
      return null;
    }
  },
  idle: (task) => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(task, 200);
    return () => clearTimeout(handle);
  },
};

/** A tracker: call it with each path shown and its language. */
export function createPageViews(deps: PageViewDeps): (path: string, language: 'et' | 'en') => void {
  let referrer: string | null = null;
  let cancel: (() => void) | null = null;
  const sessionId = () => {
    const storage = deps.storage();
    try {
      const known = storage?.getItem(SESSION_KEY);
      if (known) return known;
      const id = randomId();
      storage?.setItem(SESSION_KEY, id);
      return id;
    } catch {
      return randomId();
    }
  };
  return (path, language) => {
    cancel?.();
    cancel = null;
    if (isStaffPath(path) || path === referrer) return;
    cancel = deps.idle(() => {
      cancel = null;
      const body = { sessionId: sessionId(), path, referrer, language };
      referrer = path;
      deps.send(body).catch(() => undefined);
    });
  };
}

/** The storefront's tracker (RootLayout calls it in an effect on each path change). */
export const trackPageView = createPageViews(browserDeps);
