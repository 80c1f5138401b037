/**
 * The one error handler (conventions 4): maps every error to the envelope of spec 7
 * `{ success: false, status: 'failure', message, errors: [{ code, message, field? }] }` in the user's language.
 * Domain error categories map to statuses (validation 400, not_found 404, illegal_state and conflict 409);
 * request validation errors are 400; the text of every 5xx is hidden.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/shared/errors.js';
import { isDatabaseUnavailable } from '../../platform/db/database.js';
import { type ApiLanguage, MESSAGE_CODES, message, requestLanguage } from './messages.js';
import { PRE_ROUTING_HEADERS } from './security-headers.js';

/** An error the API raises itself: a code from messages.ts, a status, and optionally the offending field. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    readonly field?: string,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

const STATUS_BY_CATEGORY = { validation: 400, not_found: 404, illegal_state: 409, conflict: 409 } as const;

/** An error item as the envelope lists it; `message` defaults to the text of `code` in the user's language. */
export interface ErrorItem {
  code: string;
  field?: string;
  message?: string;
}

/** A rendered answer: status and the envelope (for callers that store the answer, e.g. api/plugins/idempotency.ts). */
export interface ErrorAnswer {
  status: number;
  payload: { success: false; status: 'failure'; message: string; errors: { code: string; message: string; field?: string }[]; redirect?: string };
}

/**
 * The failure envelope of spec 7 for `errors` (the first error's text is the message unless `extra.message`), plus
 * `redirect` when the shopper must go somewhere to fix it ('/cart', spec 7 "Error: redirect and errors").
 */
export function failureAnswer(language: ApiLanguage, status: number, errors: ErrorItem[], extra: { message?: string; redirect?: string } = {}): ErrorAnswer {
  const items = errors.map((e) => ({ code: e.code, message: e.message ?? message(e.code, language), ...(e.field ? { field: e.field } : {}) }));
  return {
    status,
    payload: {
      success: false,
      status: 'failure',
      message: extra.message ?? items[0]?.message ?? message('request.invalid', language),
      errors: items,
      ...(extra.redirect ? { redirect: extra.redirect } : {}),
    },
  };
}

/**
 * A DomainError as an answer: its category's status; with `details.problems`, one error per problem and the
 * error's own code as the message ('order.not_accepted'), else the error itself (code, field, text).
 */
export function domainErrorAnswer(error: DomainError, language: ApiLanguage): ErrorAnswer {
  const status = STATUS_BY_CATEGORY[error.category];
  const problems = error.details?.problems;
  if (problems?.length) {
    const own = MESSAGE_CODES.has(error.code) ? { message: message(error.code, language) } : {};
    return failureAnswer(language, status, problems, { ...own, redirect: error.details?.redirect });
  }
  return failureAnswer(language, status, [{ code: error.code, field: error.field, message: message(error.code, language, error.message) }], { redirect: error.details?.redirect });
}

/** Sends a failure envelope. */
export function sendFailure(request: FastifyRequest, reply: FastifyReply, status: number, errors: ErrorItem[]) {
  const answer = failureAnswer(safeLanguage(request), status, errors);
  return reply.status(answer.status).send(answer.payload);
}

/** Field-specific codes for query validation failures, so the message says what was wrong. */
function codeForField(field: string | undefined): string {
  switch (field) {
    case 'q':
      return 'request.query_too_long';
    case 'page':
      return 'request.page_invalid';
    case 'pageSize':
    case 'per-page':
      return 'request.page_size_invalid';
    case 'sort':
      return 'request.sort_invalid';
    case 'f':
      return 'request.filters_invalid';
    case 'range':
      return 'statistics.range_invalid';
    case 'kind':
      return 'problematic_products.kind_invalid';
    case 'days':
      return 'problematic_products.days_invalid';
    default:
      return 'request.invalid';
  }
}

/** The code of a framework error's status (Fastify's own errors: FST_ERR_CTP_*, body too large, URL too long). */
function codeForStatus(status: number): string {
  switch (status) {
    case 404:
      return 'not_found';
    case 413:
      return 'request.too_large';
    case 414:
      return 'request.url_too_long';
    case 415:
      return 'request.media_type_unsupported';
    case 429:
      return 'rate_limited';
    default:
      return 'request.invalid';
  }
}

