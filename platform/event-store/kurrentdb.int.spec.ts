/**
 * Runs the event store contract suite on the KurrentDB adapter when KURRENTDB_URL is set
 * (e.g. kurrentdb://localhost:2113?tls=false). No KurrentDB server can be installed on our machines, so here the
 * suite is skipped with the reason printed.
 */
import { describe, it } from 'vitest';
import { describeEventStoreContract } from './event-store.contract.js';
import { KurrentDbEventStore } from './kurrentdb.js';

const url = process.env.KURRENTDB_URL;
if (!url) {
  console.log('KurrentDB contract suite skipped: KURRENTDB_URL is not set (no KurrentDB server can be installed here).');
  describe.skip('event store contract: KurrentDB (KURRENTDB_URL not set)', () => {
    it('needs a KurrentDB server', () => {});
  });
} else {
  describeEventStoreContract('KurrentDB', async () => {
    // The suite's stream ids are random uuids, so a shared server needs no cleanup between runs.
    const store = new KurrentDbEventStore(url);
    const opened: KurrentDbEventStore[] = [store];
    return {
      store,
      reopen: async () => {
        const s = new KurrentDbEventStore(url);
        opened.push(s);
        return s;
      },
      appendWithCommitDelay: async (streamId, events, delayMs) => {
        await new Promise((r) => setTimeout(r, delayMs));
        await store.appendToStream(streamId, events);
      },
      dispose: async () => {
        for (const s of opened) await s.close();
      },
    };
  });
}
