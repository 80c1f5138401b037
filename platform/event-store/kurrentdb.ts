/**
 * KurrentDB adapter of the event store port (`port.ts`), on `@kurrent/kurrentdb-client`.
 *
 * Mapping
 * - Stream positions are 1-based, KurrentDB revisions 0-based: `streamPosition = revision + 1`, and a stream's
 *   version is its last revision + 1 (0n when the stream does not exist).
 * - Expected versions: `0n` and 'no_stream' → NO_STREAM, `n > 0n` → revision `n - 1n`, 'stream_exists' →
 *   STREAM_EXISTS, 'any' → ANY. A KurrentDB conflict becomes our `WrongExpectedVersionError`.
 * - Events are stored as JSON (`application/json`): the data as the event data, our `EventMetadata` as the event's
 *   JSON metadata (nothing else is added to it), and our event id as the KurrentDB event id.
 * - `globalPosition` is the commit position of the event in `$all`. A checkpoint is `${commit}:${prepare}` with both
 *   zero-padded to 20 digits (the width of an unsigned 64-bit integer), so string order is `$all` order; `START`
 *   (the empty string) sorts before every checkpoint.
 * - System events (types starting with '$') are never returned by `readAll`, `subscribeToAll` or `headCheckpoint`;
 *   the server filters them out (`excludeSystemEvents`).
 *
 * Idempotency
 * KurrentDB itself only deduplicates a re-sent append when it is re-sent with the expected version of the original
 * append (and best-effort with ANY), and it fails a partial overlap with a version conflict. To give the port's
 * guarantees, `appendToStream` first reads the stream's newest events (`idempotencyWindow`, default 100, and at
 * least the batch size; a short stream is read whole) and, for an exact expected version `n`, also the events at
 * positions `n + 1 …` when the window does not reach them (that is where a retried append landed). If every id of
 * the batch is found, nothing is appended (`duplicate: true`); if some are, `IdempotencyViolationError`.
 * Limits: ids stored further back than the window (retries with 'any' / 'stream_exists' long after the original),
 * or stored in another stream, are not detected; and two identical appends racing each other are deduplicated by
 * the server but the second is reported as `duplicate: false`.
 *
 * `$all` only exposes committed events, in commit order, so `readAll` needs no safe horizon to be gap-free.
 * `subscribeToAll` is the client's push-based catch-up subscription; `pollIntervalMs` is not used.
 */
import {
  ANY,
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START as KURRENT_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendStreamState,
  type CurrentStreamState,
  type Direction,
  type JSONType,
  type Position,
  type ReadRevision,
} from '@kurrent/kurrentdb-client';
import {
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  IdempotencyViolationError,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllResult,
  type ReadStreamOptions,
  type RecordedEvent,
  START,
  type SubscribeToAllOptions,
  type Subscription,
  WrongExpectedVersionError,
} from './port.js';

export interface KurrentDbEventStoreOptions {
  /**
   * How many of a stream's newest events `appendToStream` reads to detect re-sent event ids (default 100; the batch
   * size when that is larger).
   */
  idempotencyWindow?: number;
}

const DEFAULT_IDEMPOTENCY_WINDOW = 100;
const DEFAULT_READ_ALL_MAX_COUNT = 1000;
const DEFAULT_BATCH_SIZE = 1000;
/** Digits of the largest unsigned 64-bit integer: the width of each half of a checkpoint. */
const POSITION_DIGITS = 20;
const CHECKPOINT_PATTERN = /^(\d{20}):(\d{20})$/;

