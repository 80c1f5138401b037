/**
 * Command handling of the Client aggregate (stream `client-{id}`, domain/client/client.ts), with its personal data
 * sealed on the way into the store and opened on the way out (crypto-shredding, platform/security/personal-data.ts;
 * docs/architecture.md "Personal data").
 *
 * Load: read the stream, load the keys its events name from `personal_data.keys`, open the seals (a deleted key gives
 * `details: null`), fold. Decide. Store: a new registration gets a new key (made only when the decision registers),
 * details are sealed with the client's key, the events appended with the version read. On a conflict the handler
 * re-reads and decides again (at most 10 attempts), unless the caller named the version it read (a staff form):
 * then nothing is written and ClientChangedMeanwhileError says who changed the client last and when.
 * After ClientForgotten is stored, the keys it names (every key of the client's subject) are deleted (again on a
 * retry of the same forget).
 */
import { randomUUID } from 'node:crypto';
import type { QueryExecutorProvider } from 'kysely';
import { type ClientEvent, type ClientState, clientDecider, toClientStreamId } from '../../domain/client/client.js';
import { keyIdsOf, toClientEvent, type ClientStoredEvent } from '../../domain/client/events.js';
import { type EventStore, type RecordedEvent, WrongExpectedVersionError } from '../../platform/event-store/port.js';
import { createPersonalDataKey, deletePersonalDataKeys, loadPersonalDataKeys, seal, sealOpener, subjectKeyIds } from '../../platform/security/personal-data.js';
import { type CommandContext, type HandleResult, toNewEvents } from '../shared/command-handler.js';

/** The client's stream moved since the form read it: who changed it last (a user id or null) and when (ISO). */
export class ClientChangedMeanwhileError extends Error {
  readonly code = 'client.changed_meanwhile';
  constructor(
    readonly clientId: string,
    readonly expectedVersion: bigint,
    readonly actualVersion: bigint,
    readonly lastUserId: string | null,
    readonly lastChangedAt: string | null,
  ) {
    super(`Client ${clientId} changed since version ${expectedVersion} (now ${actualVersion})`);
    this.name = 'ClientChangedMeanwhileError';
  }
}

/** What a handler needs: the event store and the database holding the key table. */
export interface ClientStores {
  store: EventStore;
  db: QueryExecutorProvider;
}

/** The subject name of a client's keys (bound into every seal). */
export const clientKeySubject = (clientId: string) => `client-${clientId}`;

/**
 * Reads a client's stream with its personal data opened: the domain events, the folded state and the version.
 * @throws MalformedEventError when a stored event does not match its schema
 */
export async function loadClient(stores: ClientStores, clientId: string): Promise<{ stored: RecordedEvent[]; events: ClientEvent[]; state: ClientState; version: bigint }> {
  const { events: stored, version } = await stores.store.readStream(toClientStreamId(clientId));
  const keys = await loadPersonalDataKeys(stores.db, keyIdsOf(stored));
  const open = sealOpener(keys);
  const events = stored.map((e) => toClientEvent(e, open));
  return { stored, events, state: events.reduce(clientDecider.evolve, clientDecider.initialState), version };
}

function sealEvents(events: ClientEvent[], clientId: string, keys: Map<string, Buffer>): ClientStoredEvent[] {
  const subject = clientKeySubject(clientId);
  return events.map((e): ClientStoredEvent => {
    if (e.type !== 'ClientRegistered' && e.type !== 'ClientDetailsChanged') return e;
    const { details, ...rest } = e.data;
    const key = keys.get(rest.keyId);
    if (!key || !details) throw new Error(`client ${clientId}: no key ${rest.keyId} to seal ${e.type} with`);
    return { type: e.type, data: { ...rest, personal: seal(key, subject, details) } } as ClientStoredEvent;
  });
}

/**
 * ClientForgotten names every key of the client's subject, not only the registration's: also those its orders,
 * back-in-stock requests and invoice recipients were sealed with (commands/shared/personal-data-rules.ts), so the
 * deletion after the append, and again on a retry, shreds them all. A key made after this look-up (an order placed
 * in the same instant) is not named and stays.
 */
async function withEveryKeyForgotten(db: QueryExecutorProvider, clientId: string, decided: ClientEvent[]): Promise<ClientEvent[]> {
  if (!decided.some((e) => e.type === 'ClientForgotten')) return decided;
  const subjectKeys = await subjectKeyIds(db, clientKeySubject(clientId));
  return decided.map((e) => (e.type === 'ClientForgotten' ? { ...e, data: { ...e.data, keyIds: [...new Set([...e.data.keyIds, ...subjectKeys])] } } : e));
}

/**
 * Runs `decideAll(state, newKeyId)` on the client's stream and stores its events (sealed).
 * @param options.expectedVersion the version a staff form read: a moved stream is ClientChangedMeanwhileError
 * @throws DomainError from the decider; ClientChangedMeanwhileError; WrongExpectedVersionError after 10 conflicts
 */
export async function handleClientCommand(
  stores: ClientStores,
  clientId: string,
  decideAll: (state: ClientState, newKeyId: string) => ClientEvent[],
  ctx: CommandContext,
  options: { expectedVersion?: bigint } = {},
): Promise<HandleResult<ClientEvent>> {
  const streamId = toClientStreamId(clientId);
  const changedMeanwhile = (loaded: { stored: RecordedEvent[]; version: bigint }) => {
    const last = loaded.stored.at(-1);
    return new ClientChangedMeanwhileError(clientId, options.expectedVersion ?? 0n, loaded.version, last?.metadata.userId ?? null, last?.metadata.time ?? null);
  };
  for (let attempt = 1; ; attempt++) {
    const loaded = await loadClient(stores, clientId);
    if (options.expectedVersion !== undefined && loaded.version !== options.expectedVersion) throw changedMeanwhile(loaded);
    const newKeyId = randomUUID();
    const decided = await withEveryKeyForgotten(stores.db, clientId, decideAll(loaded.state, newKeyId));
    const forgottenKeyIds = [...loaded.events, ...decided].flatMap((e) => (e.type === 'ClientForgotten' ? e.data.keyIds : []));
    if (decided.length === 0) {
      // A forget retried after its append: the keys may still be there.
      if (forgottenKeyIds.length) await deletePersonalDataKeys(stores.db, forgottenKeyIds);
      return { events: [], version: loaded.version, checkpoint: '' };
    }
    const keys = await loadPersonalDataKeys(stores.db, [...decided.flatMap((e) => (e.type === 'ClientRegistered' || e.type === 'ClientDetailsChanged' ? [e.data.keyId] : []))]);
    const created = decided.some((e) => e.type === 'ClientRegistered' && e.data.keyId === newKeyId);
    if (created) keys.set(newKeyId, (await createPersonalDataKey(stores.db, clientKeySubject(clientId), newKeyId)).key);
    try {
      const result = await stores.store.appendToStream(streamId, toNewEvents(sealEvents(decided, clientId, keys), streamId, ctx), { expectedVersion: loaded.version });
      if (result.duplicate && created) await deletePersonalDataKeys(stores.db, [newKeyId]);
      if (forgottenKeyIds.length) await deletePersonalDataKeys(stores.db, forgottenKeyIds);
      return { events: result.duplicate ? [] : decided, version: result.nextExpectedVersion, checkpoint: result.lastCheckpoint };
    } catch (error) {
      if (created) await deletePersonalDataKeys(stores.db, [newKeyId]);
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (options.expectedVersion !== undefined) throw changedMeanwhile(await loadClient(stores, clientId));
      if (attempt >= 10) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 ** attempt)));
    }
  }
}
