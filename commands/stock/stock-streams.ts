/**
 * Deciding on hot stock streams (many shoppers ordering the same products at once) without rereading
 * and refighting over them on every order:
 *
 * - a per-process lock per stream (`stock-{productId}`) queues this process's commands on one stream, so they do
 *   not conflict with each other; other processes still may, and optimistic concurrency (the expected version)
 *   keeps the guarantee: a conflict rereads and decides again, at most 10 times, as every command handler does;
 * - a per-process cache of the folded Stock state and its version (events never change, so a state at version V
 *   stays true): a command reads only the events after the cached version.
 */
import { parseStockEvent } from '../../domain/stock/events.js';
import { type StockCommand, stockDecider, type StockEvent, type StockState, toStockStreamId } from '../../domain/stock/stock.js';
import { type EventStore, WrongExpectedVersionError } from '../../platform/event-store/port.js';
import { type CommandContext, type HandleResult, toNewEvents } from '../shared/command-handler.js';

/** Most stock streams whose folded state a process keeps. */
const CACHE_LIMIT = 20_000;
const MAX_ATTEMPTS = 10;

type Cache = Map<string, { version: bigint; state: StockState }>;
/** One cache per event store (a process may talk to several databases, e.g. tests). */
const caches = new WeakMap<EventStore, Cache>();
const cacheOf = (store: EventStore): Cache => {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map()));
  return cache;
};
const tails = new Map<string, Promise<void>>();

/** Runs `fn` when no other call of this process holds `key`; calls for one key run one after another. */
export async function withStreamLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  tails.set(key, tail);
  await previous;
  try {
    return await fn();
  } finally {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  }
}

async function load(store: EventStore, streamId: string): Promise<{ version: bigint; state: StockState }> {
  const cache = cacheOf(store);
  const cached = cache.get(streamId);
  const from = cached ?? { version: 0n, state: stockDecider.initialState };
  const { events, version } = await store.readStream(streamId, { fromPosition: from.version + 1n });
  if (version < from.version) {
    // The stream is shorter than what was cached (a database reset under a running process): start over.
    cache.delete(streamId);
    return load(store, streamId);
  }
  const state = events.reduce((s, e) => stockDecider.evolve(s, parseStockEvent(e)), from.state);
  return { version, state };
}

function remember(store: EventStore, streamId: string, version: bigint, state: StockState): void {
  const cache = cacheOf(store);
  cache.delete(streamId);
  cache.set(streamId, { version, state });
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
}

/**
 * Decides one stock command on its stream under the process's lock and appends with the expected version.
 *
 * First optimistically on the cached state without reading: when that decides events, the append's expected
 * version proves the state current (another process's append makes it conflict). When the cached state decides
 * nothing or refuses, or the append conflicts, the events after the cached version are read and the command is
 * decided again on the current state (conflicts retried, at most 10 attempts). `observe` sees the state the
 * appended (or returned) events were decided on.
 * @throws DomainError from the Stock decider (on the current state); WrongExpectedVersionError after 10 conflicts
 */
export function decideOnStock(
  store: EventStore,
  command: StockCommand,
  ctx: CommandContext,
  observe: (state: StockState, events: StockEvent[]) => void = () => {},
): Promise<HandleResult<StockEvent>> {
  const streamId = toStockStreamId(command.data.productId);
  return withStreamLock(streamId, async () => {
    for (let attempt = 1; ; attempt++) {
      let current = attempt === 1 ? cacheOf(store).get(streamId) : undefined;
      let events: StockEvent[] | null = null;
      if (current) {
        try {
          events = stockDecider.decide(command, current.state);
        } catch {
          events = null; // maybe stale: decide again on the current state
        }
        if (events?.length === 0) events = null;
      }
      const verified = !events;
      if (!events) {
        current = await load(store, streamId);
        remember(store, streamId, current.version, current.state);
        events = stockDecider.decide(command, current.state);
      }
      const { version, state } = current!;
      observe(state, events);
      if (events.length === 0) return { events, version, checkpoint: '' };
      try {
        const result = await store.appendToStream(streamId, toNewEvents(events, streamId, ctx), { expectedVersion: version });
        if (!result.duplicate) remember(store, streamId, result.nextExpectedVersion, events.reduce(stockDecider.evolve, state));
        return { events: result.duplicate ? [] : events, version: result.nextExpectedVersion, checkpoint: result.lastCheckpoint };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && attempt < MAX_ATTEMPTS) {
          // A stale cache is no contention: read and retry at once; real contention backs off.
          if (verified) await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 ** attempt)));
          continue;
        }
        throw error;
      }
    }
  });
}
