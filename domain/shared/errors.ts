/**
 * The one error shape of the domain (conventions 4): a stable `code` the web app translates, and a category the
 * API maps to an HTTP status (validation 400, not_found 404, illegal_state 409, conflict 409).
 */
export type ErrorCategory = 'validation' | 'illegal_state' | 'not_found' | 'conflict';

/** One problem of a DomainError with several: a code, the field it names, and a text when the domain has one. */
export interface DomainProblem {
  code: string;
  field?: string;
  /** Already in the user's language; else the API's text for `code`. */
  message?: string;
}

export class DomainError extends Error {
  constructor(
    /** Stable machine code, e.g. `product.price_negative`. */
    readonly code: string,
    readonly category: ErrorCategory,
    message: string,
    /** Name of the offending input field, when there is one. */
    readonly field?: string,
    /**
     * More than one problem (one per field or order line, each with its own code) and where the client should go
     * to fix them (e.g. '/cart', spec 7 "Error: redirect and errors"); the API renders them in its envelope.
     */
    readonly details?: { problems?: DomainProblem[]; redirect?: string },
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const validation = (code: string, message: string, field?: string) => new DomainError(code, 'validation', message, field);
export const illegalState = (code: string, message: string) => new DomainError(code, 'illegal_state', message);
export const notFound = (code: string, message: string) => new DomainError(code, 'not_found', message);