/** Event store on KurrentDB (see the module comment for the mapping and the idempotency check). */
export class KurrentDbEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  private readonly idempotencyWindow: number;
  private readonly subscriptions = new Set<KurrentDbSubscription>();

  /**
   * @param connection a KurrentDB connection string (e.g. `kurrentdb://localhost:2113?tls=false`) or a client; the
   *   store owns the client either way and disposes it on `close()`. No connection is made until the first call.
   * @throws RangeError when `idempotencyWindow` is not a positive integer.
   */
  constructor(connection: string | KurrentDBClient, options: KurrentDbEventStoreOptions = {}) {
    const window = options.idempotencyWindow ?? DEFAULT_IDEMPOTENCY_WINDOW;
    if (!Number.isSafeInteger(window) || window < 1) throw new RangeError(`idempotencyWindow must be a positive integer, got ${window}`);
    this.idempotencyWindow = window;
    this.client = typeof connection === 'string' ? KurrentDBClient.connectionString(connection) : connection;
  }

  /**
   * Appends `events` to `streamId` atomically, after checking that none of their ids is already in the stream's
   * recent events (see the module comment).
   * @returns the stream's version after the append, the checkpoint of the last appended event, and `duplicate`.
   *   When every id is already stored nothing is appended: the current version, the checkpoint of the newest of the
   *   stored events, `duplicate: true`. An empty batch only checks the expected version (checkpoint `START`).
   * @throws WrongExpectedVersionError when the stream's version is not `expectedVersion` (default 'any'); `actual`
   *   is the stream's version (0n when it does not exist).
   * @throws IdempotencyViolationError when some but not all of the ids are already in the stream.
   * @throws TypeError on an invalid batch: repeated ids, a type starting with '$', data or metadata that is not
   *   JSON-serialisable (e.g. contains a bigint). RangeError on a negative expected version.
   */
  async appendToStream(
    streamId: string,
    events: NewEvent[],
    { expectedVersion = 'any' }: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    const streamState = toStreamState(expectedVersion);
    const proposed = events.map(toEventData);
    const ids = events.map((e) => e.id.toLowerCase());
    if (new Set(ids).size !== ids.length) throw new TypeError(`Stream ${streamId}: event ids repeat within one append`);

    const tail = await this.readTail(streamId, Math.max(this.idempotencyWindow, events.length), true);
    if (events.length === 0) {
      assertVersion(streamId, expectedVersion, tail);
      return { nextExpectedVersion: tail.version, lastCheckpoint: START, duplicate: false };
    }

    const stored = new Map(tail.events.map((e) => [e.id.toLowerCase(), e]));
    const retriedAt = expectedVersion === 'no_stream' ? 0n : typeof expectedVersion === 'bigint' ? expectedVersion : undefined;
    const oldest = tail.events.at(-1);
    if (retriedAt !== undefined && oldest !== undefined && oldest.streamPosition > retriedAt + 1n) {
      // The window does not reach the positions an earlier append at this expected version would have taken.
      const landed = await this.readEvents(streamId, { direction: FORWARDS, fromRevision: retriedAt, maxCount: events.length, requiresLeader: true });
      for (const e of landed ?? []) stored.set(e.id.toLowerCase(), e);
    }
    const found = ids.flatMap((id) => stored.get(id) ?? []);
    if (found.length === ids.length) {
      const newest = found.reduce((a, b) => (b.checkpoint > a.checkpoint ? b : a));
      return { nextExpectedVersion: tail.version, lastCheckpoint: newest.checkpoint, duplicate: true };
    }
    if (found.length > 0) throw new IdempotencyViolationError(streamId, found.map((e) => e.id));

    let result;
    try {
      result = await this.client.appendToStream(streamId, proposed, { streamState });
    } catch (error) {
      if (error instanceof KurrentWrongExpectedVersionError) {
        throw new WrongExpectedVersionError(streamId, expectedVersion, versionOf(error.actualState));
      }
      throw error;
    }
    // Only reached when the client was configured with throwOnAppendFailure=false.
    if (!result.success) throw new WrongExpectedVersionError(streamId, expectedVersion, versionOf(result.nextExpectedRevision));
    // The append's position is the position of its last event; older servers may omit it.
    const lastCheckpoint = result.position
      ? toCheckpoint(result.position)
      : await this.checkpointAt(streamId, result.nextExpectedRevision);
    return { nextExpectedVersion: result.nextExpectedRevision + 1n, lastCheckpoint, duplicate: false };
  }

  /**
   * Reads `streamId` forward (default: from position 1) or backward (default: from its last event), at most
   * `maxCount` events (default: all). `fromPosition` is an inclusive 1-based stream position.
   * @returns the events, whether the stream exists, and its version (the position of its last event, not of the
   *   last event returned); a missing stream yields `{ exists: false, version: 0n, events: [] }`.
   * @throws RangeError when `maxCount` is not a non-negative integer. A tombstoned stream raises the client's
   *   StreamDeletedError.
   */
  async readStream(
    streamId: string,
    options: ReadStreamOptions = {},
  ): Promise<{ exists: boolean; version: bigint; events: RecordedEvent[] }> {
    const { direction = 'forward', fromPosition, maxCount } = options;
    if (maxCount !== undefined && (!Number.isSafeInteger(maxCount) || maxCount < 0)) {
      throw new RangeError(`maxCount must be a non-negative integer, got ${maxCount}`);
    }
    let fromRevision: ReadRevision | undefined;
    if (direction === 'forward') fromRevision = fromPosition === undefined || fromPosition <= 1n ? KURRENT_START : fromPosition - 1n;
    else if (fromPosition === undefined) fromRevision = END;
    else if (fromPosition >= 1n) fromRevision = fromPosition - 1n;
    // else: backward from before position 1 holds no events.

    let events: RecordedEvent[] = [];
    let version: bigint | undefined;
    if (fromRevision !== undefined && maxCount !== 0) {
      const read = await this.readEvents(streamId, { direction: direction === 'forward' ? FORWARDS : BACKWARDS, fromRevision, maxCount });
      if (read === undefined) return { exists: false, version: 0n, events: [] };
      events = read;
      // The read itself shows the version when it reached the stream's end.
      const [first, last] = [events.at(0), events.at(-1)];
      if (direction === 'forward' && last !== undefined && (maxCount === undefined || events.length < maxCount)) version = last.streamPosition;
      if (direction === 'backward' && fromPosition === undefined && first !== undefined) version = first.streamPosition;
    }
    if (version === undefined) {
      const tail = await this.readTail(streamId, 1, false);
      if (!tail.exists && events.length === 0) return { exists: false, version: 0n, events: [] };
      version = tail.version;
    }
    return { exists: true, version, events };
  }

  /**
   * Reads `$all` forward strictly after `after` (default `START`), skipping system events.
   * @returns at most `maxCount` (default 1000) events, of `eventTypes` only when given; `checkpoint`, the
   *   checkpoint of the last event read, including events skipped by `eventTypes` (`after` when none was read);
   *   `caughtUp`, true when no further event was committed at the time of the read.
   * @throws RangeError when `maxCount` is not a positive integer; TypeError when `after` is not a checkpoint of this
   *   adapter.
   */
  async readAll(options: ReadAllOptions = {}): Promise<ReadAllResult> {
    const { after = START, maxCount = DEFAULT_READ_ALL_MAX_COUNT, eventTypes } = options;
    if (!Number.isSafeInteger(maxCount) || maxCount < 1) throw new RangeError(`maxCount must be a positive integer, got ${maxCount}`);
    const from = parseCheckpoint(after);
    // A read from a position includes the event at that position: one more for it, one more to see whether more
    // events follow the page.
    const limit = maxCount + (from === undefined ? 1 : 2);
    const scanned: RecordedEvent[] = [];
    for await (const resolved of this.client.readAll({
      direction: FORWARDS,
      fromPosition: from ?? KURRENT_START,
      maxCount: limit,
      filter: excludeSystemEvents(),
    })) {
      if (resolved.event === undefined) continue;
      const event = toRecordedEvent(resolved.event);
      if (event.checkpoint > after && !isSystemEventType(event.type)) scanned.push(event);
    }
    const page = scanned.slice(0, maxCount);
    const types = eventTypes === undefined ? undefined : new Set(eventTypes);
    return {
      events: types === undefined ? page : page.filter((e) => types.has(e.type)),
      checkpoint: page.at(-1)?.checkpoint ?? after,
      caughtUp: scanned.length <= maxCount,
    };
  }

  /**
   * Starts a catch-up subscription to `$all` strictly after `options.after`, skipping system events. Events are
   * handed to `handler` in `$all` order, in batches of what has arrived (at most `batchSize`, default 1000), each
   * with the checkpoint of its last event; the next batch is handed over only once the handler's promise resolved.
   * A batch whose events were all filtered out by `eventTypes` is handed over empty, to advance the checkpoint.
   * `pollIntervalMs` is not used (KurrentDB pushes new events).
   * @returns the subscription; a read or handler error stops it, is passed to `onError` and rejects `caughtUp()`.
   * @throws TypeError when `after` is not a checkpoint of this adapter; RangeError on an invalid `batchSize`.
   */
  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    const subscription = new KurrentDbSubscription(this.client, options, () => this.headCheckpoint(), () => {
      this.subscriptions.delete(subscription);
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** @returns the checkpoint of the newest non-system event in `$all` now, or `START` when there is none. */
  /** KurrentDB readers see every committed event: the same as `headCheckpoint`. */
  newestCommittedCheckpoint(): Promise<string> {
    return this.headCheckpoint();
  }

  async headCheckpoint(): Promise<string> {
    for await (const resolved of this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
      filter: excludeSystemEvents(),
    })) {
      if (resolved.event !== undefined) return toCheckpoint(requirePosition(resolved.event));
    }
    return START;
  }

  /**
   * Stops this store's subscriptions (without waiting for their in-flight handlers) and disposes the client.
   * The store cannot be used afterwards.
   */
  async close(): Promise<void> {
    for (const subscription of [...this.subscriptions]) subscription.halt();
    await this.client.dispose();
  }

  /**
   * Reads the newest `count` events of a stream, newest first.
   * @returns them with the stream's version and existence (version 0n, no events when it does not exist).
   */
  private async readTail(
    streamId: string,
    count: number,
    requiresLeader: boolean,
  ): Promise<{ exists: boolean; version: bigint; events: RecordedEvent[] }> {
    const events = await this.readEvents(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: count, requiresLeader });
    if (events === undefined) return { exists: false, version: 0n, events: [] };
    return { exists: true, version: events.at(0)?.streamPosition ?? 0n, events };
  }

  /** Reads a stream with the client's options; `undefined` when the stream does not exist. */
  private async readEvents(
    streamId: string,
    options: { direction: Direction; fromRevision: ReadRevision; maxCount?: number; requiresLeader?: boolean },
  ): Promise<RecordedEvent[] | undefined> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, options)) {
        if (resolved.event !== undefined) events.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
    return events;
  }

  /** Checkpoint of the event at `revision` of a stream (for servers that return no position on append). */
  private async checkpointAt(streamId: string, revision: bigint): Promise<string> {
    const [event] = (await this.readEvents(streamId, { direction: FORWARDS, fromRevision: revision, maxCount: 1, requiresLeader: true })) ?? [];
    if (event === undefined) throw new Error(`Stream ${streamId}: the appended event at revision ${revision} cannot be read back`);
    return event.checkpoint;
  }
}

