/**
 * The event store chosen by the configuration (README "Environment variables": EVENT_STORE, KURRENTDB_URL): the one
 * place that picks an adapter, called once per process by the composition root (bin/runtime.ts openRuntime).
 *
 * - `EVENT_STORE=kurrentdb` with KURRENTDB_URL: the KurrentDB adapter (platform/event-store/kurrentdb.ts);
 * - otherwise the PostgreSQL adapter on the given pool, LISTENing for wake-ups on the process's shared listener when
 *   given, else on a connection of its own to `DATABASE_URL`.
 */
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { NotificationListener } from '../db/notification-listener.js';
import { createKurrentDbEventStore } from './kurrentdb.js';
import type { EventStore } from './port.js';
import { PostgresEventStore } from './postgres.js';

/**
 * @param listener the process's shared LISTEN connection for the PostgreSQL adapter's wake-up hints
 *   (platform/db/notification-listener.ts; the caller closes it after the store); without it the store LISTENs on a
 *   connection of its own to `DATABASE_URL`
 * @returns a new event store; the caller closes it (`store.close()`) before destroying `db`.
 */
export function createEventStore(config: Pick<Config, 'eventStore' | 'kurrentDbUrl' | 'databaseUrl'>, db: Database, listener?: NotificationListener): EventStore {
  return config.eventStore === 'kurrentdb' && config.kurrentDbUrl
    ? createKurrentDbEventStore(config.kurrentDbUrl)
    : new PostgresEventStore(db, listener ? { listener } : { listenConnectionString: config.databaseUrl });
}
