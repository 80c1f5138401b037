/**
 * Delivery providers, delivery countries and the delivery checks of checkout (spec 3 "Delivery provider",
 * "Delivery address", "Product" code2/code1 `postikulu`; spec 5 "Checkout"; spec 7 GET /v1/delivery-provider).
 *
 * Pure data and pure functions: no I/O, no clock. Money is integer euro cents, gross (VAT included).
 *
 * | id               | carrier and what the shopper picks                     | inputType | countries  | big products |
 * |------------------|--------------------------------------------------------|-----------|------------|--------------|
 * | omniva-parcel    | Omniva parcel machine (TYPE 0 of omniva locations.json) | select    | EE, LV, LT | no           |
 * | omniva-po        | Omniva post office (TYPE 1; only Estonia has them)      | select    | EE         | yes (1)      |
 * | omniva-courier   | Omniva courier to the shopper's address                 | Address   | EE, LV, LT | yes          |
 * | itella-ee-parcel | SmartPost (Itella) parcel machine / parcel point in EE  | select    | EE         | no           |
 * | itella-fi-parcel | Posti (Itella) parcel machine in Finland (2)            | select    | FI         | no           |
 *
 * (1) A post office hands parcels over the counter, so a product too big for a parcel machine (spec 3
 *     `big_product`) can still be sent there.
 * (2) No public snapshot of Finnish locations ships with the shop: the provider offers no location until a feed is
 *     configured (ITELLA_FI_LOCATIONS_URL), so its option list is empty and checkout cannot pick it.
 */
import type { Localized } from '../shared/localized.js';
import { POSTAGE_CODE_PREFIX } from './postage-code.js';

export const DELIVERY_PROVIDER_IDS = ['omniva-parcel', 'omniva-po', 'omniva-courier', 'itella-ee-parcel', 'itella-fi-parcel'] as const;
export type DeliveryProviderId = (typeof DELIVERY_PROVIDER_IDS)[number];

/** Countries the shop delivers to (ISO 3166-1 alpha-2). */
export const DELIVERY_COUNTRY_CODES = ['EE', 'LV', 'LT', 'FI'] as const;
export type DeliveryCountryCode = (typeof DELIVERY_COUNTRY_CODES)[number];

/** `deliveryCountries` of spec 7: country code to its label per language. */
export const DELIVERY_COUNTRIES: Record<DeliveryCountryCode, Localized> = {
  EE: { et: 'Eesti', en: 'Estonia' },
  LV: { et: 'Läti', en: 'Latvia' },
  LT: { et: 'Leedu', en: 'Lithuania' },
  FI: { et: 'Soome', en: 'Finland' },
};

/** spec 3 "Delivery provider" inputType: `select` picks a location (option), `Address` asks for a delivery address. */
export type DeliveryInputType = 'select' | 'value' | 'Address';

export interface DeliveryProvider {
  id: DeliveryProviderId;
  name: Localized;
  desc: Localized;
  supportedCountries: readonly DeliveryCountryCode[];
  inputType: DeliveryInputType;
  /** True when the provider also takes products too big for parcel machines (spec 3 `big_product`). */
  bigProduct: boolean;
  /** The postage a shopper pays, in euro cents, gross (VAT included). */
  feeCents: number;
  /** Where its locations come from (null: a courier, no locations). */
  locations: { carrier: 'omniva'; type: '0' | '1' } | { carrier: 'itella'; country: 'EE' | 'FI' } | null;
}