/** Creates a KurrentDB event store from a connection string (e.g. `kurrentdb://localhost:2113?tls=false`). */
export function createKurrentDbEventStore(connectionString: string): KurrentDbEventStore {
  return new KurrentDbEventStore(connectionString);
}

/**
 * One `$all` catch-up subscription. The client's subscription is a readable object stream; it is read in paused
 * mode, so events the handler has not taken yet stay buffered (at most `batchSize`) and the gRPC stream is paused
 * by back-pressure.
 */
class KurrentDbSubscription implements Subscription {
  private readonly stream: AllStreamSubscription;
  private readonly batchSize: number;
  private readonly eventTypes: ReadonlySet<string> | undefined;
  private readonly running: Promise<void>;
  /** Checkpoint of the last event handed to the handler or skipped: everything up to it is handled. */
  private handled: string;
  private stopping = false;
  private ended = false;
  private failure: { error: unknown } | undefined;
  private unsubscribed: Promise<void> = Promise.resolve();
  private signal: (() => void) | undefined;
  private readonly waiters: { target: string; resolve: () => void; reject: (error: unknown) => void }[] = [];

  constructor(
    client: KurrentDBClient,
    private readonly options: SubscribeToAllOptions,
    private readonly headCheckpoint: () => Promise<string>,
    private readonly onHalted: () => void,
  ) {
    const from = parseCheckpoint(options.after);
    const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
    this.batchSize = batchSize;
    this.eventTypes = options.eventTypes === undefined ? undefined : new Set(options.eventTypes);
    this.handled = options.after;
    this.stream = client.subscribeToAll(
      { fromPosition: from ?? KURRENT_START, filter: excludeSystemEvents() },
      { highWaterMark: batchSize },
    );
    this.stream.on('readable', this.wake);
    this.stream.on('end', this.onEnd);
    this.stream.on('close', this.onEnd);
    this.stream.on('error', (error: Error) => {
      if (!this.stopping) this.fail(error);
    });
    this.running = this.pump();
  }

