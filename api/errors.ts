/**
 * The one error handler (conventions 4): maps every error to the envelope of spec 7
 * `{ success: false, status: 'failure', message, errors: [{ code, message, field? }] }` in the user's language.
 * Domain error categories map to statuses (validation 400, not_found 404, illegal_state and conflict 409);
 * request validation errors are 400; the text of every 5xx is hidden.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/shared/errors.js';
import { message, requestLanguage } from './messages.js';

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

/** Sends a failure envelope. */
export function sendFailure(request: FastifyRequest, reply: FastifyReply, status: number, errors: { code: string; field?: string; message?: string }[]) {
  const language = requestLanguage(request.query, request.headers['accept-language']);
  const withMessages = errors.map((e) => ({ code: e.code, message: e.message ?? message(e.code, language), ...(e.field ? { field: e.field } : {}) }));
  return reply.status(status).send({ success: false, status: 'failure', message: withMessages[0]?.message ?? message('request.invalid', language), errors: withMessages });
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
    default:
      return 'request.invalid';
  }
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validation?: { instancePath?: string; params?: Record<string, unknown> }[] }, request, reply) => {
    if (error instanceof ApiError) return sendFailure(request, reply, error.statusCode, [{ code: error.code, field: error.field }]);
    if (error instanceof DomainError) {
      const language = requestLanguage(request.query, request.headers['accept-language']);
      return sendFailure(request, reply, STATUS_BY_CATEGORY[error.category], [
        { code: error.code, field: error.field, message: message(error.code, language, error.message) },
      ]);
    }
    // Event store conflicts (WrongExpectedVersionError, IdempotencyViolationError) that a handler gave up on.
    if ((error as { category?: string }).category === 'conflict') return sendFailure(request, reply, 409, [{ code: (error as { code: string }).code }]);
    if (error.validation) {
      const errors = error.validation.map((v) => {
        const field = (v.instancePath ?? '').replace(/^\//, '').split('/')[0] || undefined;
        return { code: codeForField(field), field };
      });
      return sendFailure(request, reply, 400, errors);
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET') return sendFailure(request, reply, 403, [{ code: 'request.csrf_invalid' }]);
    if (status < 500) return sendFailure(request, reply, status, [{ code: status === 404 ? 'not_found' : status === 429 ? 'rate_limited' : 'request.invalid' }]);
    request.log.error({ err: error }, 'request failed');
    return sendFailure(request, reply, 500, [{ code: 'server_error' }]);
  });
}

/** The success envelope of spec 7. */
export const success = <T>(data: T) => ({ success: true as const, status: 'success' as const, data });
