/**
 * JSON helpers for the storefront and the staff screens (spec 7 "Calls", spec 8 "Error catalogue"): GET, POST, PUT
 * and DELETE with same-origin credentials, a CSRF token on every call that changes data, abortable, under a
 * configurable path prefix (`configureApiClient`). Bodies are typed with the contract types of api/contracts
 * (type-only imports: the API validates its answers, and the storefront bundle carries no schema library).
 *
 * Answers (spec 7): a 204 is success with no data (`body` undefined); a non-JSON answer is success with its text as
 * `body`, or the error 'Server did not respond with JSON' when JSON was demanded (the default); an envelope with
 * `success: false` or `status: 'failure'`, or an HTTP status of 400 or more, is an error.
 *
 * Errors are `ApiError` with the HTTP status (0 when no answer arrived), a `code` (the envelope's first error code,
 * or one of the client's own: `aborted`, `network`, `invalid_json`, `not_json`) and the spec 8 message, so the UI can
 * translate the code rather than the message (conventions 4; `apiErrorText`). Besides rejecting, the helper shows
 * (spec 8): on a network failure the warning flash 'There is no internet connection to the server.'; on a status of
 * 500 or more the system-error toast until dismissed; with `saveErrorToast`, 'Unexpected error occurred while saving
 * data.' when a save fails. The texts are the app bundle's `api.*` keys, in the interface language.
 */
import { noteSearch, shopperSessionHeader } from './shopper-session';
import i18n from 'i18next';
import { PAGINATION_HEADERS } from '../../../api/contracts/catalog-constants';
import { showToast } from '../components/feedback/toasts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The parsed failure envelope (`errors`, `redirect`, ...) when the server sent one. */
  readonly body: unknown;
  constructor(status: number, message: string, code?: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The client's own error codes and the spec 8 rejection messages they carry (`ApiError.message`). */
export const CLIENT_ERRORS = {
  aborted: 'Aborted',
  network: 'Server did not respond',
  not_json: 'Server did not respond with JSON',
  invalid_json: 'Error parsing JSON: {detail}',
} as const;

/**
 * The user-facing text of an error in the interface language: the client's own codes (`api.errors.*` of the app
 * bundle, e.g. 'Server did not respond' / 'Server ei vastanud'), otherwise the error's message.
 */
export function apiErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code && error.code in CLIENT_ERRORS) {
    const detail = error.code === 'invalid_json' ? error.message.replace(/^Error parsing JSON: /, '') : '';
    return i18n.t(`app:api.errors.${error.code}`, { detail });
  }
  return error instanceof Error ? error.message : String(error);
}

export type QueryValue = string | number | undefined | null;

/** Builds `path?query` leaving out empty values, keeping the given key order. */
export function withQuery(path: string, query: Record<string, QueryValue>): string {
  const sp = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    sp.set(key, String(value));
  }
  const qs = sp.toString();
  return qs ? `${path}?${qs}` : path;
}

let pathPrefix = '';

/**
 * The transport of a server render (web/src/entry-server.tsx): a fetch-shaped function that answers the storefront's
 * GET calls in process from the api's own routes, for the request being rendered. null in the browser (fetch).
 */
let serverFetch: typeof fetch | null = null;

/** Sets the server render's transport; called once when the server entry loads. */
export function setServerFetch(transport: typeof fetch): void {
  serverFetch = transport;
}

/**
 * Sets the prefix put before every root-relative path (spec 7: "Paths take a configured prefix"), e.g. '/shop' or
 * 'https://api.example.ee'; a trailing slash is dropped. Absolute URLs are used as given. Default: none.
 */
export function configureApiClient(options: { pathPrefix: string }): void {
  pathPrefix = options.pathPrefix.replace(/\/+$/, '');
  csrfToken = null;
}

/** `path` under the configured prefix (root-relative paths only; `//host` and absolute URLs unchanged). */
export function apiPath(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? `${pathPrefix}${path}` : path;
}

interface LooseEnvelope {
  success?: unknown;
  status?: unknown;
  message?: unknown;
  errors?: unknown;
}

function firstErrorCode(body: LooseEnvelope): string | undefined {
  if (!Array.isArray(body.errors)) return undefined;
  const first = body.errors[0] as { code?: unknown } | undefined;
  return typeof first?.code === 'string' ? first.code : undefined;
}

