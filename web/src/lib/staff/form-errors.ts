/**
 * Errors of a failed staff save or login as a form shows them (spec 8 "Login failure: server field errors on the
 * form"; conventions 13 "field errors come from the envelope's errors[].field"). The failure envelope of spec 7
 * carries `errors: [{ code, message, field? }]` (api/contracts/session.ts `FieldError`).
 */
import type { FieldError } from '../../../../api/contracts/session';
import { ApiError, apiErrorText } from '../api-client';

export interface FormErrors {
  /** The first message per form field, e.g. { username: 'Username is taken' }. */
  fields: Record<string, string>;
  /** Messages that belong to no field of the form (or the error's own text when the envelope has none). */
  general: string[];
}

/**
 * Splits `error` into field messages and general ones. `knownFields`: the form's field names; an error naming
 * another field counts as general, so no message is lost.
 */
export function formErrors(error: unknown, knownFields: readonly string[]): FormErrors {
  const out: FormErrors = { fields: {}, general: [] };
  const body = error instanceof ApiError ? (error.body as { errors?: unknown } | undefined) : undefined;
  const items = Array.isArray(body?.errors) ? (body.errors as Partial<FieldError>[]) : [];
  for (const item of items) {
    if (typeof item?.message !== 'string' || !item.message) continue;
    if (typeof item.field === 'string' && knownFields.includes(item.field)) out.fields[item.field] ??= item.message;
    else if (!out.general.includes(item.message)) out.general.push(item.message);
  }
  if (!items.length) out.general.push(apiErrorText(error));
  return out;
}

/**
 * The message of a react-hook-form error at a dotted `path` of `errors` (`'visibility.state'`, `'rows.2.name'`), or
 * undefined when that field has none.
 */
export function fieldErrorAt(errors: object, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}