export const DELIVERY_PROVIDERS: Record<DeliveryProviderId, DeliveryProvider> = {
  'omniva-parcel': {
    id: 'omniva-parcel',
    name: { et: 'Omniva pakiautomaat', en: 'Omniva parcel machine' },
    desc: {
      et: 'Pakk toimetatakse valitud Omniva pakiautomaati Eestis, Lätis või Leedus.',
      en: 'The parcel is delivered to the Omniva parcel machine of your choice in Estonia, Latvia or Lithuania.',
    },
    supportedCountries: ['EE', 'LV', 'LT'],
    inputType: 'select',
    bigProduct: false,
    feeCents: 399,
    locations: { carrier: 'omniva', type: '0' },
  },
  'omniva-po': {
    id: 'omniva-po',
    name: { et: 'Omniva postkontor', en: 'Omniva post office' },
    desc: {
      et: 'Pakk toimetatakse valitud Omniva postkontorisse või postipunkti, kust saate selle kätte letist.',
      en: 'The parcel is delivered to the Omniva post office or post point of your choice and handed over at the counter.',
    },
    supportedCountries: ['EE'],
    inputType: 'select',
    bigProduct: true,
    feeCents: 499,
    locations: { carrier: 'omniva', type: '1' },
  },
  'omniva-courier': {
    id: 'omniva-courier',
    name: { et: 'Omniva kuller', en: 'Omniva courier' },
    desc: {
      et: 'Kuller toimetab paki Teie aadressile. Sobib ka pakiautomaati mittemahtuvatele toodetele.',
      en: 'A courier delivers the parcel to your address. Also for products too big for parcel machines.',
    },
    supportedCountries: ['EE', 'LV', 'LT'],
    inputType: 'Address',
    bigProduct: true,
    feeCents: 799,
    locations: null,
  },
  'itella-ee-parcel': {
    id: 'itella-ee-parcel',
    name: { et: 'SmartPosti pakiautomaat', en: 'SmartPost parcel machine' },
    desc: {
      et: 'Pakk toimetatakse valitud SmartPosti (Itella) pakiautomaati või pakipunkti Eestis.',
      en: 'The parcel is delivered to the SmartPost (Itella) parcel machine or parcel point of your choice in Estonia.',
    },
    supportedCountries: ['EE'],
    inputType: 'select',
    bigProduct: false,
    feeCents: 379,
    locations: { carrier: 'itella', country: 'EE' },
  },
  'itella-fi-parcel': {
    id: 'itella-fi-parcel',
    name: { et: 'Posti pakiautomaat Soomes', en: 'Posti parcel machine in Finland' },
    desc: {
      et: 'Pakk toimetatakse valitud Posti (Itella) pakiautomaati Soomes.',
      en: 'The parcel is delivered to the Posti (Itella) parcel machine of your choice in Finland.',
    },
    supportedCountries: ['FI'],
    inputType: 'select',
    bigProduct: false,
    feeCents: 990,
    locations: { carrier: 'itella', country: 'FI' },
  },
};

export const isDeliveryProviderId = (id: unknown): id is DeliveryProviderId => (DELIVERY_PROVIDER_IDS as readonly unknown[]).includes(id);
export const isDeliveryCountryCode = (code: unknown): code is DeliveryCountryCode => (DELIVERY_COUNTRY_CODES as readonly unknown[]).includes(code);

/** The provider of `id`, or null when the id is unknown. */
export function deliveryProvider(id: string): DeliveryProvider | null {
  return isDeliveryProviderId(id) ? DELIVERY_PROVIDERS[id] : null;
}

// ---- postage products -----------------------------------------------------------------------------------------

// Prefix and test of postage codes (spec 3 "Product"): ./postage-code.ts, re-exported here.
export { isPostageCode, POSTAGE_CODE_PREFIX } from './postage-code.js';

/** code1 of a provider's postage product, e.g. `postikulu-omniva-parcel`. */
export const postageCode = (providerId: DeliveryProviderId) => `${POSTAGE_CODE_PREFIX}-${providerId}`;


/**
 * Product ids of the postage products: the catalog's product id of their code1 (uuid v5 of the code in the
 * catalog's namespace, commands/catalog/catalog-csv.ts `productIdForCode`), written out here because domain/ holds
 * no id generator. providers.unit.spec.ts proves they equal `productIdForCode(postageCode(id))`.
 */
const POSTAGE_PRODUCT_IDS: Record<DeliveryProviderId, string> = {
  'omniva-parcel': 'f7aeb579-f2af-55e6-a228-b19f4c45d819',
  'omniva-po': 'c4aadd34-2735-51e4-83a6-664e09ba9506',
  'omniva-courier': '3eb85ae3-508d-5155-9758-b1cbe49dadf8',
  'itella-ee-parcel': '55b74914-1a44-56cf-a6d7-4a1e5bc1db54',
  'itella-fi-parcel': 'ec4ad1d0-f707-515c-950e-236032408b3f',
};

/**
 * The catalog product id of the provider's postage product (a uuid, the same on every machine): the order flow
 * prices the delivery fee line from the catalog through it (spec 7 GET /v1/delivery-provider/{providerId}).
 * @throws Error when `providerId` is not a known provider (a programming error: validate with `validateDelivery`).
 */
export function postageProductId(providerId: string): string {
  if (!isDeliveryProviderId(providerId)) throw new Error(`Unknown delivery provider ${providerId}`);
  return POSTAGE_PRODUCT_IDS[providerId];
}

/** The provider whose postage product has this id, or null. */
export function providerOfPostageProduct(productId: string): DeliveryProviderId | null {
  return DELIVERY_PROVIDER_IDS.find((id) => POSTAGE_PRODUCT_IDS[id] === productId) ?? null;
}

// ---- checkout validation (spec 5 "Checkout") ------------------------------------------------------------------

/** Delivery address fields (spec 3 "Delivery address"); apartment is optional. */
export interface DeliveryAddressInput {
  street?: string | null;
  apartment?: string | null;
  city?: string | null;
  state?: string | null;
  area_code?: string | null;
  country?: string | null;
}