/** The language of a request whose query may not parse (framework errors come before routing). */
function safeLanguage(request: FastifyRequest): ApiLanguage {
  let query: unknown;
  try {
    query = request.query ?? Object.fromEntries(new URL(request.raw.url ?? '/', 'http://localhost').searchParams);
  } catch {
    query = undefined;
  }
  return requestLanguage(query, request.headers['accept-language']);
}

/**
 * Every error as an answer in the envelope: ApiError and DomainError by their status or category, request
 * validation 400, CSRF 403, framework errors by their own 4xx status (400 `request.invalid`, 413
 * `request.too_large`, 414 `request.url_too_long`, 415, 429 `rate_limited`), a database that is unavailable for a
 * moment 503 `server_busy` (platform/db/database.ts isDatabaseUnavailable), anything else 500 `server_error` with
 * its text hidden (logged).
 */
export function errorAnswer(error: unknown, request: FastifyRequest, language: ApiLanguage = safeLanguage(request)): ErrorAnswer {
  if (error instanceof ApiError) return failureAnswer(language, error.statusCode, [{ code: error.code, field: error.field }]);
  if (error instanceof DomainError) return domainErrorAnswer(error, language);
  const e = error as FastifyError & { validation?: { instancePath?: string }[]; category?: string };
  // Event store conflicts (WrongExpectedVersionError, IdempotencyViolationError) that a handler gave up on.
  if (e?.category === 'conflict') return failureAnswer(language, 409, [{ code: e.code }]);
  if (e?.validation) {
    const errors = e.validation.map((v) => {
      const field = (v.instancePath ?? '').replace(/^\//, '').split('/')[0] || undefined;
      return { code: codeForField(field), field };
    });
    return failureAnswer(language, 400, errors);
  }
  if (e?.code === 'FST_CSRF_INVALID_TOKEN' || e?.code === 'FST_CSRF_MISSING_SECRET') return failureAnswer(language, 403, [{ code: 'request.csrf_invalid' }]);
  const status = e?.statusCode && e.statusCode >= 400 && e.statusCode < 600 ? e.statusCode : 500;
  if (status < 500) return failureAnswer(language, status, [{ code: codeForStatus(status) }]);
  // The database refused a connection or lost one (max_connections reached under load, a restart): nothing is
  // wrong with the request, which may be tried again. This was the one 500 of GET /order/download/{unknown token}.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return failureAnswer(language, 503, [{ code: 'server_busy' }]);
  }
  request.log.error({ err: error }, 'request failed');
  return failureAnswer(language, 500, [{ code: 'server_error' }]);
}

/** Sends `errorAnswer(error)`; a 503 says when to try again (Retry-After, seconds). */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const answer = errorAnswer(error, request);
  if (answer.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return reply.status(answer.status).send(answer.payload);
}

/** Retry-After of a 503 `server_busy`, seconds. */
export const RETRY_AFTER_SECONDS = 2;

/**
 * Node's client errors (malformed HTTP, headers over the size limit: 431, a request timeout: 408), which never reach
 * Fastify's router: the same envelope, written on the socket (Fastify's `clientErrorHandler` option), with the
 * security headers of every answer made before routing (api/plugins/security-headers.ts PRE_ROUTING_HEADERS: CSP
 * `default-src 'none'; frame-ancestors 'none'`, X-Frame-Options, nosniff, Referrer-Policy). Estonian: no request was
 * parsed to choose a language from.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const code = status === 431 ? 'request.too_large' : status === 408 ? 'request.timeout' : 'request.invalid';
  const body = JSON.stringify(failureAnswer('et', status, [{ code }]).payload);
  // The same security headers as every other answer made before routing (CSP, frame and sniffing rules).
  const security = Object.entries(PRE_ROUTING_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `${security}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Installs the one error handler (setErrorHandler); Fastify's `frameworkErrors` option calls `sendError` too. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
}

/** The success envelope of spec 7. */
export const success = <T>(data: T) => ({ success: true as const, status: 'success' as const, data });
