/**
 * The storefront served for a browser test: the api app built on a test harness's database and event store, with
 * the built web app (web/dist or a test's own copy of it), listening on 127.0.0.1. Listing results are never cached
 * (`listingCacheTtlMs: 0`) and searches are recorded at once, so what a test changes shows on the next request.
 *
 *   const { app, base } = await serveStorefront(h, { webRoot });            // base: http://127.0.0.1:<port>
 *   const { app } = await serveStorefront(h, { port, api: { payments } });  // a port chosen up front
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/app.js';
import type { ApiDeps } from '../../api/plugins/deps.js';
import { SearchRecorder } from '../../commands/catalog/record-search.js';
import type { ShopHarness } from './shop-harness.js';

const repoRoot = path.resolve(__dirname, '..', '..');

export interface StorefrontServer {
  app: FastifyInstance;
  /** The storefront's base URL, without a trailing slash. */
  base: string;
}

/**
 * @param options.webRoot folder of the built web app (default web/dist of this checkout)
 * @param options.port TCP port to listen on (default: a free one the system picks)
 * @param options.api further api dependencies (payments, the sandbox bank, the public URL, ...)
 */
export async function serveStorefront(h: ShopHarness, options: { webRoot?: string; port?: number; api?: Partial<ApiDeps> } = {}): Promise<StorefrontServer> {
  const app = await buildApp({
    db: h.db,
    store: h.store,
    now: () => new Date().toISOString(),
    webRoot: options.webRoot ?? path.join(repoRoot, 'web', 'dist'),
    listingCacheTtlMs: 0,
    searches: new SearchRecorder(h.store, { flushIntervalMs: 0 }),
    readModelChanges: h.readModelChanges,
    ...options.api,
  });
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}
