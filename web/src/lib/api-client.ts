/**
 * JSON GET helper for the storefront (spec 7 "Calls"): same-origin credentials, abortable, parses the body with a
 * zod schema from api/contracts. Errors are `ApiError` with the HTTP status and the first error `code` of the
 * envelope, so the UI can translate the code rather than the message (conventions 4).
 */
import type { z } from 'zod';
import { PAGINATION_HEADERS } from '../../../api/contracts/catalog';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
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
 * GETs `url` and parses the JSON body with `schema`.
 * Throws ApiError: HTTP status >= 400 or an envelope with success false / status 'failure' (status of the answer),
 * 0 'network' when the server did not respond, 'invalid_json' when the body is not JSON, 'invalid_response' when
 * the body does not match the contract.
 */
export async function getJson<S extends z.ZodType>(
  url: string,
  schema: S,
  signal?: AbortSignal,
): Promise<ApiResponse<z.infer<S>>> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' }, signal });
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
    throw new ApiError(res.ok ? 400 : res.status, message, firstErrorCode(envelope));
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    if (import.meta.env.DEV) console.error(`Unexpected response from ${url}`, parsed.error.issues);
    throw new ApiError(res.status, 'Unexpected response', 'invalid_response');
  }
  return { body: parsed.data, headers: res.headers };
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
