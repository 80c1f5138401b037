/**
 * The Client aggregate (stream `client-{clientId}`, clients; spec 3 "Client": first_name, last_name,
 * business_name, email, phone, vat_reg_nr, customer type and an address; spec 2 ClientList / ClientEdit).
 *
 * A client is the person behind orders with one e-mail address. The client id is derived from the normalised
 * address (commands/client/client-streams.ts, uuid v5), so every order with that address, in any letter case,
 * meets on one stream and a replayed or retried order makes no twin.
 *
 * - RecordClientOrder (the client-registration process manager, one per OrderPlaced): the first order of an address
 *   registers the client with the order's details (ClientRegistered); a later order joins it (ClientOrderLinked); an
 *   order it already holds decides nothing.
 * - ChangeClientDetails (staff, ClientEdit): the spec 3 fields, checked like checkout (spec 5: a private client
 *   needs first and last name, a business client its name; e-mail and phone required), the e-mail through the
 *   one-address parser, the phone and VAT number parsed into a canonical form. Only a change decides an event.
 * - ForgetClient (staff, GDPR erasure): ClientForgotten names the client's orders and the keys its personal data was
 *   sealed with, so the read models blank those orders and the handler deletes the keys (crypto-shredding,
 *   docs/architecture.md "Personal data"). A forgotten client refuses edits. An order placed after the forgetting
 *   registers the address afresh (a new key; the old orders stay forgotten); an order placed before it, or one the
 *   client held, decides nothing, so a replay of old orders never brings the person back.
 *
 * Personal data (`details`) is sealed with the client's key before it is stored (commands/client/client-handler.ts);
 * a reader whose key is gone gets `details: null` ("forgotten"). Money in euro cents, times ISO-8601 UTC.
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { DomainError, type DomainProblem, illegalState, notFound } from '../shared/errors.js';
import { parseEmailAddress } from '../shared/email.js';

export const toClientStreamId = (clientId: string) => `client-${clientId}`;

export const CUSTOMER_TYPES = ['private', 'business'] as const;
/** Spec 3 "customer type" (Order.client_type: private or business). */
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** The postal address of a client (spec 3 "Delivery address" fields); '' for a part not given. */
export interface ClientAddress {
  street: string;
  apartment: string;
  city: string;
  state: string;
  areaCode: string;
  country: string;
}

/** The personal data of a client (spec 3 "Client"); sealed with the client's key in the stored events. */
export interface ClientDetails {
  firstName: string;
  lastName: string;
  businessName: string;
  email: string;
  phone: string;
  vatRegNr: string;
  address: ClientAddress;
}

/** The names of the editable fields, as ClientDetailsChanged lists them (no values: not personal data). */
export const CLIENT_FIELDS = ['customerType', 'firstName', 'lastName', 'businessName', 'email', 'phone', 'vatRegNr', 'address'] as const;
export type ClientField = (typeof CLIENT_FIELDS)[number];

/** An order of the client: id, number, when it was placed and its total in euro cents (not personal data). */
export interface ClientOrderRef {
  orderId: string;
  number: number;
  placedAt: string;
  totalCents: number;
}

export const emptyAddress = (): ClientAddress => ({ street: '', apartment: '', city: '', state: '', areaCode: '', country: '' });

// ---- events ---------------------------------------------------------------------------------------------------
export type ClientEvent =
  /** The first order of an address (or the first after the client was forgotten); `keyId` seals `details`. */
  | Message<'ClientRegistered', { clientId: string; customerType: CustomerType; registeredAt: string; keyId: string; details: ClientDetails | null; order: ClientOrderRef }>
  | Message<'ClientOrderLinked', { clientId: string; order: ClientOrderRef }>
  /** Staff changed the fields `changed`; `details` holds them all after the change. */
  | Message<'ClientDetailsChanged', { clientId: string; customerType: CustomerType; keyId: string; details: ClientDetails | null; changed: ClientField[] }>
  /** Personal data erased: the orders to blank and the keys to delete. */
  | Message<'ClientForgotten', { clientId: string; forgottenAt: string; orderIds: string[]; keyIds: string[] }>;
export type ClientEventType = ClientEvent['type'];
export const CLIENT_EVENT_TYPES: ClientEventType[] = ['ClientRegistered', 'ClientOrderLinked', 'ClientDetailsChanged', 'ClientForgotten'];

// ---- commands -------------------------------------------------------------------------------------------------
type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
export type ClientCommand =
  /** `newKeyId`: the key to seal a new registration with (made by the handler; unused when the order links). */
  | Cmd<'RecordClientOrder', { clientId: string; customerType: CustomerType; details: ClientDetails; order: ClientOrderRef; newKeyId: string }>
  | Cmd<'ChangeClientDetails', { clientId: string; customerType: string; details: ClientDetails }>
  | Cmd<'ForgetClient', { clientId: string }>;

