/**
 * The checkout form's checks in the browser (spec 5 "Checkout"; each failure shows 'Required'): the server's own
 * pure rules, called here so the form and POST /v1/place-order cannot disagree:
 *
 * - client, contact, provider and terms: domain/order/checkout.ts `checkoutFieldErrors` (private client: first and
 *   last name; business: business_name and short_contact_address, vat_reg_nr optional; e-mail exactly one valid
 *   address; phone; a delivery provider; the terms accepted);
 * - delivery: domain/delivery/providers.ts `validateDelivery` (a country; a courier needs street, state, city and
 *   area_code; a location provider needs a delivery_option; a cart with a big product refuses a provider without
 *   big products: 'The selected delivery provider is not available as your cart contains product which is too big
 *   for parcel machines.').
 *
 * Field keys are the body paths of POST /v1/place-order, as the server names them in its errors
 * (`client.first_name`, `order.delivery_option`, `delivery.street`, `order.accept_terms`, ...;
 * domain/order/checkout.ts `checkoutBodyPath`).
 */
import { validateDelivery } from '../../../../../domain/delivery/providers';
import { checkoutBodyPath, checkoutFieldErrors } from '../../../../../domain/order/checkout';
import type { CheckoutDraft } from './draft';

/**
 * What the form shows for a failed field: `required` ('Required'), `tooBig` (the big-product message), `emailInvalid`
 * (not exactly one valid e-mail address). The domain's other delivery codes (unknown provider or country, a provider
 * or location no longer offered) show 'Required': the form only offers what the server lists, so they mean a stale
 * draft whose choice must be made again.
 */
export type CheckoutErrorCode = 'required' | 'tooBig' | 'emailInvalid';
export type CheckoutErrors = Partial<Record<string, CheckoutErrorCode>>;

/** The chosen provider as GET /v1/delivery-provider lists it (its rules are the domain's, looked up by `id`). */
export interface ProviderRule {
  id: string;
  inputType: 'select' | 'value' | 'Address';
  big_product: boolean;
}

const codeOf = (domainCode: string): CheckoutErrorCode =>
  domainCode === 'delivery.too_big_for_provider' ? 'tooBig' : domainCode === 'checkout.email_invalid' ? 'emailInvalid' : 'required';

/**
 * Checks a (trimmed) draft. `provider` is the chosen provider, or null when none is chosen or the delivery country
 * does not offer it. The location list is the server's (the form only offers listed locations), so any chosen
 * option counts as offered here; the server checks it again.
 * @returns the failing fields; empty when the form may be submitted.
 */
export function validateCheckout(draft: CheckoutDraft, termsAccepted: boolean, provider: Pick<ProviderRule, 'id'> | null, cartHasBigProduct: boolean): CheckoutErrors {
  const errors: CheckoutErrors = {};
  const { client, order, delivery } = draft;
  const providerId = provider ? order.delivery_provider : '';
  const found = [
    ...checkoutFieldErrors({
      clientType: client.client_type,
      firstName: client.first_name,
      lastName: client.last_name,
      businessName: client.business_name,
      email: client.email,
      phone: client.phone,
      shortContactAddress: order.short_contact_address,
      deliveryProvider: providerId,
      termsAccepted,
    }),
    ...validateDelivery(
      { providerId, optionId: order.delivery_option, address: delivery, country: delivery.country, cartHasBigProduct },
      () => true,
    ),
  ];
  for (const e of found) {
    const key = checkoutBodyPath(e.field);
    // The first failure of a field wins, except that a provider refused for big products says so.
    if (errors[key] === undefined || codeOf(e.code) === 'tooBig') errors[key] = codeOf(e.code);
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
 * diacritics ignored: "parnu" finds "Pärnu"), ranked: first those whose name holds every word, then
 * those whose name and city hold them, then the rest, which need the street ("Tartu" finds the Tartu machines before
 * Iisaku and Jõhvi, whose street is Tartu mnt). Within a rank the given order (the API's by name) is kept. An empty
 * filter keeps every option in the given order.
 */
export function filterLocations<T extends { name: string; city: string; address: string }>(options: T[], filter: string): T[] {
  const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const words = fold(filter).split(/\s+/).filter(Boolean);
  if (words.length === 0) return options;
  const ranked: T[][] = [[], [], []];
  for (const o of options) {
    const name = fold(o.name);
    const place = `${name} ${fold(o.city)}`;
    if (words.every((w) => name.includes(w))) ranked[0]!.push(o);
    else if (words.every((w) => place.includes(w))) ranked[1]!.push(o);
    else if (words.every((w) => `${place} ${fold(o.address)}`.includes(w))) ranked[2]!.push(o);
  }
  return ranked.flat();
}
