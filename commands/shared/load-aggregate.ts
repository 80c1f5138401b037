/**
 * Loading an aggregate, one way (conventions 17: "One `loadAggregate(stream, decider)` serves the history view and
 * any read of current state"; conventions 3: the handler loads, folds, decides, appends). The command handlers
 * (./command-handler.ts `handleWith`), the api's reads of current state and the audit timeline all read a stream
 * through this module, so a stored event is parsed with its aggregate's schema (./event-parsers.ts) wherever it is
 * folded.
 */
import { type Decider, fold, type Message } from '../../domain/shared/decider.js';
import type { EventStore, RecordedEvent } from '../../platform/event-store/port.js';
import { toDomainEvent } from './event-parsers.js';

/** The fold of an aggregate: what `loadAggregate` needs of a decider. */
export type AggregateFold<TEvent, TState> = Pick<Decider<unknown, TEvent, TState>, 'evolve' | 'initialState'>;

/** An aggregate as its stream says now. */
export interface LoadedAggregate<TState> {
  /** The folded state (the decider's `initialState` for a stream without events). */
  state: TState;
  /** The stream's version: the number of its events, 0n for none (the expected version of the next append). */
  version: bigint;
}

/** Events read per page by `readWholeStream`. */
const PAGE = 1000;

/**
 * Every event of `streamId`, oldest first, as stored (read in pages of 1000): for the views that show events
 * themselves (the audit timeline). An unknown stream gives [].
 */
export async function readWholeStream(store: EventStore, streamId: string): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (;;) {
    const { events } = await store.readStream(streamId, { direction: 'forward', fromPosition: BigInt(all.length + 1), maxCount: PAGE });
    all.push(...events);
    if (events.length < PAGE) return all;
  }
}

/**
 * Reads `streamId` and folds it with `decider.evolve` from `decider.initialState`, each stored event parsed with its
 * aggregate's schema first; or, given `from` (a state already folded up to `from.version`, e.g. a cache), folds only
 * the events after it.
 * @returns the state and the stream's version; for a stream shorter than `from.version` (the store was reset), the
 *   fold from the beginning
 * @throws MalformedEventError (domain/shared/events.ts) when a stored event does not match its type's schema
 */
export async function loadAggregate<TEvent extends Message, TState>(
  store: EventStore,
  streamId: string,
  decider: AggregateFold<TEvent, TState>,
  from?: LoadedAggregate<TState>,
): Promise<LoadedAggregate<TState>> {
  const start = from ?? { state: decider.initialState, version: 0n };
  const { events, version } = await store.readStream(streamId, start.version > 0n ? { fromPosition: start.version + 1n } : undefined);
  if (version < start.version) return loadAggregate(store, streamId, decider);
  return { state: fold({ evolve: decider.evolve, initialState: start.state }, events.map((e) => toDomainEvent<TEvent>(e))), version };
}
