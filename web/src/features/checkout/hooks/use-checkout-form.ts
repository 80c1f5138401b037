/**
 * The checkout form's state (spec 4 "Checkout", spec 5 "Checkout"): the draft kept in local storage 'checkoutDraft'
 * (spec 3 "Remembered user options": written 200 ms after the last change, at once when the form unmounts or the
 * page is left; lib/deferred-write.ts), the terms flag (never stored) and the error text shown per field, keyed by
 * the POST /v1/place-order body path ('client.first_name', 'order.delivery_option', ...).
 */
import { type Dispatch, type SetStateAction, useCallback, useEffect, useState } from 'react';
import { flushWrite, writeLater } from '../../../lib/deferred-write';
import { CHECKOUT_DRAFT_KEY } from '../../../lib/vat';
import { type CheckoutDraft, DRAFT_PERSIST_MS, readDraft, writeDraft } from '../utils/draft';

export type DraftGroup = keyof CheckoutDraft;

export interface CheckoutForm {
  draft: CheckoutDraft;
  setDraft: Dispatch<SetStateAction<CheckoutDraft>>;
  /** Sets one field and clears its error. */
  setField: (group: DraftGroup, name: string, value: string) => void;
  terms: boolean;
  setTerms: (accepted: boolean) => void;
  /** Error text per body path. */
  errors: Record<string, string>;
  setErrors: Dispatch<SetStateAction<Record<string, string>>>;
  /** Clears the errors of `fields`. */
  clearErrors: (...fields: string[]) => void;
  /** The error text of a field, or null. */
  err: (field: string) => string | null;
}

/** Element id of a form field by its body path: 'client.first_name' -> 'checkout-client-first_name'. */
export const idOf = (field: string) => `checkout-${field.replace(/\./g, '-')}`;

export function useCheckoutForm(): CheckoutForm {
  const [draft, setDraft] = useState<CheckoutDraft>(readDraft);
  const [terms, setTermsState] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    writeLater(CHECKOUT_DRAFT_KEY, () => writeDraft(draft), DRAFT_PERSIST_MS);
  }, [draft]);
  useEffect(() => () => flushWrite(CHECKOUT_DRAFT_KEY), []);

  const clearErrors = useCallback((...fields: string[]) => {
    setErrors((current) => {
      if (!fields.some((f) => f in current)) return current;
      const next = { ...current };
      for (const f of fields) delete next[f];
      return next;
    });
  }, []);
  const setField = useCallback(
    (group: DraftGroup, name: string, value: string) => {
      setDraft((d) => ({ ...d, [group]: { ...d[group], [name]: value } }));
      clearErrors(`${group}.${name}`);
    },
    [clearErrors],
  );
  const setTerms = useCallback(
    (accepted: boolean) => {
      setTermsState(accepted);
      clearErrors('order.accept_terms');
    },
    [clearErrors],
  );
  return { draft, setDraft, setField, terms, setTerms, errors, setErrors, clearErrors, err: (field) => errors[field] ?? null };
}
