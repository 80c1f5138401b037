/**
 * A labelled text field of the checkout form: required fields are marked, and a failing one carries aria-invalid
 * and aria-describedby pointing at its error text ('Required', spec 5).
 */
import type { InputHTMLAttributes } from 'react';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error: string | null;
  /** Renders a textarea instead of an input. */
  multiline?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
}

/** Id of a field's error text. */
export const errorIdOf = (id: string) => `${id}-error`;

export function TextField({ id, label, value, onChange, required, error, multiline, type = 'text', autoComplete, inputMode }: TextFieldProps) {
  const common = {
    id,
    value,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorIdOf(id) : undefined,
  } as const;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
      )}
      {error && (
        <p id={errorIdOf(id)} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
