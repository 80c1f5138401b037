/** A text field of the checkout form bound to one draft value and its error (components/text-field.tsx). */
import type { CheckoutForm, DraftGroup } from '../hooks/use-checkout-form';
import { idOf } from '../hooks/use-checkout-form';
import { TextField } from './text-field';

interface DraftFieldProps {
  form: CheckoutForm;
  group: DraftGroup;
  name: string;
  label: string;
  required?: boolean;
  type?: 'email' | 'tel';
  autoComplete?: string;
  multiline?: boolean;
}

export function DraftField({ form, group, name, label, ...options }: DraftFieldProps) {
  const field = `${group}.${name}`;
  return (
    <TextField
      id={idOf(field)}
      label={label}
      value={(form.draft[group] as Record<string, string>)[name] ?? ''}
      onChange={(v) => form.setField(group, name, v)}
      error={form.err(field)}
      {...options}
    />
  );
}
