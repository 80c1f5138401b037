/**
 * One live socket per page (web/src/lib/live-socket.ts): a product page holds exactly ONE websocket GET /v1/live,
 * and over it gets both kinds of push: its product's stock (`{"subscribe": [...]}`, refetching the product) and the
 * live content (`{"content": true}`, refetching the site: here a global field in the footer). Before, the live stock
 * and the live content each opened their own socket. Real PostgreSQL, the built browser and server bundles, Chromium;
 * every wait reads the page until the text shows.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../bin/web-build.js';
import { productIdForCode } from '../commands/catalog/catalog-csv.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { setGlobalFields } from '../commands/site/set-global-fields.js';
import { receiveStock } from '../commands/stock/receive-stock.js';
import { chromiumExecutable, launchChromium } from './support/browser.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';
import { patience } from './support/patience.js';
import { serveStorefront } from './support/storefront-server.js';

const repoRoot = path.resolve(__dirname, '..');
let h: ShopHarness;
let app: FastifyInstance;
let browser: Browser;
let base: string;
const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: new Date().toISOString() });

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  const executablePath = chromiumExecutable();
  h = await createShopHarness('live_one_socket_e2e');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  await seedSiteContent(h.store, new Date().toISOString());
  await h.settle();
  ({ app, base } = await serveStorefront(h));
  browser = await launchChromium(executablePath);
}, patience(300_000));

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

/** Every websocket to /v1/live the page opens, with the frames it sent and received. */
function liveSockets(page: Page): { sockets: { ws: WebSocket; sent: string[]; received: string[] }[] } {
  const seen = { sockets: [] as { ws: WebSocket; sent: string[]; received: string[] }[] };
  page.on('websocket', (ws) => {
    if (!new URL(ws.url()).pathname.endsWith('/v1/live')) return;
    const entry = { ws, sent: [] as string[], received: [] as string[] };
    ws.on('framesent', (frame) => entry.sent.push(String(frame.payload)));
    ws.on('framereceived', (frame) => entry.received.push(String(frame.payload)));
    seen.sockets.push(entry);
  });
  return seen;
}

describe('a product page', () => {
  it('opens exactly one live socket and gets both the stock and the content pushes over it', async () => {
    const page = await browser.newPage();
    const live = liveSockets(page);
    const productId = productIdForCode('W 712/75');
    try {
      await page.goto(`${base}/en/products/view/${productId}`);
      const main = page.locator('main');
      await expect.poll(() => main.innerText(), { timeout: patience(10_000) }).toMatch(/In stock: 10/);
      // Both subscriptions were sent, on one socket: the product's stock and the live content.
      await expect
        .poll(() => live.sockets.map((s) => [s.sent.some((f) => f.includes(`"subscribe":["${productId}"]`)), s.sent.some((f) => f.includes('"content":true'))]), { timeout: patience(10_000) })
        .toEqual([[true, true]]);
      // ... and the server acknowledged both, so the pushes below cannot race the subscriptions.
      await expect
        .poll(() => live.sockets.map((s) => [s.received.some((f) => f.includes('"type":"subscribed"') && f.includes(`"productIds":["${productId}"]`)), s.received.some((f) => f.includes('"type":"subscribed","content":true'))]), { timeout: patience(10_000) })
        .toEqual([[true, true]]);
      await page.evaluate(() => {
        (window as unknown as { liveMark?: boolean }).liveMark = true;
      });

      // Stock arrives: the product page shows it without a reload.
      await receiveStock(h.store, { productId, warehouseId: 'tartu', quantity: 5 }, ctx());
      await expect.poll(() => main.innerText(), { timeout: patience(10_000) }).toMatch(/In stock: 15/);
      // A global field is saved: the footer of the same page shows it.
      await setGlobalFields(h.store, { fields: { phone: { et: '+372 5000 4321', en: '+372 5000 4321' } } }, ctx());
      await page.locator('footer', { hasText: '+372 5000 4321' }).waitFor({ timeout: patience(10_000) });

      expect(await page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark === true)).toBe(true);
      expect(live.sockets).toHaveLength(1);
      expect(live.sockets[0]!.ws.isClosed()).toBe(false);
    } finally {
      await page.close();
    }
  });
});
