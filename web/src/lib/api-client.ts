/**
 * JSON helpers for the storefront (spec 7 "Calls"): same-origin credentials, abortable. Bodies are typed with the
 * contract types of api/contracts (type-only imports: the API validates its answers, and the storefront bundle
 * carries no schema library). Errors are `ApiError` with the HTTP status and the first error `code` of the
 * envelope, so the UI can translate the code rather than the message (conventions 4).
 */
import { PAGINATION_HEADERS } from '../../../api/contracts/catalog-constants';

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
  body: T;
  headers: Headers;
}

/**
 * GETs `url` and reads the JSON body as `T`.
 * Throws ApiError: HTTP status >= 400 or an envelope with success false / status 'failure' (status of the answer),
 * 0 'network' when the server did not respond, 'invalid_json' when the body is not JSON.
 */
export function getJson<T>(url: string, signal?: AbortSignal): Promise<ApiResponse<T>> {
  return requestJson<T>('GET', url, undefined, signal);
}

/** POSTs `body` as JSON and reads the JSON answer as `T`; errors as `getJson`. */
export function postJson<T>(url: string, body: unknown, signal?: AbortSignal): Promise<ApiResponse<T>> {
  return requestJson<T>('POST', url, body, signal);
}

/** PUTs `body` as JSON and reads the JSON answer as `T`; errors as `getJson`. */
export function putJson<T>(url: string, body: unknown, signal?: AbortSignal): Promise<ApiResponse<T>> {
  return requestJson<T>('PUT', url, body, signal);
}

/**
 * POSTs `body` as JSON with extra request headers (e.g. `Idempotency-Key`); errors as `getJson`, with the failure
 * envelope in `ApiError.body`.
 */
export function postJsonWithHeaders<T>(url: string, body: unknown, headers: Record<string, string>, signal?: AbortSignal): Promise<ApiResponse<T>> {
  return requestJson<T>('POST', url, body, signal, headers);
}

let csrfToken: Promise<string> | null = null;

/**
 * The CSRF token of this visit (spec 7: every call sends one; api/csrf.ts): GET /v1/csrf-token sets its secret
 * cookie and answers the token, fetched once and reused. `fresh` asks again (after a 403 request.csrf_invalid).
 */
function csrf(fresh = false): Promise<string> {
  if (fresh || !csrfToken) {
    csrfToken = getJson<{ data: { token: string } }>('/v1/csrf-token').then((r) => r.body.data.token);
    csrfToken.catch(() => {
      csrfToken = null;
    });
  }
  return csrfToken;
}

async function requestJson<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload: unknown,
  signal?: AbortSignal,
  extraHeaders: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  if (method === 'GET') return sendJson<T>(method, url, payload, signal, extraHeaders);
  try {
    return await sendJson<T>(method, url, payload, signal, { ...extraHeaders, 'X-CSRF-Token': await csrf() });
  } catch (error) {
    // The secret cookie expired or was cleared: one new token, one more try.
    if (!(error instanceof ApiError && error.code === 'request.csrf_invalid')) throw error;
    return sendJson<T>(method, url, payload, signal, { ...extraHeaders, 'X-CSRF-Token': await csrf(true) });
  }
}

async function sendJson<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload: unknown,
  signal: AbortSignal | undefined,
  extraHeaders: Record<string, string>,
): Promise<ApiResponse<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(payload === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' }),
        ...extraHeaders,
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'Server did not respond', 'network');
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ApiError(res.status, 'Server did not respond with JSON', res.ok ? 'invalid_json' : undefined);
  }
  const envelope = (body && typeof body === 'object' ? body : {}) as LooseEnvelope;
  if (!res.ok || envelope.success === false || envelope.status === 'failure') {
    const message = typeof envelope.message === 'string' ? envelope.message : `HTTP ${res.status}`;
    throw new ApiError(res.ok ? 400 : res.status, message, firstErrorCode(envelope), body);
  }
  return { body: body as T, headers: res.headers };
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
