/**
 * The checkout form's checks in the browser (spec 5 "Checkout"; each failure shows 'Required'), the same rules
 * the server applies again on POST /v1/place-order (domain/order/checkout.ts, domain/delivery/providers.ts):
 *
 * - private client: first_name and last_name; business client: business_name and short_contact_address
 *   (vat_reg_nr is optional);
 * - email and phone (no format check);
 * - a delivery country and a delivery provider;
 * - a courier (inputType Address, omniva-courier) needs street, state, city and area_code;
 * - a location provider (inputType select: omniva-parcel, omniva-po, itella-ee-parcel, itella-fi-parcel) needs a
 *   delivery_option;
 * - the terms accepted;
 * - a cart with a big product and a provider without big_product: 'tooBig' on the provider ('The selected delivery
 *   provider is not available as your cart contains product which is too big for parcel machines.').
 *
 * Field keys are the body paths of POST /v1/place-order, as the server names them in its errors
 * (`client.first_name`, `order.delivery_option`, `delivery.street`, `order.accept_terms`, ...).
 */
import { checkoutBodyPath, checkoutFieldErrors } from '../../../../../domain/order/checkout';
import type { CheckoutDraft } from './draft';

export type CheckoutErrorCode = 'required' | 'tooBig';
export type CheckoutErrors = Partial<Record<string, CheckoutErrorCode>>;

/** What the checks need to know of the chosen provider (GET /v1/delivery-provider). */
export interface ProviderRule {
  id: string;
  inputType: 'select' | 'value' | 'Address';
  big_product: boolean;
}

/** Address fields the courier needs (spec 5). */
export const COURIER_FIELDS = ['street', 'state', 'city', 'area_code'] as const;

/**
 * Checks a (trimmed) draft. `provider` is the chosen provider's rule or null when none is chosen or it is unknown.
 * @returns the failing fields; empty when the form may be submitted.
 */
export function validateCheckout(draft: CheckoutDraft, termsAccepted: boolean, provider: ProviderRule | null, cartHasBigProduct: boolean): CheckoutErrors {
  const errors: CheckoutErrors = {};
  const need = (key: string, value: string) => {
    if (!value.trim()) errors[key] = 'required';
  };
  const { client, order, delivery } = draft;
  // The client, contact, provider and terms rules are the server's own (pure, shared with the api).
  const fieldErrors = checkoutFieldErrors({
    clientType: client.client_type,
    firstName: client.first_name,
    lastName: client.last_name,
    businessName: client.business_name,
    email: client.email,
    phone: client.phone,
    shortContactAddress: order.short_contact_address,
    deliveryProvider: order.delivery_provider,
    termsAccepted,
  });
  for (const e of fieldErrors) errors[checkoutBodyPath(e.field)] = 'required';
  need('delivery.country', delivery.country);
  if (!provider) {
    errors['order.delivery_provider'] = 'required';
  } else if (order.delivery_provider) {
    if (cartHasBigProduct && !provider.big_product) errors['order.delivery_provider'] = 'tooBig';
    if (provider.inputType === 'Address') for (const f of COURIER_FIELDS) need(`delivery.${f}`, delivery[f]);
    else if (provider.inputType === 'select') need('order.delivery_option', order.delivery_option);
  }
  return errors;
}

/** The order the form shows its fields in: the first failing one gets the focus after a submit. */
export const FIELD_ORDER = [
  'client.first_name',
  'client.last_name',
  'client.business_name',
  'order.short_contact_address',
  'client.vat_reg_nr',
  'client.email',
  'client.phone',
  'delivery.country',
  'order.delivery_provider',
  'order.delivery_option',
  'delivery.street',
  'delivery.apartment',
  'delivery.city',
  'delivery.state',
  'delivery.area_code',
  'order.delivery_user_comment',
  'order.accept_terms',
] as const;

/** The first failing field in form order, or null. */
export function firstInvalidField(errors: Partial<Record<string, unknown>>): string | null {
  return FIELD_ORDER.find((f) => errors[f] !== undefined) ?? Object.keys(errors)[0] ?? null;
}

/**
 * Narrows location options to those whose name, city or address contains every word of `filter` (case and
 * diacritics ignored: "parnu" finds "Pärnu"). An empty filter keeps every option.
 */
export function filterLocations<T extends { name: string; city: string; address: string }>(options: T[], filter: string): T[] {
  const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const words = fold(filter).split(/\s+/).filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((o) => {
    const hay = fold(`${o.name} ${o.city} ${o.address}`);
    return words.every((w) => hay.includes(w));
  });
}