  /** Stops reading and unsubscribes; resolves once the in-flight handler call (if any) has settled. */
  async stop(): Promise<void> {
    this.halt();
    await Promise.all([this.unsubscribed, this.running]);
  }

  /**
   * Resolves once every event up to the head of `$all` at the time of the call (`headCheckpoint()`) has been handled.
   * @throws the subscription's error when it failed; an Error when it was stopped before catching up.
   */
  async caughtUp(): Promise<void> {
    const target = await this.headCheckpoint();
    if (target <= this.handled) return;
    if (this.failure) throw this.failure.error;
    if (this.stopping) throw new Error('The $all subscription was stopped before it caught up');
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ target, resolve, reject });
    });
  }

  /** Stops reading and unsubscribes without waiting for the in-flight handler call. Idempotent. */
  halt(): void {
    if (this.stopping) return;
    this.stopping = true;
    this.rejectWaiters(new Error('The $all subscription was stopped before it caught up'));
    this.wake();
    this.onHalted();
    this.unsubscribed = this.stream.unsubscribe().catch(() => undefined);
  }

  private readonly wake = (): void => {
    const signal = this.signal;
    this.signal = undefined;
    signal?.();
  };

  private readonly onEnd = (): void => {
    this.ended = true;
    this.wake();
  };

  private async pump(): Promise<void> {
    try {
      while (!this.stopping) {
        const batch = this.take();
        if (batch.length > 0) {
          await this.deliver(batch);
          continue;
        }
        if (this.ended) throw new Error('The KurrentDB $all subscription ended unexpectedly');
        await new Promise<void>((resolve) => {
          this.signal = resolve;
        });
      }
    } catch (error) {
      this.fail(error);
    }
  }

  /** Takes what the stream has buffered, at most `batchSize` events. */
  private take(): AllStreamResolvedEvent[] {
    const batch: AllStreamResolvedEvent[] = [];
    while (batch.length < this.batchSize) {
      const item = this.stream.read() as AllStreamResolvedEvent | null;
      if (item === null) break;
      batch.push(item);
    }
    return batch;
  }

  private async deliver(batch: AllStreamResolvedEvent[]): Promise<void> {
    let checkpoint = this.handled;
    const events: RecordedEvent[] = [];
    for (const resolved of batch) {
      if (resolved.event === undefined) continue;
      const event = toRecordedEvent(resolved.event);
      if (event.checkpoint <= this.handled) continue; // at or before the resume point
      checkpoint = event.checkpoint;
      if (isSystemEventType(event.type) || (this.eventTypes !== undefined && !this.eventTypes.has(event.type))) continue;
      events.push(event);
    }
    if (checkpoint === this.handled) return;
    await this.options.handler(events, checkpoint);
    this.handled = checkpoint;
    const reached = this.waiters.filter((waiter) => waiter.target <= checkpoint);
    this.waiters.splice(0, this.waiters.length, ...this.waiters.filter((waiter) => waiter.target > checkpoint));
    for (const waiter of reached) waiter.resolve();
  }

  private fail(error: unknown): void {
    if (this.failure) return;
    this.failure = { error };
    this.rejectWaiters(error);
    this.halt();
    this.options.onError?.(error);
  }

  private rejectWaiters(error: unknown): void {
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }
}

