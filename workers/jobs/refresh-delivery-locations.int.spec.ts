/**
 * The delivery-location refresh job against real PostgreSQL, Redis (BullMQ) and local HTTP servers standing in for
 * the carriers' feeds: a feed URL on a closed port or a feed that never answers falls back to the snapshot; a live
 * feed is applied and afterwards the snapshot no longer overrides it; jobs run through BullMQ once per slot.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_SNAPSHOT_DIR, loadSnapshot } from '../../commands/delivery/snapshots.js';
import { isLocationOffered, listOfferedLocations } from '../../projections/delivery/queries.js';
import { testRedisUrl } from '../../platform/testing/database.js';
import { createShopHarness, type ShopHarness } from '../../tests/support/shop-harness.js';
import { loadConfig } from '../../platform/config.js';
import { createProcessors, type WorkerDeps } from '../runtime.js';
import {
  createRefreshDeliveryLocationsProcessor,
  enqueueDeliveryLocationRefresh,
  REFRESH_DELIVERY_LOCATIONS_JOB,
  refreshJobId,
  refreshProviderLocations,
  type RefreshDeps,
  REFRESHED_PROVIDERS,
} from './refresh-delivery-locations.js';

let h: ShopHarness;
const servers: Server[] = [];

/** A local HTTP server answering every request with `handler`; resolves to its base URL. */
async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A URL on a port nothing listens on (a server bound, then closed). */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/locations.json`;
}

const deps = (config: Partial<RefreshDeps['config']>): RefreshDeps => ({
  store: h.store,
  config: { omnivaLocationsUrl: null, itellaEeLocationsUrl: null, itellaFiLocationsUrl: null, feedTimeoutMs: 2000, ...config },
  now: () => h.clock.now,
});

beforeAll(async () => {
  h = await createShopHarness('delivery_job');
});
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
  await h?.close();
});

describe('refreshProviderLocations', () => {
  it('falls back to the snapshot when the feed URL fails (closed port)', async () => {
    const report = await refreshProviderLocations(deps({ omnivaLocationsUrl: await closedPortUrl() }), 'omniva-parcel', 1);
    const snapshot = (await loadSnapshot('omniva-parcel'))!;
    expect(report).toMatchObject({ providerId: 'omniva-parcel', source: 'snapshot', locations: snapshot.locations.length, appended: snapshot.locations.length + 1 });
    expect(report.feedError).toMatch(/ECONNREFUSED|fetch failed/);
    await h.settle();
    expect(await listOfferedLocations(h.db, ['omniva-parcel'])).toHaveLength(snapshot.locations.length);
  });

  it('falls back to the snapshot when the feed does not answer within the timeout, or answers an error', async () => {
    const silent = await serve(() => {
      /* never answers */
    });
    const started = Date.now();
    const slow = await refreshProviderLocations(deps({ itellaEeLocationsUrl: `${silent}/feed.json`, feedTimeoutMs: 300 }), 'itella-ee-parcel', 1);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(slow).toMatchObject({ source: 'snapshot', locations: 360, appended: 361 });
    expect(slow.feedError).toMatch(/timeout|aborted/i);

    const failing = await serve((_req, res) => res.writeHead(503).end('maintenance'));
    const report = await refreshProviderLocations(deps({ omnivaLocationsUrl: `${failing}/locations.json` }), 'omniva-po', 1);
    expect(report).toMatchObject({ source: 'snapshot', locations: 84, appended: 85, feedError: expect.stringContaining('503') });
  });

  it('applies a live feed, so a location it drops is no longer offered, and the snapshot then changes nothing', async () => {
    const snapshotRows = JSON.parse(await readFile(path.join(DELIVERY_SNAPSHOT_DIR, 'omniva-locations-2024-11.json'), 'utf8')) as Record<string, string>[];
    const requests: string[] = [];
    const feed = await serve((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(snapshotRows.filter((r) => r.ZIP !== '96243')));
    });
    const live = await refreshProviderLocations(deps({ omnivaLocationsUrl: `${feed}/locations.json` }), 'omniva-parcel', 2);
    expect(requests).toEqual(['GET /locations.json']);
    expect(live).toMatchObject({ source: 'feed', feedError: null, appended: 2 });
    await h.settle();
    expect(await isLocationOffered(h.db, 'omniva-parcel', '96243')).toBe(false);

    const unchanged = await refreshProviderLocations(deps({ omnivaLocationsUrl: `${feed}/locations.json` }), 'omniva-parcel', 3);
    expect(unchanged).toMatchObject({ source: 'feed', appended: 0 });
    const fallback = await refreshProviderLocations(deps({ omnivaLocationsUrl: await closedPortUrl() }), 'omniva-parcel', 4);
    expect(fallback).toMatchObject({ source: 'snapshot', appended: 0 });
    await h.settle();
    expect(await isLocationOffered(h.db, 'omniva-parcel', '96243')).toBe(false);
  });

  it('a provider with neither a feed nor a snapshot stays as it is', async () => {
    const report = await refreshProviderLocations(deps({}), 'itella-fi-parcel', 1);
    expect(report).toEqual({ providerId: 'itella-fi-parcel', source: 'none', feedError: 'no feed configured', locations: 0, skipped: 0, appended: 0 });
  });
});

describe('the BullMQ job', () => {
  it('runs each provider once per slot: enqueueing the same slot again adds no job', async () => {
    const connection = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    const queueName = `delivery-test-${randomBytes(4).toString('hex')}`;
    const queue = new Queue(queueName, { connection });
    const events = new QueueEvents(queueName, { connection: connection.duplicate() });
    const processor = createRefreshDeliveryLocationsProcessor(deps({ omnivaLocationsUrl: await closedPortUrl(), itellaEeLocationsUrl: await closedPortUrl() }));
    const ran: string[] = [];
    const worker = new Worker(
      queueName,
      async (job) => {
        expect(job.name).toBe(REFRESH_DELIVERY_LOCATIONS_JOB);
        ran.push(job.id!);
        return processor(job.data);
      },
      { connection: connection.duplicate() },
    );
    try {
      await events.waitUntilReady();
      const interval = 86_400_000;
      const nowMs = Date.parse('2026-11-22T10:00:00.000Z');
      const slot = Math.floor(nowMs / interval);
      const ids = await enqueueDeliveryLocationRefresh(queue, nowMs, interval);
      expect(ids).toEqual(REFRESHED_PROVIDERS.map((p) => refreshJobId(p, slot)));
      const results = await Promise.all(ids.map(async (id) => (await queue.getJob(id))!.waitUntilFinished(events, 30_000)));
      expect(results.map((r) => `${r.providerId}:${r.source}`)).toEqual(['omniva-parcel:snapshot', 'omniva-po:snapshot', 'itella-ee-parcel:snapshot', 'itella-fi-parcel:none']);

      // Same slot, later in the day (another process, a restart): the same job ids, nothing runs again.
      await enqueueDeliveryLocationRefresh(queue, nowMs + 3_600_000, interval);
      await new Promise((r) => setTimeout(r, 300));
      expect(ran.sort()).toEqual([...ids].sort());
      // The next slot is a new job.
      const next = await enqueueDeliveryLocationRefresh(queue, nowMs + interval, interval);
      await (await queue.getJob(next[0]))!.waitUntilFinished(events, 30_000);
      expect(ran).toContain(refreshJobId('omniva-parcel', slot + 1));
    } finally {
      await worker.close();
      await events.close();
      await queue.obliterate({ force: true });
      await queue.close();
      connection.disconnect();
    }
  });

  it("the worker role's processor uses the store and the feed URLs the composition root hands it (OMNIVA_LOCATIONS_URL)", async () => {
    const rows = JSON.parse(await readFile(path.join(DELIVERY_SNAPSHOT_DIR, 'omniva-locations-2024-11.json'), 'utf8')) as Record<string, string>[];
    const feed = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows.filter((r) => r.ZIP !== '69494'))));
    const config = loadConfig({ DATABASE_URL: h.url, OMNIVA_LOCATIONS_URL: `${feed}/locations.json` }, 'one-machine');
    // Only what the refresh processor uses is real; the other dependencies are never touched by it.
    const unused = undefined as never;
    const workerDeps: WorkerDeps = {
      db: h.db,
      store: h.store,
      connection: unused,
      queue: unused,
      mailer: unused,
      loadOrder: unused,
      backInStockReads: unused,
      loadCatalogProduct: unused,
      findExpiredReservations: unused,
      config,
      now: () => h.clock.now,
      log: () => {},
    };
    const report = await createProcessors(workerDeps)[REFRESH_DELIVERY_LOCATIONS_JOB]({ providerId: 'omniva-po', slot: 7 });
    expect(report).toMatchObject({ providerId: 'omniva-po', source: 'feed', appended: 2 });
    await h.settle();
    expect(await isLocationOffered(h.db, 'omniva-po', '69494')).toBe(false);
  });

  it('a malformed job fails', async () => {
    const processor = createRefreshDeliveryLocationsProcessor(deps({}));
    await expect(processor({ providerId: 'omniva-courier', slot: 1 })).rejects.toThrow(/no locations/);
    await expect(processor({ providerId: 'dhl', slot: 1 })).rejects.toThrow(/Malformed/);
  });
});