// ---- state ----------------------------------------------------------------------------------------------------
export type ClientState =
  | { status: 'empty'; seenOrderIds: string[] }
  | {
      status: 'active';
      clientId: string;
      customerType: CustomerType;
      keyId: string;
      /** null when the key is gone (cannot happen while active unless the key table was lost). */
      details: ClientDetails | null;
      /** Orders of this registration, oldest first. */
      orders: ClientOrderRef[];
      /** Every order the stream ever held, also of a forgotten registration (replays decide nothing). */
      seenOrderIds: string[];
    }
  /** `orders`: the forgotten registration's orders (numbers, dates and totals are not personal data). */
  | { status: 'forgotten'; clientId: string; forgottenAt: string; orders: ClientOrderRef[]; seenOrderIds: string[] };
export const initialState: ClientState = { status: 'empty', seenOrderIds: [] };

// ---- rules ----------------------------------------------------------------------------------------------------
/** Longest name or address part, in characters. */
export const MAX_CLIENT_TEXT = 100;
/** Digits a phone number holds (ITU E.164: at most 15; 5 for short local numbers). */
const PHONE_DIGITS = { min: 5, max: 15 } as const;

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A phone number as staff type it (`+372 5555 1234`, `(0)5555-1234`, `5555.1234`): spaces, dashes, dots and
 * brackets dropped, an optional leading `+` kept; 5-15 digits. Returns the canonical form or null.
 */
export function parsePhone(raw: string): string | null {
  const t = raw.trim();
  if (!t || CONTROL.test(t)) return null;
  const compact = t.replace(/[\s\-.()/]/g, '');
  return new RegExp(`^\\+?\\d{${PHONE_DIGITS.min},${PHONE_DIGITS.max}}$`).test(compact) ? compact : null;
}

/**
 * A VAT registration number (`ee 100 123 456` -> `EE100123456`): two letters of the country and 2-13 letters or
 * digits, spaces and dashes dropped, upper-cased; '' when empty (a private client has none). Null when invalid.
 * Spec 5's VAT rule reads it (domain/order/pricing.ts: under 2 characters or starting with EE: VAT included).
 */
export function parseVatRegNr(raw: string): string | null {
  const compact = raw.replace(/[\s-]/g, '').toUpperCase();
  if (!compact) return '';
  return /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(compact) ? compact : null;
}

/**
 * The fields a staff member saves, checked all at once (spec 5 "Checkout" rules for a client; conventions 14).
 * Field names in problems are the api's (first_name, address.area_code, ...).
 * @throws DomainError validation `client.invalid` with one problem per field: `client.required`,
 *   `client.text_invalid`, `client.email_invalid`, `client.phone_invalid`, `client.vat_reg_nr_invalid`,
 *   `client.customer_type_invalid`.
 */
export function checkClientDetails(customerType: string, d: ClientDetails): { customerType: CustomerType; details: ClientDetails } {
  const problems: DomainProblem[] = [];
  const text = (value: unknown, field: string, required: boolean): string => {
    const v = typeof value === 'string' ? value.trim() : '';
    if (typeof value === 'string' && (v.length > MAX_CLIENT_TEXT || CONTROL.test(v))) {
      problems.push({ code: 'client.text_invalid', field });
      return v;
    }
    if (required && !v) problems.push({ code: 'client.required', field });
    return v;
  };
  const type = (CUSTOMER_TYPES as readonly string[]).includes(customerType) ? (customerType as CustomerType) : null;
  if (!type) problems.push({ code: 'client.customer_type_invalid', field: 'customer_type' });
  const firstName = text(d.firstName, 'first_name', type === 'private');
  const lastName = text(d.lastName, 'last_name', type === 'private');
  const businessName = text(d.businessName, 'business_name', type === 'business');
  let email = typeof d.email === 'string' ? d.email.trim() : '';
  if (!email) problems.push({ code: 'client.required', field: 'email' });
  else {
    const parsed = parseEmailAddress(email);
    if (!parsed) problems.push({ code: 'client.email_invalid', field: 'email' });
    else email = parsed;
  }
  let phone = typeof d.phone === 'string' ? d.phone.trim() : '';
  if (!phone) problems.push({ code: 'client.required', field: 'phone' });
  else {
    const parsed = parsePhone(phone);
    if (!parsed) problems.push({ code: 'client.phone_invalid', field: 'phone' });
    else phone = parsed;
  }
  const vat = parseVatRegNr(typeof d.vatRegNr === 'string' ? d.vatRegNr : '');
  if (vat === null) problems.push({ code: 'client.vat_reg_nr_invalid', field: 'vat_reg_nr' });
  const a = d.address ?? emptyAddress();
  const address: ClientAddress = {
    street: text(a.street, 'address.street', false),
    apartment: text(a.apartment, 'address.apartment', false),
    city: text(a.city, 'address.city', false),
    state: text(a.state, 'address.state', false),
    areaCode: text(a.areaCode, 'address.area_code', false),
    country: text(a.country, 'address.country', false),
  };
  if (problems.length || !type) {
    throw new DomainError('client.invalid', 'validation', 'The client details are not valid', problems[0]?.field, { problems });
  }
  return { customerType: type, details: { firstName, lastName, businessName, email, phone, vatRegNr: vat ?? '', address } };
}

