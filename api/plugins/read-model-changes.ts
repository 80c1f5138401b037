/**
 * Read-model change hints for the api, over PostgreSQL LISTEN on one dedicated connection:
 * - `rm_changed` (payload: the read model's name, sent by the projector after each batch) is emitted under that
 *   name ('catalog', 'site', ...): the api clears its caches;
 * - `stock_changed` (payload: comma-separated product ids, projections/catalog/writer.ts) is emitted as 'stock'
 *   with the id list: the live route pushes it to product pages.
 * When the connection is lost, `onError` is told and the caches fall back to expiring by TTL.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { CONTENT_CHANGED_CHANNEL, parseContentChanges } from '../../projections/content-changes.js';

export interface ReadModelChanges {
  emitter: EventEmitter;
  close(): Promise<void>;
}

export async function listenReadModelChanges(connectionString: string, onError: (error: Error) => void): Promise<ReadModelChanges> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  const client = new pg.Client({ connectionString, application_name: 'shop-api-listen' });
  client.on('notification', (n) => {
    if (n.channel === 'stock_changed') emitter.emit('stock', (n.payload ?? '').split(',').filter(Boolean));
    else if (n.channel === CONTENT_CHANGED_CHANNEL) emitter.emit('content', parseContentChanges(n.payload ?? ''));
    else emitter.emit(n.payload ?? '');
  });
  client.on('error', onError);
  await client.connect();
  await client.query('listen rm_changed');
  await client.query('listen stock_changed');
  await client.query(`listen ${CONTENT_CHANGED_CHANNEL}`);
  return { emitter, close: () => client.end().catch(() => {}) };
}