export interface ApiResponse<T> {
  /** The parsed JSON; the text of a non-JSON answer (with `json: false`); undefined for a 204. */
  body: T;
  headers: Headers;
  status: number;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Per-call options; a bare AbortSignal is accepted wherever options are. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** Demand a JSON answer (default true); false takes a non-JSON answer as success with its text as `body`. */
  json?: boolean;
  /** Show 'Unexpected error occurred while saving data.' when the call fails with an error answer (staff saves). */
  saveErrorToast?: boolean;
  /** No flash or toast at all, whatever the failure (a background call the user did not ask for: page views). */
  silent?: boolean;
}

const toOptions = (o: AbortSignal | RequestOptions | undefined): RequestOptions =>
  o === undefined ? {} : typeof (o as AbortSignal).aborted === 'boolean' && typeof (o as AbortSignal).addEventListener === 'function' ? { signal: o as AbortSignal } : (o as RequestOptions);

/**
 * GETs `url` (root-relative paths take the prefix) and reads the answer as `T`.
 * Throws ApiError: HTTP status >= 400 or an envelope with success false / status 'failure' (the status of the
 * answer; 400 when it was 2xx), 0 `network` ('Server did not respond'), 0 `aborted` ('Aborted'), `invalid_json`
 * ('Error parsing JSON: {detail}'), `not_json` ('Server did not respond with JSON').
 */
export function getJson<T>(url: string, options?: AbortSignal | RequestOptions): Promise<ApiResponse<T>> {
  return request<T>('GET', url, undefined, toOptions(options));
}

/** POSTs `body` as JSON and reads the answer as `T`; errors as `getJson`. */
export function postJson<T>(url: string, body: unknown, options?: AbortSignal | RequestOptions): Promise<ApiResponse<T>> {
  return request<T>('POST', url, body, toOptions(options));
}

/** PUTs `body` as JSON and reads the answer as `T`; errors as `getJson`. */
export function putJson<T>(url: string, body: unknown, options?: AbortSignal | RequestOptions): Promise<ApiResponse<T>> {
  return request<T>('PUT', url, body, toOptions(options));
}

/** DELETEs `url` (with a JSON `body` when given); a 204 resolves with `body` undefined; errors as `getJson`. */
export function deleteJson<T = undefined>(url: string, body?: unknown, options?: AbortSignal | RequestOptions): Promise<ApiResponse<T>> {
  return request<T>('DELETE', url, body, toOptions(options));
}

/**
 * POSTs `body` as JSON with extra request headers (e.g. `Idempotency-Key`); errors as `getJson`, with the failure
 * envelope in `ApiError.body`.
 */
export function postJsonWithHeaders<T>(url: string, body: unknown, headers: Record<string, string>, signal?: AbortSignal): Promise<ApiResponse<T>> {
  return request<T>('POST', url, body, { signal, headers });
}

let csrfToken: Promise<string> | null = null;

/**
 * The CSRF token of this visit (spec 7: every call sends one; api/plugins/csrf.ts): GET /v1/csrf-token sets its secret
 * cookie and answers the token, fetched once and reused. `fresh` asks again (after a 403 request.csrf_invalid).
 */
function csrf(fresh = false, silent = false): Promise<string> {
  if (fresh || !csrfToken) {
    const pending = getJson<{ data: { token: string } }>('/v1/csrf-token', { silent }).then((r) => r.body.data.token);
    csrfToken = pending;
    pending.catch(() => {
      if (csrfToken === pending) csrfToken = null;
    });
  }
  return csrfToken;
}

/**
 * Sends one call (spec 7) and reads its answer; GETs go without a CSRF token, other methods with one, renewed and
 * retried once after a 403 `request.csrf_invalid`. Errors and toasts as described at the top of this module.
 */
