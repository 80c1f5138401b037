/**
 * RecordSearch: every storefront search becomes a SearchPerformed event in the day's search stream
 * (`search-{yyyy-mm-dd}`; spec 2 "Search keywords" statistics). Searches never conflict, so they are appended with
 * expected version `any`.
 *
 * `SearchRecorder` batches: with `flushIntervalMs` > 0 a search is appended within that many milliseconds together
 * with the others of the same moment (one append per day stream), so a busy storefront pays one commit per batch
 * instead of one per search. A crash loses at most the searches of the last interval (statistics only; nothing a
 * shopper saved). With 0 every search is appended before `record` resolves.
 */
import { toSearchStreamId, type SearchPerformed } from '../../domain/search/search.js';
import type { EventStore, NewEvent } from '../../platform/event-store/port.js';
import { type CommandContext, toNewEvents } from '../shared/command-handler.js';

export async function recordSearch(store: EventStore, data: SearchPerformed['data'], ctx: CommandContext): Promise<void> {
  const streamId = toSearchStreamId(ctx.now);
  await store.appendToStream(streamId, toNewEvents([{ type: 'SearchPerformed', data }], streamId, ctx), { expectedVersion: 'any' });
}

export class SearchRecorder {
  private pending = new Map<string, NewEvent[]>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    private readonly options: { flushIntervalMs: number; maxBatch?: number; onError?: (error: unknown) => void },
  ) {}

  /** Records one search; resolves once appended (interval 0) or once queued (interval > 0). */
  async record(data: SearchPerformed['data'], ctx: CommandContext): Promise<void> {
    if (this.options.flushIntervalMs <= 0) return recordSearch(this.store, data, ctx);
    const streamId = toSearchStreamId(ctx.now);
    const events = this.pending.get(streamId) ?? [];
    events.push(...toNewEvents([{ type: 'SearchPerformed', data }], streamId, ctx));
    this.pending.set(streamId, events);
    if (events.length >= (this.options.maxBatch ?? 500)) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushIntervalMs);
  }

  /** Appends everything queued so far (one append per day stream). Errors go to `onError`. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batches = this.pending;
    this.pending = new Map();
    this.flushing = this.flushing.then(async () => {
      for (const [streamId, events] of batches) {
        try {
          await this.store.appendToStream(streamId, events, { expectedVersion: 'any' });
        } catch (error) {
          this.options.onError?.(error);
        }
      }
    });
    return this.flushing;
  }
}
