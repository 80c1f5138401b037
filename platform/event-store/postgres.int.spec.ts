/** Runs the event store contract suite on the PostgreSQL adapter, in a fresh database. */
import { sql } from 'kysely';
import { createDatabase } from '../db/database.js';
import { createTestDatabase } from '../testing/database.js';
import { describeEventStoreContract } from './event-store.contract.js';
import { migrateEventStore, PostgresEventStore } from './postgres.js';

describeEventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase('es');
  const db = createDatabase(database.url, { max: 24 });
  await migrateEventStore(db);
  const stores: PostgresEventStore[] = [];
  const open = () => {
    const store = new PostgresEventStore(db, { listenConnectionString: database.url });
    stores.push(store);
    return store;
  };
  return {
    store: open(),
    reopen: async () => open(),
    appendWithCommitDelay: async (streamId, events, delayMs) => {
      await db.transaction().execute(async (trx) => {
        await new PostgresEventStore(trx).appendToStream(streamId, events);
        await sql`select pg_sleep(${delayMs / 1000})`.execute(trx);
      });
    },
    dispose: async () => {
      for (const s of stores) await s.close();
      await db.destroy();
      await database.drop();
    },
  };
});