export async function request<T>(method: HttpMethod, url: string, payload: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  try {
    if (method === 'GET') return await send<T>(method, url, payload, options, {});
    try {
      return await send<T>(method, url, payload, options, { 'X-CSRF-Token': await csrf(false, options.silent) });
    } catch (error) {
      // The secret cookie expired or was cleared: one new token, one more try.
      if (!(error instanceof ApiError && error.code === 'request.csrf_invalid')) throw error;
      return await send<T>(method, url, payload, options, { 'X-CSRF-Token': await csrf(true, options.silent) });
    }
  } catch (error) {
    if (options.saveErrorToast && error instanceof ApiError && error.status >= 400) showToast('error', i18n.t('app:api.saveFailed'));
    throw error;
  }
}

const isAbort = (err: unknown, signal: AbortSignal | undefined) =>
  signal?.aborted === true || (err instanceof Error && err.name === 'AbortError');

/** The network failure of spec 8: the flash (unless `silent`), and the rejection. */
function networkFailure(silent: boolean | undefined): ApiError {
  if (!silent) showToast('warning', i18n.t('app:api.noConnection'));
  return new ApiError(0, CLIENT_ERRORS.network, 'network');
}

async function send<T>(method: HttpMethod, url: string, payload: unknown, options: RequestOptions, csrfHeader: Record<string, string>): Promise<ApiResponse<T>> {
  const { signal, json = true } = options;
  let res: Response;
  let text: string;
  try {
    if (!serverFetch && method === 'GET') noteSearch(url);
    res = await (serverFetch ?? fetch)(apiPath(url), {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: json ? 'application/json' : 'application/json, text/plain;q=0.9, */*;q=0.8',
        ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
        // The tab's anonymous session for the search-conversion analysis (./shopper-session.ts); none on the server.
        ...(serverFetch ? {} : shopperSessionHeader()),
        ...options.headers,
        ...csrfHeader,
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      signal,
    });
    if (res.status >= 500 && !options.silent) showToast('error', i18n.t('app:api.serverError'), Number.POSITIVE_INFINITY);
    text = res.status === 204 ? '' : await res.text();
  } catch (err) {
    if (isAbort(err, signal)) throw new ApiError(0, CLIENT_ERRORS.aborted, 'aborted');
    throw networkFailure(options.silent);
  }
  if (res.status === 204) return { body: undefined as T, headers: res.headers, status: 204 };

  const contentType = res.headers.get('content-type') ?? '';
  const isJson = /[/+]json\b/i.test(contentType) || (contentType === '' && /^\s*[[{]/.test(text));
  if (!isJson) {
    if (!res.ok) throw new ApiError(res.status, `HTTP ${res.status}`, undefined, text);
    if (json) throw new ApiError(res.status, CLIENT_ERRORS.not_json, 'not_json', text);
    return { body: text as T, headers: res.headers, status: res.status };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new ApiError(res.status, CLIENT_ERRORS.invalid_json.replace('{detail}', detail), 'invalid_json', text);
  }
  const envelope = (body && typeof body === 'object' ? body : {}) as LooseEnvelope;
  if (!res.ok || envelope.success === false || envelope.status === 'failure') {
    const message = typeof envelope.message === 'string' ? envelope.message : `HTTP ${res.status}`;
    throw new ApiError(res.ok ? 400 : res.status, message, firstErrorCode(envelope), body);
  }
  return { body: body as T, headers: res.headers, status: res.status };
}

/** Paging from the x-pagination-* headers (spec 3 "Product list response"). */
export interface Pagination {
  currentPage: number;
  perPage: number;
  pageCount: number;
  totalCount: number;
}

function intHeader(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null) return undefined;
  const n = Number.parseInt(raw, 10);
  return Number.isFinite(n) ? n : undefined;
}

/** Reads the pagination headers; missing ones fall back to the request and the number of results received. */
export function readPagination(
  headers: Headers,
  fallback: { page: number; perPage: number; received: number },
): Pagination {
  const perPage = intHeader(headers, PAGINATION_HEADERS.perPage) ?? fallback.perPage;
  const currentPage = intHeader(headers, PAGINATION_HEADERS.currentPage) ?? fallback.page;
  const totalCount =
    intHeader(headers, PAGINATION_HEADERS.totalCount) ?? (fallback.page - 1) * fallback.perPage + fallback.received;
  const pageCount =
    intHeader(headers, PAGINATION_HEADERS.pageCount) ?? Math.max(1, Math.ceil(totalCount / Math.max(1, perPage)));
  return { currentPage, perPage, pageCount, totalCount };
}
