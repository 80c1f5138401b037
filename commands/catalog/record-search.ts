/**
 * RecordSearch: appends a SearchPerformed event to the day's search stream (no decision to make: every search
 * is recorded, spec 2 "Search keywords" statistics). Appended with expected version `any`: searches never conflict.
 */
import { toSearchStreamId, type SearchPerformed } from '../../domain/search/search.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type CommandContext, toNewEvents } from '../shared/command-handler.js';

export async function recordSearch(store: EventStore, data: SearchPerformed['data'], ctx: CommandContext): Promise<void> {
  const streamId = toSearchStreamId(ctx.now);
  await store.appendToStream(streamId, toNewEvents([{ type: 'SearchPerformed', data }], streamId, ctx), { expectedVersion: 'any' });
}
