/**
 * Personal data in events other than the Client's own, sealed above the event store port (crypto-shredding;
 * docs/architecture.md "Personal data"): a decorator of any `EventStore` adapter (PostgreSQL, KurrentDB) that seals
 * the personal fields of the event types its rules name on the way in and opens them on the way out, so every
 * reader (command folds, projectors, rebuilds, process managers, workers, the api) parses clear fields as before,
 * or, once the key is deleted, the blanks the rule puts in their place.
 *
 * Stored form: the event's data without its personal fields, plus
 * `sealed: { subject, keyId, alg, iv, data }` — the personal fields as JSON, AES-256-GCM with the subject's key
 * (platform/security/personal-data.ts `subjectKey`: the subject's oldest live key, made on first use), the subject
 * (`client-<id>`, a pseudonym) bound in as additional data. An event whose data already holds `sealed` passes
 * through untouched (a re-sent append, the stored-event migration), and so does an event of a type without a rule
 * or whose rule names no subject (no e-mail address: nothing to tie the data to).
 *
 * Reads load the keys a batch names with one query (none when it holds no sealed event). Ids, types, metadata,
 * positions and checkpoints are the adapter's, unchanged.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import type { AppendResult, EventStore, NewEvent, ReadAllOptions, ReadAllResult, ReadStreamOptions, RecordedEvent, SubscribeToAllOptions, Subscription } from '../event-store/port.js';
import { loadPersonalDataKeys, openSeal, seal, type SealedData, subjectKey } from './personal-data.js';

/** Event data as stored: a JSON object. */
export type EventData = Record<string, unknown>;

/** How one event type's personal fields are taken out and put back (pure; defined beside the commands). */
export interface PersonalDataRule {
  /** The data subject the fields belong to (`client-<id>`), or null when there is none (nothing is sealed). */
  subject(data: EventData): string | null;
  /** Splits the data: what is sealed (`personal`) and what stays plain (`rest`, never holding a personal field). */
  split(data: EventData): { personal: unknown; rest: EventData };
  /**
   * The data as readers see it: `rest` with `personal` put back, or, when `personal` is null (the key is gone: the
   * subject was forgotten), with blanks in its place.
   */
  join(rest: EventData, personal: unknown, subject: string): EventData;
}

/** The rules by event type. */
export type PersonalDataRules = Readonly<Record<string, PersonalDataRule>>;

/** The `sealed` member of a stored event's data. */
export interface SealedMember extends SealedData {
  subject: string;
  keyId: string;
}

const isObject = (v: unknown): v is EventData => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The seal an event's data holds, or null when it holds none (written in the clear, or no personal data). */
export function sealedMemberOf(data: unknown): SealedMember | null {
  const s = isObject(data) ? data.sealed : undefined;
  if (!isObject(s)) return null;
  const { subject, keyId, alg, iv, data: body } = s;
  return typeof subject === 'string' && typeof keyId === 'string' && alg === 'A256GCM' && typeof iv === 'string' && typeof body === 'string'
    ? { subject, keyId, alg, iv, data: body }
    : null;
}

/** `data` with its personal fields sealed with `key` (id `keyId`) for `subject`, by `rule`. */
export function sealEventData(rule: PersonalDataRule, data: EventData, subject: string, key: { keyId: string; key: Buffer }): EventData {
  const { personal, rest } = rule.split(data);
  const sealed: SealedMember = { subject, keyId: key.keyId, ...seal(key.key, subject, personal) };
  return { ...rest, sealed };
}

/** Opens one stored event's data with the keys loaded (a missing key gives the rule's blanks). */
export function openEventData(rules: PersonalDataRules, type: string, data: unknown, keys: ReadonlyMap<string, Buffer>): unknown {
  const rule = Object.prototype.hasOwnProperty.call(rules, type) ? rules[type] : undefined;
  const sealed = rule ? sealedMemberOf(data) : null;
  if (!rule || !sealed) return data;
  const { sealed: _sealed, ...rest } = data as EventData;
  const opened = openSeal(keys.get(sealed.keyId), sealed.subject, sealed);
  return rule.join(rest, opened ?? null, sealed.subject);
}

/** Opens a batch of recorded events: one key query for the batch, none without a sealed event. */
async function openEvents(db: Database, rules: PersonalDataRules, events: RecordedEvent[]): Promise<RecordedEvent[]> {
  const keyIds = events.flatMap((e) => (Object.prototype.hasOwnProperty.call(rules, e.type) ? [sealedMemberOf(e.data)?.keyId ?? ''] : [])).filter(Boolean);
  if (!keyIds.length) return events;
  const keys = await loadPersonalDataKeys(db, keyIds);
  return events.map((e) => (sealedMemberOf(e.data) ? { ...e, data: openEventData(rules, e.type, e.data, keys) } : e));
}

/** Seals the events of an append (one key look-up per subject of the append). */
async function sealEvents(db: Database, rules: PersonalDataRules, events: NewEvent[]): Promise<NewEvent[]> {
  const keys = new Map<string, { keyId: string; key: Buffer }>();
  const out: NewEvent[] = [];
  for (const e of events) {
    const rule = Object.prototype.hasOwnProperty.call(rules, e.type) ? rules[e.type] : undefined;
    const subject = rule && isObject(e.data) && !sealedMemberOf(e.data) ? rule.subject(e.data) : null;
    if (!rule || !subject) {
      out.push(e);
      continue;
    }
    let key = keys.get(subject);
    if (!key) keys.set(subject, (key = await subjectKey(db, subject)));
    out.push({ ...e, data: sealEventData(rule, e.data as EventData, subject, key) });
  }
  return out;
}

/**
 * Wraps `inner` so the personal fields of `rules`' event types are sealed when appended and opened when read.
 * @param db the database holding `personal_data.keys` (also when `inner` is KurrentDB)
 * @returns an EventStore; `close()` closes `inner`
 */
export function withSealedPersonalData(inner: EventStore, db: Database, rules: PersonalDataRules): EventStore {
  return {
    appendToStream: async (streamId, events, options): Promise<AppendResult> => inner.appendToStream(streamId, await sealEvents(db, rules, events), options),
    readStream: async (streamId: string, options?: ReadStreamOptions) => {
      const r = await inner.readStream(streamId, options);
      return { ...r, events: await openEvents(db, rules, r.events) };
    },
    readAll: async (options?: ReadAllOptions): Promise<ReadAllResult> => {
      const r = await inner.readAll(options);
      return { ...r, events: await openEvents(db, rules, r.events) };
    },
    subscribeToAll: (options: SubscribeToAllOptions): Subscription =>
      inner.subscribeToAll({ ...options, handler: async (events, checkpoint) => options.handler(await openEvents(db, rules, events), checkpoint) }),
    headCheckpoint: () => inner.headCheckpoint(),
    newestCommittedCheckpoint: () => inner.newestCommittedCheckpoint(),
    close: () => inner.close(),
  };
}

/** A key that is never stored: what it seals no one can open (the stored-event migration's already forgotten data). */
export const throwawayKey = (): { keyId: string; key: Buffer } => ({ keyId: randomUUID(), key: randomBytes(32) });