export interface DeliveryInput {
  /** spec 3 Order.delivery_provider. */
  providerId?: string | null;
  /** spec 3 Order.delivery_option: the location id (parcel machine, post office). */
  optionId?: string | null;
  address?: DeliveryAddressInput | null;
  /** The delivery country chosen in the Delivery section (EE, LV, LT, FI). */
  country?: string | null;
  /** True when a product of the cart has `big_product` set. */
  cartHasBigProduct: boolean;
}

/** One failed field: a stable code, the field name of the checkout form, and the message in both languages. */
export interface DeliveryFieldError {
  field: string;
  code: string;
  messages: Localized;
}

/** Messages of the delivery checks, per code (spec 5: each missing field shows 'Required'). */
export const DELIVERY_MESSAGES = {
  'delivery.required': { et: 'Kohustuslik', en: 'Required' },
  'delivery.too_big_for_provider': {
    et: 'Valitud tarneviis ei ole saadaval, sest ostukorvis on toode, mis on pakiautomaadi jaoks liiga suur.',
    en: 'The selected delivery provider is not available as your cart contains product which is too big for parcel machines.',
  },
  'delivery.provider_unknown': { et: 'Tundmatu tarneviis.', en: 'Unknown delivery provider.' },
  'delivery.country_unknown': { et: 'Sellesse riiki me ei tarni.', en: 'We do not deliver to this country.' },
  'delivery.provider_not_in_country': {
    et: 'Valitud tarneviis ei ole selles riigis saadaval.',
    en: 'The selected delivery provider does not deliver to this country.',
  },
  'delivery.option_not_offered': {
    et: 'Valitud pakiautomaati või postkontorit ei ole enam valikus. Palun valige mõni teine.',
    en: 'The selected parcel machine or post office is no longer offered. Please choose another one.',
  },
} as const satisfies Record<string, Localized>;
export type DeliveryErrorCode = keyof typeof DELIVERY_MESSAGES;

const fieldError = (field: string, code: DeliveryErrorCode): DeliveryFieldError => ({ field, code, messages: DELIVERY_MESSAGES[code] });
const blank = (value: string | null | undefined) => !value || !value.trim();

/** Address fields the courier needs (spec 5: omniva-courier needs street, state, city and area_code). */
export const COURIER_ADDRESS_FIELDS = ['street', 'state', 'city', 'area_code'] as const;

/**
 * The delivery checks of checkout (spec 5 "Checkout"), pure: returns every failed field, empty when the delivery
 * is acceptable.
 *
 * - `country` required, one of EE, LV, LT, FI (field `country`);
 * - `providerId` required and known (field `delivery_provider`), delivering to `country`;
 * - a courier (inputType Address) needs street, state, city, area_code (fields `address.<name>`, 'Required');
 * - a location provider needs `optionId` (field `delivery_option`, 'Required'), and the option must be offered now:
 *   `offeredOption(providerId, optionId)` answers that (projections/delivery/queries.ts `isLocationOffered`);
 * - a cart with a big product and a provider without `bigProduct`: the spec's message on `delivery_provider`.
 *
 * Codes: delivery.required, delivery.country_unknown, delivery.provider_unknown, delivery.provider_not_in_country,
 * delivery.option_not_offered, delivery.too_big_for_provider (messages in DELIVERY_MESSAGES).
 */
export function validateDelivery(input: DeliveryInput, offeredOption: (providerId: DeliveryProviderId, optionId: string) => boolean): DeliveryFieldError[] {
  const errors: DeliveryFieldError[] = [];
  const country = input.country?.trim().toUpperCase() ?? '';
  if (!country) errors.push(fieldError('country', 'delivery.required'));
  else if (!isDeliveryCountryCode(country)) errors.push(fieldError('country', 'delivery.country_unknown'));

  const providerId = input.providerId?.trim() ?? '';
  if (!providerId) {
    errors.push(fieldError('delivery_provider', 'delivery.required'));
    return errors;
  }
  const provider = deliveryProvider(providerId);
  if (!provider) {
    errors.push(fieldError('delivery_provider', 'delivery.provider_unknown'));
    return errors;
  }
  if (isDeliveryCountryCode(country) && !provider.supportedCountries.includes(country)) {
    errors.push(fieldError('delivery_provider', 'delivery.provider_not_in_country'));
  }
  if (input.cartHasBigProduct && !provider.bigProduct) errors.push(fieldError('delivery_provider', 'delivery.too_big_for_provider'));

  if (provider.inputType === 'Address') {
    for (const name of COURIER_ADDRESS_FIELDS) {
      if (blank(input.address?.[name])) errors.push(fieldError(`address.${name}`, 'delivery.required'));
    }
  } else {
    const optionId = input.optionId?.trim() ?? '';
    if (!optionId) errors.push(fieldError('delivery_option', 'delivery.required'));
    else if (!offeredOption(provider.id, optionId)) errors.push(fieldError('delivery_option', 'delivery.option_not_offered'));
  }
  return errors;
}
