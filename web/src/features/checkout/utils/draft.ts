/**
 * The checkout form draft (spec 3 "Remembered user options": the checkout form draft; spec 9: "The checkout draft
 * is kept in local storage"), under local storage 'checkoutDraft' in the shape of POST /v1/place-order's body
 * (api/contracts/orders.ts): `{ client, order, delivery }`. The VAT registration number is `client.vat_reg_nr`,
 * where web/src/lib/vat.ts reads it (a draft with `vat_reg_nr` at the top level, as older drafts had, is read too).
 * The accepted-terms flag is never stored (spec 4 "Checkout": it is cleared after submit). Options persist after
 * 200 ms (spec 9).
 */
import { CHECKOUT_DRAFT_KEY } from '../../../lib/vat';

export type ClientType = 'private' | 'business';

export interface CheckoutDraft {
  client: {
    client_type: ClientType;
    first_name: string;
    last_name: string;
    business_name: string;
    email: string;
    phone: string;
    vat_reg_nr: string;
  };
  order: {
    delivery_provider: string;
    /** The parcel machine / post office id of a location provider. */
    delivery_option: string;
    short_contact_address: string;
    delivery_user_comment: string;
  };
  /** spec 3 "Delivery address" plus the delivery country (EE, LV, LT, FI). */
  delivery: {
    country: string;
    street: string;
    apartment: string;
    city: string;
    state: string;
    area_code: string;
  };
}

/** Delay before a draft change is written to local storage, in milliseconds (spec 9: options persist after 200 ms). */
export const DRAFT_PERSIST_MS = 200;

export const DEFAULT_COUNTRY = 'EE';

export function emptyDraft(): CheckoutDraft {
  return {
    client: { client_type: 'private', first_name: '', last_name: '', business_name: '', email: '', phone: '', vat_reg_nr: '' },
    order: { delivery_provider: '', delivery_option: '', short_contact_address: '', delivery_user_comment: '' },
    delivery: { country: DEFAULT_COUNTRY, street: '', apartment: '', city: '', state: '', area_code: '' },
  };
}

const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);

/** A draft from stored JSON of any age: unknown fields dropped, missing ones empty; never throws. */
export function parseDraft(raw: string | null): CheckoutDraft {
  const d = emptyDraft();
  let stored: Record<string, unknown>;
  try {
    stored = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    return d;
  }
  if (!stored || typeof stored !== 'object') return d;
  const group = (name: string) => {
    const g = stored[name];
    return g && typeof g === 'object' ? (g as Record<string, unknown>) : {};
  };
  const c = group('client');
  const o = group('order');
  const del = group('delivery');
  d.client = {
    client_type: c.client_type === 'business' ? 'business' : 'private',
    first_name: str(c.first_name, ''),
    last_name: str(c.last_name, ''),
    business_name: str(c.business_name, ''),
    email: str(c.email, ''),
    phone: str(c.phone, ''),
    vat_reg_nr: str(c.vat_reg_nr, str(stored.vat_reg_nr, '')),
  };
  d.order = {
    delivery_provider: str(o.delivery_provider, ''),
    delivery_option: str(o.delivery_option, ''),
    short_contact_address: str(o.short_contact_address, ''),
    delivery_user_comment: str(o.delivery_user_comment, ''),
  };
  d.delivery = {
    country: str(del.country, DEFAULT_COUNTRY) || DEFAULT_COUNTRY,
    street: str(del.street, ''),
    apartment: str(del.apartment, ''),
    city: str(del.city, ''),
    state: str(del.state, ''),
    area_code: str(del.area_code, ''),
  };
  return d;
}

/** Every text field trimmed (spec 5: client fields are trimmed on submit). */
export function trimDraft(d: CheckoutDraft): CheckoutDraft {
  const trim = <T extends Record<string, string>>(g: T): T => Object.fromEntries(Object.entries(g).map(([k, v]) => [k, v.trim()])) as T;
  return { client: trim(d.client), order: trim(d.order), delivery: trim(d.delivery) };
}

/** The stored draft (an empty one when none or unreadable). */
export function readDraft(): CheckoutDraft {
  try {
    return parseDraft(localStorage.getItem(CHECKOUT_DRAFT_KEY));
  } catch {
    return emptyDraft();
  }
}

/** Stores the draft at once (the form calls it 200 ms after the last change). */
export function writeDraft(d: CheckoutDraft): void {
  try {
    localStorage.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify(d));
  } catch {
    /* storage unavailable: the draft lasts for this visit */
  }
}
