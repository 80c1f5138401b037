/**
 * Staff calls and an ended session (spec 8: "'Your request was made with invalid credentials.' redirects to
 * /session/login with the error 'Session has expired, please log in'"; spec 2 "/session/login?error=...", "/admin
 * ... Redirects to /login when nobody is logged in"; "after login back to where the user was going").
 *
 * Every staff screen calls the api through `staffGet` / `staffPost` / `staffPut` / `staffDelete`: a 401 answer (the api's
 * `session.expired`, message 'Your request was made with invalid credentials.', or any other 401 of a staff call)
 * sends the browser to `/session/login?error=session_expired&next=<where it was>` through the handler the admin shell
 * registers (`onSessionExpired`; a full page load when none is registered), and the call still rejects with the
 * ApiError so no screen treats it as success.
 */
import i18n from 'i18next';
import { ApiError, deleteJson, getJson, postJson, putJson, type ApiResponse, type RequestOptions } from '../api-client';

/** The api's message of a staff call without a valid session (spec 8). */
export const INVALID_CREDENTIALS_MESSAGE = 'Your request was made with invalid credentials.';

/** True when `error` is a staff call answered 401 (the session ended, or there never was one). */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * `next` as a same-origin path to return to after signing in, or null: only '/...' paths, never '//host' or a
 * backslash trick, never back to the login screens themselves (an open redirect or a loop otherwise).
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  if (/[\u0000-\u001f]/.test(next)) return null;
  if (/^\/(?:(?:et|en)\/)?(?:login|session\/login)(?:[/?#]|$)/.test(next)) return null;
  return next;
}

/**
 * The login screen's path for a guarded page: `/login?next=<path>` (spec 2: "/admin ... Redirects to /login"),
 * under the language prefix ('' or '/en').
 */
export function loginPath(next: string | null, prefix = ''): string {
  const safe = safeNextPath(next);
  return `${prefix}/login${safe ? `?next=${encodeURIComponent(safe)}` : ''}`;
}

/** `/session/login?error=session_expired&next=<path>` (spec 2 and 8), under the language prefix. */
export function sessionLoginPath(next: string | null, prefix = '', error = 'session_expired'): string {
  const safe = safeNextPath(next);
  return `${prefix}/session/login?error=${encodeURIComponent(error)}${safe ? `&next=${encodeURIComponent(safe)}` : ''}`;
}

type ExpiredHandler = (error: ApiError) => void;
let expiredHandler: ExpiredHandler | null = null;

/**
 * Registers what happens when a staff call finds the session ended (the admin shell navigates inside the app and
 * drops the cached session). Returns the unregister function. Without a handler the page loads
 * `sessionLoginPath(<current path>)`.
 */
export function onSessionExpired(handler: ExpiredHandler): () => void {
  expiredHandler = handler;
  return () => {
    if (expiredHandler === handler) expiredHandler = null;
  };
}

/** Runs a staff call; a 401 triggers the session-expired handler, and the error is rethrown either way. */
export async function staffCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isSessionExpired(error)) {
      if (expiredHandler) expiredHandler(error as ApiError);
      else if (typeof window !== 'undefined') {
        const { pathname, search } = window.location;
        const prefix = /^\/en(\/|$)/.test(pathname) ? '/en' : '';
        window.location.assign(sessionLoginPath(pathname + search, prefix));
      }
    }
    throw error;
  }
}

/**
 * The call's options with `Accept-Language` set to the interface language, so the api's messages (validation,
 * conflicts, the envelope of spec 7) come in the language the staff member reads; a `lang` query parameter in the
 * URL still wins on the server.
 */
function inInterfaceLanguage(options?: AbortSignal | RequestOptions): RequestOptions {
  const base: RequestOptions = options instanceof AbortSignal ? { signal: options } : { ...options };
  const language = i18n.language;
  return language ? { ...base, headers: { 'Accept-Language': language, ...base.headers } } : base;
}

/** GET of a staff resource; a 401 leads to /session/login (see the module). */
export const staffGet = <T>(url: string, options?: AbortSignal | RequestOptions): Promise<ApiResponse<T>> => staffCall(() => getJson<T>(url, inInterfaceLanguage(options)));
/**
 * POST of a staff resource; a 401 leads to /session/login. Forms show the envelope's errors themselves (under the
 * fields, or above the buttons: `formErrors` in ./form-errors.ts), so no save toast unless `options` asks for it.
 */
export const staffPost = <T>(url: string, body: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> =>
  staffCall(() => postJson<T>(url, body, inInterfaceLanguage(options)));
/** PUT of a staff resource; a 401 leads to /session/login; errors as `staffPost`. */
export const staffPut = <T>(url: string, body: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> =>
  staffCall(() => putJson<T>(url, body, inInterfaceLanguage(options)));
/** DELETE of a staff resource (a JSON `body` when given); a 401 leads to /session/login; errors as `staffPost`. */
export const staffDelete = <T>(url: string, body?: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> =>
  staffCall(() => deleteJson<T>(url, body, inInterfaceLanguage(options)));
