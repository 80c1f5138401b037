/**
 * Which fields of which stored events are personal data, sealed with the client's key by the event store decorator
 * (platform/security/sealing-event-store.ts; docs/architecture.md "Personal data"). The subject of every seal is
 * the client of the e-mail address the event names (`client-<uuid v5 of the normalised address>`,
 * commands/client/client-streams.ts), so the key exists when the order is placed, before the client-registration
 * job records it, and forgetting the client (commands/client/forget-client.ts deletes every key of the subject)
 * shreds the client's orders, back-in-stock requests and invoice recipients in every copy of the log.
 *
 * - OrderPlaced: the shopper's names, e-mail, phone and VAT number, the business contact address, the comment and
 *   the delivery address (spec 3 "Client", "Delivery address"). Once forgotten these read as '' (the customer type
 *   stays; a delivery address that was given reads as an address of blanks, none stays null), exactly what
 *   ClientForgotten blanks in the order read models, so a rebuild after a forget writes the rows a live run wrote.
 * - StockNotificationRequested / Sent / Cancelled: the e-mail. Once forgotten: email '' and `forgottenClientId`
 *   (the pseudonymous client id, so the read model still ties the request to the client its ClientForgotten names).
 * - InvoiceSendRequested / InvoiceSent: the recipient (subject: the recipient's client). Once forgotten: ''.
 * - PartInquiryReceived (spec 1 spare-parts contact): the shopper's name, e-mail, phone, the VIN and the text of the
 *   part wanted (it may name the owner). Once forgotten these read as ''; make, model, year, the photo and the
 *   language stay plain.
 *
 * The Client aggregate's own events are sealed by its command handler (commands/client/client-handler.ts).
 */
import { clientIdForEmail } from '../client/client-streams.js';
import type { Database } from '../../platform/db/database.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type SealStoredOptions, sealStoredPersonalData } from '../../platform/security/seal-stored-events.js';
import { type EventData, type PersonalDataRule, type PersonalDataRules, withSealedPersonalData } from '../../platform/security/sealing-event-store.js';

const isObject = (v: unknown): v is EventData => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The subject of an e-mail address, or null for none. */
const subjectOfEmail = (email: unknown): string | null => (typeof email === 'string' && email.trim() ? `client-${clientIdForEmail(email)}` : null);

const CLIENT_FIELDS = ['firstName', 'lastName', 'businessName', 'email', 'phone', 'vatRegNr'] as const;
const BLANK_ADDRESS = { street: '', apartment: '', city: '', state: '', areaCode: '', country: '' };

/** OrderPlaced's personal part as sealed. */
interface OrderPersonal {
  client: Record<(typeof CLIENT_FIELDS)[number], string>;
  shortContactAddress: string;
  comment: string;
  /** Present only when the order had a delivery address (a null one stays plain). */
  address?: unknown;
}

const orderPlaced: PersonalDataRule = {
  subject: (data) => subjectOfEmail(isObject(data.client) ? data.client.email : undefined),
  split: (data) => {
    const client = isObject(data.client) ? data.client : {};
    const delivery = isObject(data.delivery) ? data.delivery : {};
    const { shortContactAddress, comment, ...rest } = data;
    const personal: OrderPersonal = {
      client: Object.fromEntries(CLIENT_FIELDS.map((f) => [f, str(client[f])])) as OrderPersonal['client'],
      shortContactAddress: str(shortContactAddress),
      comment: str(comment),
    };
    const plainClient = Object.fromEntries(Object.entries(client).filter(([k]) => !(CLIENT_FIELDS as readonly string[]).includes(k)));
    const { address, ...plainDelivery } = delivery;
    if (address !== null && address !== undefined) personal.address = address;
    return { personal, rest: { ...rest, client: plainClient, delivery: address === null ? { ...plainDelivery, address: null } : plainDelivery } };
  },
  join: (rest, personal) => {
    const p = isObject(personal) && isObject(personal.client) ? (personal as unknown as OrderPersonal) : null;
    const client = isObject(rest.client) ? rest.client : {};
    const delivery = isObject(rest.delivery) ? rest.delivery : {};
    const hadAddress = !('address' in delivery);
    return {
      ...rest,
      client: { ...client, ...Object.fromEntries(CLIENT_FIELDS.map((f) => [f, p ? str(p.client[f]) : ''])) },
      shortContactAddress: p ? str(p.shortContactAddress) : '',
      comment: p ? str(p.comment) : '',
      delivery: { ...delivery, address: hadAddress ? (p ? p.address : { ...BLANK_ADDRESS }) : null },
    };
  },
};