/** The fields of a client-side recorded event this adapter uses (stream reads, `$all` reads and subscriptions). */
interface KurrentRecord {
  streamId: string;
  id: string;
  type: string;
  revision: bigint;
  data: unknown;
  metadata: unknown;
  created: Date;
  position?: Position;
}

function toRecordedEvent(record: KurrentRecord): RecordedEvent {
  const position = requirePosition(record);
  return {
    id: record.id,
    type: record.type,
    data: record.data,
    metadata: toEventMetadata(record.metadata, record.created),
    streamId: record.streamId,
    streamPosition: record.revision + 1n,
    globalPosition: position.commit,
    checkpoint: toCheckpoint(position),
  };
}

function requirePosition(record: KurrentRecord): Position {
  if (record.position === undefined) {
    throw new Error(`KurrentDB returned event ${record.id} without its $all position (KurrentDB 22.6 or later is required)`);
  }
  return record.position;
}

/** Our metadata as stored; events written by other tools (no JSON object) get empty ids and their creation time. */
function toEventMetadata(raw: unknown, created: Date): EventMetadata {
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw) && !(raw instanceof Uint8Array)) return raw as EventMetadata;
  const time = Number.isFinite(created.getTime()) ? created : new Date(0);
  return { correlationId: '', causationId: '', userId: null, time: time.toISOString() };
}