/** The details an order carries, trimmed (checkout checked them when the order was placed). */
export function detailsFromOrder(d: ClientDetails): ClientDetails {
  const t = (s: string) => s.trim();
  return {
    firstName: t(d.firstName),
    lastName: t(d.lastName),
    businessName: t(d.businessName),
    email: t(d.email),
    phone: t(d.phone),
    vatRegNr: t(d.vatRegNr),
    address: { street: t(d.address.street), apartment: t(d.address.apartment), city: t(d.address.city), state: t(d.address.state), areaCode: t(d.address.areaCode), country: t(d.address.country) },
  };
}

function changedFields(before: { customerType: CustomerType; details: ClientDetails | null }, after: { customerType: CustomerType; details: ClientDetails }): ClientField[] {
  const changed: ClientField[] = [];
  if (before.customerType !== after.customerType) changed.push('customerType');
  for (const f of ['firstName', 'lastName', 'businessName', 'email', 'phone', 'vatRegNr'] as const) {
    if (!before.details || before.details[f] !== after.details[f]) changed.push(f);
  }
  const a = before.details?.address;
  const b = after.details.address;
  if (!a || (Object.keys(b) as (keyof ClientAddress)[]).some((k) => a[k] !== b[k])) changed.push('address');
  return changed;
}

/**
 * Pure decision for one client command.
 * @throws DomainError: not_found `client.not_found`; illegal_state `client.forgotten` (edit of a forgotten client);
 *   validation `client.invalid` (checkClientDetails).
 */
export function decide(command: ClientCommand, state: ClientState): ClientEvent[] {
  const now = command.metadata.now;
  switch (command.type) {
    case 'RecordClientOrder': {
      const { clientId, customerType, order, newKeyId } = command.data;
      if (state.seenOrderIds.includes(order.orderId)) return [];
      const register = (): ClientEvent[] => [
        { type: 'ClientRegistered', data: { clientId, customerType, registeredAt: order.placedAt, keyId: newKeyId, details: detailsFromOrder(command.data.details), order } },
      ];
      if (state.status === 'empty') return register();
      if (state.status === 'forgotten') return order.placedAt <= state.forgottenAt ? [] : register();
      return [{ type: 'ClientOrderLinked', data: { clientId: state.clientId, order } }];
    }
    case 'ChangeClientDetails': {
      if (state.status === 'empty') throw notFound('client.not_found', 'No such client');
      if (state.status === 'forgotten') throw illegalState('client.forgotten', 'This client has been forgotten');
      const next = checkClientDetails(command.data.customerType, command.data.details);
      const changed = changedFields(state, next);
      if (!changed.length) return [];
      return [{ type: 'ClientDetailsChanged', data: { clientId: state.clientId, customerType: next.customerType, keyId: state.keyId, details: next.details, changed } }];
    }
    case 'ForgetClient': {
      if (state.status === 'empty') throw notFound('client.not_found', 'No such client');
      if (state.status === 'forgotten') return [];
      return [{ type: 'ClientForgotten', data: { clientId: state.clientId, forgottenAt: now, orderIds: state.orders.map((o) => o.orderId), keyIds: [state.keyId] } }];
    }
    default:
      return assertNever(command);
  }
}

/** Applies one event to the state. */
export function evolve(state: ClientState, event: ClientEvent): ClientState {
  switch (event.type) {
    case 'ClientRegistered': {
      const d = event.data;
      return {
        status: 'active',
        clientId: d.clientId,
        customerType: d.customerType,
        keyId: d.keyId,
        details: d.details,
        orders: [d.order],
        seenOrderIds: [...state.seenOrderIds, d.order.orderId],
      };
    }
    case 'ClientOrderLinked':
      if (state.status !== 'active') return { ...state, seenOrderIds: [...state.seenOrderIds, event.data.order.orderId] };
      return { ...state, orders: [...state.orders, event.data.order], seenOrderIds: [...state.seenOrderIds, event.data.order.orderId] };
    case 'ClientDetailsChanged':
      return state.status === 'active' ? { ...state, customerType: event.data.customerType, keyId: event.data.keyId, details: event.data.details } : state;
    case 'ClientForgotten':
      return { status: 'forgotten', clientId: event.data.clientId, forgottenAt: event.data.forgottenAt, orders: state.status === 'active' ? state.orders : [], seenOrderIds: state.seenOrderIds };
    default:
      return assertNever(event);
  }
}

export const clientDecider: Decider<ClientCommand, ClientEvent, ClientState> = { decide, evolve, initialState };
