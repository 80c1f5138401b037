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

/**
 * A staff form's save against a stream that moved since the form read it (conventions 13: "Saving sends the version
 * the screen read; a 409 says who changed it and offers a reload"). Category `conflict` (409); `lastUserId` and
 * `lastChangedAt` (ISO-8601) name who saved meanwhile and when (null when the stored events do not say), and the
 * route turns the user id into a name.
 */
export class ChangedMeanwhileError extends DomainError {
  constructor(
    code: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
    readonly lastUserId: string | null,
    readonly lastChangedAt: string | null,
  ) {
    super(code, 'conflict', `Changed since version ${expectedVersion} (now ${actualVersion})${lastChangedAt ? ` at ${lastChangedAt}` : ''}`);
    this.name = 'ChangedMeanwhileError';
  }
}
