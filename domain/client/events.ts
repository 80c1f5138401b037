/**
 * The Client aggregate's events as they are stored (domain/client/client.ts ClientEvent), for the readers of stored
 * events (domain/shared/events.ts), and the step that turns a stored event back into the domain event.
 *
 * Personal data is never stored in the clear: ClientRegistered and ClientDetailsChanged hold `personal`, the JSON of
 * ClientDetails sealed (AES-256-GCM, platform/security/personal-data.ts) with the key `keyId`, kept outside the event
 * streams (table `personal_data.keys`). Deleting the key (ClientForgotten) makes the sealed data unreadable in every
 * copy of the stream: crypto-shredding (docs/architecture.md "Personal data"). Everything else (ids, order refs,
 * customer type, the names of changed fields) is plain.
 */
import { z } from 'zod';
import type { Message } from '../shared/decider.js';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { CLIENT_FIELDS, CUSTOMER_TYPES, type ClientDetails, type ClientEvent } from './client.js';

/** Sealed personal data: algorithm, 12-byte nonce and ciphertext with its 16-byte tag, both base64. */
export const SealedSchema = z.object({ alg: z.literal('A256GCM'), iv: z.string(), data: z.string() });
export type Sealed = z.infer<typeof SealedSchema>;

/** The personal data inside a seal (spec 3 "Client"). */
export const ClientDetailsSchema: z.ZodType<ClientDetails> = z.object({
  firstName: z.string(),
  lastName: z.string(),
  businessName: z.string(),
  email: z.string(),
  phone: z.string(),
  vatRegNr: z.string(),
  address: z.object({ street: z.string(), apartment: z.string(), city: z.string(), state: z.string(), areaCode: z.string(), country: z.string() }),
});

const OrderRefSchema = z.object({ orderId: z.string(), number: z.number().int(), placedAt: z.string(), totalCents: z.number().int() });
const customerType = z.enum(CUSTOMER_TYPES);

/** The stored form of ClientEvent: `details` replaced by `personal` (sealed). */
export type ClientStoredEvent =
  | Message<'ClientRegistered', Omit<Extract<ClientEvent, { type: 'ClientRegistered' }>['data'], 'details'> & { personal: Sealed }>
  | Exclude<ClientEvent, { type: 'ClientRegistered' | 'ClientDetailsChanged' | 'ClientForgotten' }>
  | Message<'ClientDetailsChanged', Omit<Extract<ClientEvent, { type: 'ClientDetailsChanged' }>['data'], 'details'> & { personal: Sealed }>
  | Extract<ClientEvent, { type: 'ClientForgotten' }>;

export const CLIENT_EVENT_SCHEMAS: EventDataSchemas<ClientStoredEvent> = {
  ClientRegistered: z.object({ clientId: z.string(), customerType, registeredAt: z.string(), keyId: z.string(), personal: SealedSchema, order: OrderRefSchema }),
  ClientOrderLinked: z.object({ clientId: z.string(), order: OrderRefSchema }),
  ClientDetailsChanged: z.object({ clientId: z.string(), customerType, keyId: z.string(), personal: SealedSchema, changed: z.array(z.enum(CLIENT_FIELDS)) }),
  ClientForgotten: z.object({ clientId: z.string(), forgottenAt: z.string(), orderIds: z.array(z.string()), keyIds: z.array(z.string()) }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseClientStoredEvent = eventParser<ClientStoredEvent>(CLIENT_EVENT_SCHEMAS);

/**
 * Opens a seal: the JSON inside, or null when the key `keyId` is gone (the client was forgotten) or the seal does not
 * open with it. `clientId` is bound to the seal (additional data), so a seal moved to another client does not open.
 */
export type OpenSeal = (sealed: Sealed, keyId: string, clientId: string) => unknown;

/**
 * A stored client event as the domain event: parsed, and its personal data opened with `open`; `details` is null
 * when the key is gone or what it opens is not ClientDetails.
 * @throws MalformedEventError when the stored data does not match its schema
 */
export function toClientEvent(stored: { type: string; data: unknown }, open: OpenSeal): ClientEvent {
  const e = parseClientStoredEvent(stored);
  const details = (personal: Sealed, keyId: string, clientId: string): ClientDetails | null => {
    const opened = open(personal, keyId, clientId);
    if (opened === null || opened === undefined) return null;
    const parsed = ClientDetailsSchema.safeParse(opened);
    return parsed.success ? parsed.data : null;
  };
  switch (e.type) {
    case 'ClientRegistered': {
      const { personal, ...rest } = e.data;
      return { type: e.type, data: { ...rest, details: details(personal, rest.keyId, rest.clientId) } };
    }
    case 'ClientDetailsChanged': {
      const { personal, ...rest } = e.data;
      return { type: e.type, data: { ...rest, details: details(personal, rest.keyId, rest.clientId) } };
    }
    default:
      return e;
  }
}

/** The key ids a batch of stored client events needs to open its seals (malformed events are skipped here). */
export function keyIdsOf(events: readonly { type: string; data: unknown }[]): string[] {
  const ids = new Set<string>();
  for (const e of events) {
    if (e.type !== 'ClientRegistered' && e.type !== 'ClientDetailsChanged') continue;
    const keyId = (e.data as { keyId?: unknown } | null)?.keyId;
    if (typeof keyId === 'string') ids.add(keyId);
  }
  return [...ids];
}