/** A rule for events whose one personal field `field` is an e-mail address (the subject's). */
function emailField(field: string, forgottenMarker: boolean): PersonalDataRule {
  return {
    subject: (data) => subjectOfEmail(data[field]),
    split: (data) => {
      const { [field]: value, ...rest } = data;
      return { personal: { [field]: str(value) }, rest };
    },
    join: (rest, personal, subject) => {
      const value = isObject(personal) ? str(personal[field]) : null;
      if (value !== null) return { ...rest, [field]: value };
      return forgottenMarker ? { ...rest, [field]: '', forgottenClientId: subject.replace(/^client-/, '') } : { ...rest, [field]: '' };
    },
  };
}

const INQUIRY_FIELDS = ['name', 'email', 'phone', 'part'] as const;

/** PartInquiryReceived's rule: the fields above and `vehicle.vin`. */
const partInquiryReceived: PersonalDataRule = {
  subject: (data) => subjectOfEmail(data.email),
  split: (data) => {
    const vehicle = isObject(data.vehicle) ? data.vehicle : {};
    const { vin, ...plainVehicle } = vehicle;
    const rest = Object.fromEntries(Object.entries(data).filter(([k]) => !(INQUIRY_FIELDS as readonly string[]).includes(k)));
    const personal = { ...Object.fromEntries(INQUIRY_FIELDS.map((f) => [f, str(data[f])])), vin: str(vin) };
    return { personal, rest: { ...rest, vehicle: plainVehicle } };
  },
  join: (rest, personal) => {
    const p = isObject(personal) ? personal : {};
    const vehicle = isObject(rest.vehicle) ? rest.vehicle : {};
    return { ...rest, ...Object.fromEntries(INQUIRY_FIELDS.map((f) => [f, str(p[f])])), vehicle: { ...vehicle, vin: str(p.vin) } };
  },
};

/** The event types whose personal fields are sealed, and how. */
export const PERSONAL_DATA_RULES: PersonalDataRules = {
  OrderPlaced: orderPlaced,
  StockNotificationRequested: emailField('email', true),
  StockNotificationSent: emailField('email', true),
  StockNotificationCancelled: emailField('email', true),
  InvoiceSendRequested: emailField('recipient', false),
  InvoiceSent: emailField('recipient', false),
  PartInquiryReceived: partInquiryReceived,
};

/** `store` with the personal fields of PERSONAL_DATA_RULES' event types sealed (keys in `db`): the composition root's. */
export const withPersonalDataSealed = (store: EventStore, db: Database): EventStore => withSealedPersonalData(store, db, PERSONAL_DATA_RULES);

/**
 * Seals in place the personal fields of events stored in the clear before these rules existed (the one rewrite of the
 * log, platform/security/seal-stored-events.ts); a client ClientForgotten names after such an event stays forgotten.
 * Run by bin/runtime.ts `openRuntime` on every start after the migrations: resumable, and a no-op once done.
 */
export const sealStoredEvents = (db: Database, options?: SealStoredOptions) =>
  sealStoredPersonalData(db, PERSONAL_DATA_RULES, { type: 'ClientForgotten', subjectOf: (data) => (isObject(data) && typeof data.clientId === 'string' ? `client-${data.clientId}` : null) }, options);
