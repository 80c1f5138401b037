/**
 * The checkout form's rules (spec 5 "Checkout": each failure shows 'Required'), checked again by the server when an
 * order is placed. Pure: delivery-provider rules (parcel machine location, courier address, big products) belong to
 * the delivery context (domain/delivery) and are checked beside these.
 *
 * Field names are the spec's (spec 3 "Client", "Order"): first_name, last_name, business_name, email, phone,
 * short_contact_address, delivery_provider, accept_terms.
 */
import { parseEmailAddress } from '../shared/email.js';

export interface CheckoutFields {
  clientType: 'private' | 'business';
  firstName: string;
  lastName: string;
  businessName: string;
  email: string;
  phone: string;
  shortContactAddress: string;
  deliveryProvider: string;
  termsAccepted: boolean;
}

/**
 * A failed rule: the field and a stable code (`checkout.required`, `checkout.email_invalid`,
 * `checkout.terms_not_accepted`).
 */
export interface CheckoutFieldError {
  field: string;
  code: 'checkout.required' | 'checkout.email_invalid' | 'checkout.terms_not_accepted';
}

/**
 * Spec 5 "Checkout": a private client needs first and last name; a business client needs the business name and the
 * order's short contact address (not the VAT number); everyone needs email and phone and a delivery provider; the
 * terms must be accepted. Values are trimmed before the check.
 *
 * The e-mail must be exactly one valid address (`checkout.email_invalid`, domain/shared/email.ts): the spec shows
 * no format check, but the order's confirmation is mailed to it, and a list or a header in that field made the shop
 * an open mail relay. The phone has no format check.
 */
export function checkoutFieldErrors(f: CheckoutFields): CheckoutFieldError[] {
  const errors: CheckoutFieldError[] = [];
  const required = (field: string, value: string) => {
    if (!value.trim()) errors.push({ field, code: 'checkout.required' });
  };
  if (f.clientType === 'business') {
    required('business_name', f.businessName);
    required('short_contact_address', f.shortContactAddress);
  } else {
    required('first_name', f.firstName);
    required('last_name', f.lastName);
  }
  if (!f.email.trim()) errors.push({ field: 'email', code: 'checkout.required' });
  else if (!parseEmailAddress(f.email)) errors.push({ field: 'email', code: 'checkout.email_invalid' });
  required('phone', f.phone);
  required('delivery_provider', f.deliveryProvider);
  if (!f.termsAccepted) errors.push({ field: 'accept_terms', code: 'checkout.terms_not_accepted' });
  return errors;
}

const CLIENT_FIELDS = new Set(['first_name', 'last_name', 'business_name', 'email', 'phone']);

/**
 * The POST /v1/place-order body path of a field named by the checkout rules above or the delivery rules
 * (domain/delivery/providers.ts): `first_name` -> `client.first_name`, `address.city` -> `delivery.city`,
 * `country` -> `delivery.country`, anything else -> `order.<field>`. The server names its errors with it and the
 * storefront's form keys its fields by it.
 */
export function checkoutBodyPath(field: string): string {
  if (CLIENT_FIELDS.has(field)) return `client.${field}`;
  if (field.startsWith('address.')) return `delivery.${field.slice('address.'.length)}`;
  if (field === 'country') return 'delivery.country';
  return `order.${field}`;
}
