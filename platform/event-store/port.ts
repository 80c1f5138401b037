/**
 * The event store port: the one interface every adapter (PostgreSQL, KurrentDB) implements and the
 * contract suite (`event-store.contract.ts`) proves. Design brief: "Event store".
 *
 * Positions
 * - `streamPosition`: 1-based position of an event inside its stream (bigint). A stream's *version* is
 *   the position of its last event, 0 when the stream does not exist.
 * - `globalPosition`: the adapter's position in `$all` (bigint, unique, increasing in commit order
 *   within one transaction; across transactions the order of `$all` is the adapter's `checkpoint` order).
 * - `checkpoint`: an opaque string that totally orders `$all`. Compare checkpoints only through the
 *   adapter (`readAll({ after })`); `START` (the empty string) is before every event.
 */

/** Metadata every stored event carries (correlation id, causation id, acting user, time). */
export interface EventMetadata {
  /** Id shared by every message caused by one request (uuid). */
  correlationId: string;
  /** Id of the message (command or event) that caused this event (uuid). */
  causationId: string;
  /** Acting user id, or null for an anonymous shopper or a system process. */
  userId: string | null;
  /** When the command was decided: ISO-8601 UTC timestamp. */
  time: string;
  [key: string]: unknown;
}

/** An event about to be appended. `id` is a uuid chosen by the caller and makes the append idempotent. */
export interface NewEvent<TType extends string = string, TData = unknown> {
  id: string;
  type: TType;
  data: TData;
  metadata: EventMetadata;
}

/** An event as stored: the new event plus where it landed. */
export interface RecordedEvent<TType extends string = string, TData = unknown> extends NewEvent<TType, TData> {
  streamId: string;
  /** 1-based position inside the stream. */
  streamPosition: bigint;
  /** Position in `$all`. */
  globalPosition: bigint;
  /** Opaque, totally ordered position in `$all` to resume after this event. */
  checkpoint: string;
}

/**
 * Expected version of a stream for optimistic concurrency:
 * - a bigint: the stream's version must equal it (0n: the stream must not exist);
 * - 'no_stream': the stream must not exist; 'stream_exists': it must exist; 'any': no check.
 */
export type ExpectedVersion = bigint | 'no_stream' | 'stream_exists' | 'any';

export interface AppendResult {
  /** The stream's version after the append (the version to expect on the next append). */
  nextExpectedVersion: bigint;
  /** The `$all` checkpoint of the last event appended (or of the last already stored duplicate). */
  lastCheckpoint: string;
  /** True when every event id was already stored in this stream: nothing was appended. */
  duplicate: boolean;
}

export interface ReadStreamOptions {
  direction?: 'forward' | 'backward';
  /** Inclusive start position: forward defaults to 1, backward to the stream's last event. */
  fromPosition?: bigint;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Read events strictly after this checkpoint; `START` (empty string) reads from the beginning. */
  after?: string;
  /** Upper bound of events returned (default 1000). */
  maxCount?: number;
  /** Only these event types (an optimisation; checkpoints still advance over skipped events). */
  eventTypes?: readonly string[];
}

export interface ReadAllResult {
  events: RecordedEvent[];
  /** Checkpoint to pass as `after` next time: covers skipped (filtered) events too. */
  checkpoint: string;
  /** True when no event at or below the adapter's safe horizon is left to read right now. */
  caughtUp: boolean;
}

export interface SubscribeToAllOptions {
  /** Resume strictly after this checkpoint. */
  after: string;
  /** Called with each batch in `$all` order; the next batch is read only after it resolves. */
  handler: (events: RecordedEvent[], checkpoint: string) => Promise<void>;
  batchSize?: number;
  eventTypes?: readonly string[];
  /** Polling interval when no wake-up hint arrives, in milliseconds (default 500). */
  pollIntervalMs?: number;
  /** Called when the handler or a read throws; the subscription stops. */
  onError?: (error: unknown) => void;
}

export interface Subscription {
  /** Stops reading; resolves when the in-flight batch (if any) has been handled. */
  stop(): Promise<void>;
  /**
   * Resolves once the subscription has handled every event committed before the call.
   * @throws the subscription's error when it failed, and an Error when it is (or gets) stopped before it caught up:
   * never a promise that waits forever on a subscription that no longer reads.
   */
  caughtUp(): Promise<void>;
}

/** The start of `$all`. */
export const START = '';

export interface EventStore {
  /**
   * Appends events to a stream atomically.
   * @throws {WrongExpectedVersionError} when the stream's version is not `expectedVersion`.
   * Re-appending event ids that are already stored in the stream appends nothing (`duplicate: true`).
   */
  appendToStream(streamId: string, events: NewEvent[], options?: { expectedVersion?: ExpectedVersion }): Promise<AppendResult>;
  /** Reads one stream; a missing stream yields `{ exists: false, events: [], version: 0n }`. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<{ exists: boolean; version: bigint; events: RecordedEvent[] }>;
  /** Reads `$all` in global order, gap-free: never returns an event past one that may still commit. */
  readAll(options?: ReadAllOptions): Promise<ReadAllResult>;
  /** Polls `$all` (woken early by the adapter's change hint) and hands batches to `handler`. */
  subscribeToAll(options: SubscribeToAllOptions): Subscription;
  /** The checkpoint of the newest event visible to readers now (START when empty): safe to subscribe after. */
  headCheckpoint(): Promise<string>;
  /**
   * The checkpoint of the newest committed event, even one readers cannot see yet (PostgreSQL: above the horizon
   * an older open transaction holds). A target to wait for ("has everything committed so far been handled?"),
   * never a place to start reading from.
   */
  newestCommittedCheckpoint(): Promise<string>;
  close(): Promise<void>;
}

/** Optimistic-concurrency failure: another writer appended first. Category: conflict (HTTP 409). */
export class WrongExpectedVersionError extends Error {
  readonly code = 'event_store.wrong_expected_version';
  readonly category = 'conflict' as const;
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: bigint,
  ) {
    super(`Stream ${streamId}: expected version ${String(expected)}, actual ${actual}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/** Some but not all of the event ids of an append are already stored, or stored in another stream. */
export class IdempotencyViolationError extends Error {
  readonly code = 'event_store.idempotency_violation';
  readonly category = 'conflict' as const;
  constructor(readonly streamId: string, readonly eventIds: string[]) {
    super(`Stream ${streamId}: event ids already stored elsewhere or partially: ${eventIds.join(', ')}`);
    this.name = 'IdempotencyViolationError';
  }
}
