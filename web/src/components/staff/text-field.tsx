/**
 * A labelled input of a staff form (conventions 13: react-hook-form), with its error under it (the zod resolver's
 * message or the envelope's errors[].field, lib/staff/form-errors.ts) tied by aria-describedby / aria-invalid.
 */
import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
}

export function TextField({ id, label, registration, error, hint, ...input }: TextFieldProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} {...registration} aria-invalid={error ? true : undefined} aria-describedby={described} />
      {hint ? (
        <p id={`${id}-hint`} className="staff-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="staff-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Messages of a failed save that belong to no field, above the form's buttons. */
export function FormAlert({ messages }: { messages: readonly string[] }) {
  if (!messages.length) return null;
  return (
    <div className="staff-alert" role="alert">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}
