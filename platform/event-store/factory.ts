/**
 * The event store chosen by the configuration (README "Environment variables": EVENT_STORE, KURRENTDB_URL): the one
 * place that picks an adapter, called once per process by the composition root (bin/runtime.ts openRuntime).
 *
 * - `EVENT_STORE=kurrentdb` with KURRENTDB_URL: the KurrentDB adapter (platform/event-store/kurrentdb.ts);
 * - otherwise the PostgreSQL adapter on the given pool, LISTENing on `DATABASE_URL` for wake-ups.
 */
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { createKurrentDbEventStore } from './kurrentdb.js';
import type { EventStore } from './port.js';
import { PostgresEventStore } from './postgres.js';

/** @returns a new event store; the caller closes it (`store.close()`) before destroying `db`. */
export function createEventStore(config: Pick<Config, 'eventStore' | 'kurrentDbUrl' | 'databaseUrl'>, db: Database): EventStore {
  return config.eventStore === 'kurrentdb' && config.kurrentDbUrl
    ? createKurrentDbEventStore(config.kurrentDbUrl)
    : new PostgresEventStore(db, { listenConnectionString: config.databaseUrl });
}
