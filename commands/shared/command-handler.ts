/**
 * Command handling (conventions 3): load the stream, fold it, decide, append with the expected version, and retry
 * a bounded number of times when another writer appended first.
 *
 * Event ids are derived from the command id (uuid v5 of command id, stream and index), so a command that is
 * re-sent after its append already committed (a retried request, a redelivered job) appends nothing twice.
 */
import { v5 as uuidv5 } from 'uuid';
import type { Decider } from '../../domain/shared/decider.js';
import { type EventStore, type NewEvent, WrongExpectedVersionError } from '../../platform/event-store/port.js';
import { loadAggregate } from './load-aggregate.js';

/** Namespace for event ids derived from command ids. */
const EVENT_ID_NAMESPACE = '5b0f8a52-43c8-4f0b-9c52-7f1d8f1c1e11';

/** Who and what caused a command: copied into every event's metadata. */
export interface CommandContext {
  /** Unique id of this command (uuid); the causation id of its events. */
  commandId: string;
  /** Id of the request or process the command belongs to (uuid). */
  correlationId: string;
  /** Acting user id, null for anonymous shoppers and system processes. */
  userId: string | null;
  /** Decision time, ISO-8601 UTC. */
  now: string;
  /**
   * The anonymous shopper session id the storefront sent (a random uuid of the browser tab, no personal data;
   * api/plugins/shopper-session.ts): copied into the metadata as `shopperSession` for the search-conversion
   * analysis (analytics/search-conversion). Absent for staff, jobs and requests without one.
   */
  shopperSession?: string;
  /**
   * Set only by generators of demo data (`npm run demo:history`): copied into every event's metadata as
   * `generatedBy`, so analysts can tell generated events from real ones. Absent for everything real.
   */
  generatedBy?: string;
}

export interface HandleResult<TEvent> {
  /** Events appended (empty when the decision changed nothing or the append was a duplicate). */
  events: TEvent[];
  /** The stream version after the command. */
  version: bigint;
  /** `$all` checkpoint of the last appended event ('' when nothing was appended). */
  checkpoint: string;
}

/** Deterministic event id for the `index`-th event a command decides for `streamId`. */
export function eventIdFor(commandId: string, streamId: string, index: number): string {
  return uuidv5(`${commandId}/${streamId}/${index}`, EVENT_ID_NAMESPACE);
}

/** A HandleResult with the aggregate's state after the command (the decided events folded in), so a caller that
 * answers with the new state needs no second read. */
export interface HandledCommand<TEvent, TState> extends HandleResult<TEvent> {
  state: TState;
}

/** Wraps domain events with ids and metadata for the store. */
export function toNewEvents<TEvent extends { type: string; data: unknown }>(events: TEvent[], streamId: string, ctx: CommandContext): NewEvent[] {
  return events.map((e, i) => ({
    id: eventIdFor(ctx.commandId, streamId, i),
    type: e.type,
    data: e.data,
    metadata: {
      correlationId: ctx.correlationId,
      causationId: ctx.commandId,
      userId: ctx.userId,
      time: ctx.now,
      ...(ctx.shopperSession ? { shopperSession: ctx.shopperSession } : {}),
      ...(ctx.generatedBy ? { generatedBy: ctx.generatedBy } : {}),
    },
  }));
}

/**
 * Runs `decideAll(state)` against the current state of `streamId` (./load-aggregate.ts: the stored events parsed
 * with their aggregate's schemas, then folded) and appends its events.
 * `decideAll` may run several domain commands in sequence (it receives the folded state and returns events).
 * @throws DomainError from the decider; WrongExpectedVersionError after `maxAttempts` conflicts; MalformedEventError
 *   when a stored event does not match its schema.
 */
export async function handleWith<TCommand, TEvent extends { type: string; data: unknown }, TState>(
  store: EventStore,
  streamId: string,
  decider: Decider<TCommand, TEvent, TState>,
  decideAll: (state: TState) => TEvent[],
  ctx: CommandContext,
  maxAttempts = 10,
): Promise<HandledCommand<TEvent, TState>> {
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await loadAggregate(store, streamId, decider);
    const decided = decideAll(state);
    if (decided.length === 0) return { events: [], version, checkpoint: '', state };
    try {
      const result = await store.appendToStream(streamId, toNewEvents(decided, streamId, ctx), { expectedVersion: version });
      return { events: result.duplicate ? [] : decided, version: result.nextExpectedVersion, checkpoint: result.lastCheckpoint, state: decided.reduce(decider.evolve, state) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError && attempt < maxAttempts) {
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 ** attempt)));
        continue;
      }
      throw error;
    }
  }
}

/** Handles one domain command: `handleWith` with `decider.decide(command, state)`. */
export function handleCommand<TCommand, TEvent extends { type: string; data: unknown }, TState>(
  store: EventStore,
  streamId: string,
  decider: Decider<TCommand, TEvent, TState>,
  command: TCommand,
  ctx: CommandContext,
): Promise<HandledCommand<TEvent, TState>> {
  return handleWith(store, streamId, decider, (state) => decider.decide(command, state), ctx);
}

/** Runs several commands against one stream in order, each seeing the state the previous ones decided. */
export function decideSequence<TCommand, TEvent, TState>(decider: Decider<TCommand, TEvent, TState>, commands: TCommand[]) {
  return (state: TState): TEvent[] => {
    const all: TEvent[] = [];
    let s = state;
    for (const c of commands) {
      const events = decider.decide(c, s);
      for (const e of events) s = decider.evolve(s, e);
      all.push(...events);
    }
    return all;
  };
}
