/**
 * Read-model change hints for the api, over PostgreSQL LISTEN on the process's one listener connection
 * (platform/db/notification-listener.ts, shared with the event store's wake-up hints), dispatched by channel:
 * - `rm_changed` (payload: the read model's name, sent by the projector after each batch) is emitted under that
 *   name ('catalog', 'site', ...): the api clears its caches;
 * - `stock_changed` (payload: comma-separated product ids, projections/catalog/writer.ts) is emitted as 'stock'
 *   with the id list: the live route pushes it to product pages;
 * - `content_changed` (projections/content-changes.ts) is emitted as 'content' with the parsed changes: the live
 *   route pushes them to open pages.
 * When the connection is lost, the listener's `onError` is told and it reconnects; meanwhile the caches expire by TTL.
 */
import { EventEmitter } from 'node:events';
import { createNotificationListener, type NotificationListener } from '../../platform/db/notification-listener.js';
import { CONTENT_CHANGED_CHANNEL, parseContentChanges } from '../../projections/content-changes.js';

export interface ReadModelChanges {
  emitter: EventEmitter;
  /** Stops listening (and closes the connection when it was made here from a connection string). */
  close(): Promise<void>;
}

/**
 * Listens for the hints on `source`: the process's shared listener (bin/runtime.ts; the caller closes it), or a
 * connection string, for which a listener of its own is made (application_name `shop-api-listen`; tests, benches)
 * and told `onError`. Resolves once the LISTENs are in place.
 */
export async function listenReadModelChanges(source: string | NotificationListener, onError: (error: Error) => void): Promise<ReadModelChanges> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  const own = typeof source === 'string' ? createNotificationListener(source, { applicationName: 'shop-api-listen', onError }) : null;
  const listener = own ?? (source as NotificationListener);
  const stops = await Promise.all([
    listener.listen('rm_changed', (payload) => emitter.emit(payload)),
    listener.listen('stock_changed', (payload) => emitter.emit('stock', payload.split(',').filter(Boolean))),
    listener.listen(CONTENT_CHANGED_CHANNEL, (payload) => emitter.emit('content', parseContentChanges(payload))),
  ]);
  return {
    emitter,
    close: async () => {
      for (const stop of stops) stop();
      await own?.close();
    },
  };
}