function toEventData(event: NewEvent) {
  if (isSystemEventType(event.type)) throw new TypeError(`Event ${event.id}: type ${event.type} is reserved for KurrentDB system events`);
  assertJson(event, 'data', event.data);
  assertJson(event, 'metadata', event.metadata);
  return jsonEvent({ id: event.id, type: event.type, data: event.data as JSONType, metadata: event.metadata as JSONType });
}

/**
 * The client serialises inside a callback where a JSON.stringify error would leave the append hanging, so values
 * that cannot be serialised (bigints, undefined, cycles) are refused here.
 */
function assertJson(event: NewEvent, field: 'data' | 'metadata', value: unknown): void {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    throw new TypeError(`Event ${event.id} (${event.type}): ${field} is not JSON-serialisable: ${(error as Error).message}`);
  }
  if (json === undefined) throw new TypeError(`Event ${event.id} (${event.type}): ${field} is not JSON-serialisable`);
}

function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (typeof expected === 'bigint') {
    if (expected < 0n) throw new RangeError(`Expected version must not be negative, got ${expected}`);
    return expected === 0n ? NO_STREAM : expected - 1n;
  }
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
  }
}

/** Our version for a KurrentDB current stream state ('no_stream', a revision, or -1 / negative for none). */
function versionOf(state: CurrentStreamState): bigint {
  return state === NO_STREAM || state < 0n ? 0n : state + 1n;
}

function assertVersion(streamId: string, expected: ExpectedVersion, stream: { exists: boolean; version: bigint }): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && stream.version === 0n) ||
    (expected === 'stream_exists' && stream.exists) ||
    expected === stream.version;
  if (!ok) throw new WrongExpectedVersionError(streamId, expected, stream.version);
}

function isSystemEventType(type: string): boolean {
  return type.startsWith('$');
}

function toCheckpoint(position: Position): string {
  return `${position.commit.toString().padStart(POSITION_DIGITS, '0')}:${position.prepare.toString().padStart(POSITION_DIGITS, '0')}`;
}

/** @returns the position of a checkpoint, `undefined` for `START`. @throws TypeError for anything else. */
function parseCheckpoint(checkpoint: string): Position | undefined {
  if (checkpoint === START) return undefined;
  const [, commit, prepare] = CHECKPOINT_PATTERN.exec(checkpoint) ?? [];
  if (commit === undefined || prepare === undefined) throw new TypeError(`Not a KurrentDB checkpoint: ${JSON.stringify(checkpoint)}`);
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
}
