/**
 * Live content, content pages in search, and the content side of SEO (architecture "Live content"; spec 2 "Search
 * results page", spec 3 "Search result", spec 7 GET /v1/search) on real PostgreSQL and Redis:
 * - GET /v1/live: a socket that sent `{"content": true}` is told the id of a page published, unpublished or
 *   scheduled, and 'menu' / 'fields' after a menu or global field save; ids and kinds only, never text; a draft save
 *   tells nothing; a socket that did not ask hears nothing;
 * - GET /v1/search answers the published, visible pages in the request language's own text beside the products, and
 *   never a draft, hidden, scheduled-out or unpublished page;
 * - robots.txt and the sitemap (each language's own slug, hreflang; hidden pages leave it; the home page at /et and /en);
 * - the server render answers a real 404 with the not-found page for an unknown or hidden page by name and by id, and
 *   renders the pages group of the search results page.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildWebIfStale } from '../bin/web-build.js';
import { setMenu, loadMenu } from '../commands/menu/menu-handler.js';
import { publishPage } from '../commands/page/publish-page.js';
import { savePageDraft } from '../commands/page/save-page-draft.js';
import { schedulePage } from '../commands/page/schedule-page.js';
import { unpublishPage } from '../commands/page/unpublish-page.js';
import { seedSiteContent } from '../commands/site/seed-site-content.js';
import { setGlobalFields } from '../commands/site/set-global-fields.js';
import { envelopeSchema, searchResponseSchema } from '../api/contracts/catalog.js';
import type { VisibilityRule } from '../domain/page/visibility.js';
import { patience } from './support/patience.js';
import { createShopHarness, type ShopHarness } from './support/shop-harness.js';

const repoRoot = path.resolve(__dirname, '..');
let h: ShopHarness;
let port: number;
const ctx = () => ({ commandId: randomUUID(), correlationId: randomUUID(), userId: null, now: h.clock.now });

const CLUB = randomUUID();
const DRAFT = randomUUID();
const PAST = randomUUID();
const HIDDEN = randomUUID();

/** Saves a page's draft and, unless `publish` is false, publishes it. */
async function page(pageId: string, et: string, en: string, slug: { et: string; en: string }, publish = true) {
  await savePageDraft(h.store, { pageId, title: { et, en }, slug, content: { et: `<h2>${et}</h2><p>Püsikliendid saavad boonuspunkte.</p><img src="/files/11111111-1111-4111-8111-111111111111/large" alt="">`, en: `<h2>${en}</h2><p>Regular customers earn bonus points.</p>` }, metaDescription: { et: `${et}: boonuspunktid igalt ostult`, en: `${en}: points on every purchase` } }, ctx());
  if (publish) await publishPage(h.store, { pageId }, ctx());
}

const past: VisibilityRule = { type: 'timeRange', rangeFrom: '2026-01-01T00:00:00.000Z', rangeTo: '2026-02-01T00:00:00.000Z', stateInRange: 'visible', stateOutRange: 'hidden' };
const hidden: VisibilityRule = { type: 'static', rangeFrom: null, rangeTo: null, stateInRange: 'hidden', stateOutRange: 'hidden' };

beforeAll(async () => {
  h = await createShopHarness('live_content');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  await seedSiteContent(h.store, h.clock.now);
  await page(CLUB, 'Kliendiklubi', 'Loyalty club', { et: 'kliendiklubi', en: 'loyalty-club' });
  await page(DRAFT, 'Boonusmustand', 'Bonus draft', { et: 'boonusmustand', en: 'bonus-draft' }, false);
  await page(PAST, 'Boonuskampaania', 'Bonus campaign', { et: 'boonuskampaania', en: 'bonus-campaign' });
  await schedulePage(h.store, { pageId: PAST, visibility: past }, ctx());
  await page(HIDDEN, 'Boonuspeidus', 'Bonus hidden', { et: 'boonuspeidus', en: 'bonus-hidden' });
  await schedulePage(h.store, { pageId: HIDDEN, visibility: hidden }, ctx());
  await h.settle();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as { port: number }).port;
}, patience(120_000));

afterAll(async () => {
  await h?.close();
});

/** A socket that sent `message` (if any), with every push it receives (`messages`) and the server's acknowledgements (`acks`). */
async function socket(message?: unknown): Promise<{ ws: WebSocket; messages: unknown[]; acks: unknown[] }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/live`);
  const messages: unknown[] = [];
  const acks: unknown[] = [];
  ws.on('message', (m) => {
    const data = JSON.parse(String(m)) as { type?: string };
    (data.type === 'subscribed' ? acks : messages).push(data);
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  await roundTrip(ws, message);
  return { ws, messages, acks };
}

/**
 * Sends `message` (if any), then a ping, and waits for its pong: the server has handled the message by then, and
 * whatever it sent this socket before the pong has arrived.
 */
async function roundTrip(ws: WebSocket, message?: unknown): Promise<void> {
  if (message !== undefined) ws.send(JSON.stringify(message));
  await new Promise<void>((resolve) => {
    ws.once('pong', () => resolve());
    ws.ping();
  });
}

const until = async (done: () => boolean, ms = patience(2000)) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
};

const search = async (q: string, lang: 'et' | 'en', extra = '') => {
  const res = await h.app.inject(`/v1/search?q=${encodeURIComponent(q)}&lang=${lang}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  const { data } = envelopeSchema(searchResponseSchema).parse(res.json());
  if (!data) throw new Error(`no data: ${res.body}`);
  return data;
};

describe('GET /v1/live: content changes reach open pages as ids and kinds', () => {
  it('tells a content socket the page published, the menu and the fields saved; a draft save and other sockets hear nothing', async () => {
    const open = await socket({ content: true });
    const stockOnly = await socket({ subscribe: ['x'] });
    expect(open.acks).toEqual([{ type: 'subscribed', content: true }]);
    expect(stockOnly.acks).toEqual([{ type: 'subscribed', productIds: ['x'] }]);
    const pageId = randomUUID();
    // A draft save pushes nothing: the first push this socket gets is the publish's, then the menu's.
    await savePageDraft(h.store, { pageId, title: { et: 'Uudis', en: 'News' }, content: { et: '<p>Salajane mustand</p>' } }, ctx());
    await h.settle();
    await publishPage(h.store, { pageId }, ctx());
    await until(() => open.messages.length > 0);
    expect(open.messages[0]).toEqual({ type: 'content', pages: [pageId], site: [] });

    const menu = await loadMenu(h.store);
    await setMenu(h.store, { entries: [...menu.entries.map((e) => ({ ...e })), { id: 'news', kind: 'page', label: { et: 'Uudis', en: 'News' }, target: pageId }] }, ctx());
    await until(() => open.messages.length > 1);
    expect(open.messages).toEqual([
      { type: 'content', pages: [pageId], site: [] },
      { type: 'content', pages: [], site: ['menu'] },
    ]);
    expect(JSON.stringify(open.messages)).not.toContain('Salajane');

    await setGlobalFields(h.store, { fields: { phone: { et: '+372 5555 0000' } } }, ctx());
    await until(() => open.messages.length > 2);
    expect(open.messages[2]).toEqual({ type: 'content', pages: [], site: ['fields'] });

    await unpublishPage(h.store, { pageId }, ctx());
    await until(() => open.messages.length > 3);
    expect(open.messages[3]).toEqual({ type: 'content', pages: [pageId], site: [] });

    // Stopped: a probe socket hears the next change; the stopped socket (its pong after that push) and the
    // stock-only socket heard none of it.
    await roundTrip(open.ws, { content: false });
    const probe = await socket({ content: true });
    await schedulePage(h.store, { pageId, visibility: hidden }, ctx());
    await until(() => probe.messages.length > 0);
    expect(probe.messages).toEqual([{ type: 'content', pages: [pageId], site: [] }]);
    await roundTrip(open.ws);
    await roundTrip(stockOnly.ws);
    expect(open.messages).toHaveLength(4);
    expect(stockOnly.messages).toEqual([]);
    for (const s of [open, stockOnly, probe]) s.ws.close();
  });
});

describe('GET /v1/search: content pages beside the products', () => {
  it('finds a published, visible page in the request language\'s own text, with breadcrumbs, description and header image', async () => {
    const et = await search('boonuspunkte', 'et');
    expect(et.pages).toEqual([
      {
        id: CLUB,
        name: 'Kliendiklubi',
        path: '/kliendiklubi',
        breadcrumbs: [{ name: 'Kliendiklubi' }],
        meta_description: 'Kliendiklubi: boonuspunktid igalt ostult',
        content: { 'header-img': { src: '/files/11111111-1111-4111-8111-111111111111/large' }, description: 'Kliendiklubi: boonuspunktid igalt ostult' },
      },
    ]);
    const en = await search('bonus points', 'en');
    expect(en.pages.map((p) => [p.id, p.name, p.path, p.meta_description, p.content['header-img']])).toEqual([[CLUB, 'Loyalty club', '/loyalty-club', 'Loyalty club: points on every purchase', null]]);
    // Each language's own text: the Estonian words do not find the English page, and the other way round.
    expect((await search('boonuspunkte', 'en')).pages).toEqual([]);
    expect((await search('customers', 'et')).pages).toEqual([]);
    // Diacritics and case folded; a word's start is enough.
    expect((await search('PÜSIKLIENDI', 'et')).pages.map((p) => p.id)).toEqual([CLUB]);
  });

  it('never answers a draft, hidden, scheduled-out or unpublished page, nor pages beyond the first page or without q', async () => {
    for (const q of ['boonusmustand', 'boonuskampaania', 'boonuspeidus', 'bonus draft', 'bonus campaign', 'bonus hidden']) {
      for (const lang of ['et', 'en'] as const) expect((await search(q, lang)).pages, `${q} ${lang}`).toEqual([]);
    }
    expect((await search('boonuspunkte', 'et', '&page=2')).pages).toEqual([]);
    expect((await search('', 'et')).pages).toEqual([]);
    // The campaign shows again inside its range: the rule is read at the request's time.
    const now = h.clock.now;
    h.clock.now = '2026-01-15T00:00:00.000Z';
    try {
      expect((await search('boonuskampaania', 'et')).pages.map((p) => p.id)).toEqual([PAST]);
    } finally {
      h.clock.now = now;
    }
  });

  it('keeps the products and their paging as before', async () => {
    const data = await search('filter', 'en');
    const res = await h.app.inject('/v1/search?q=filter&lang=en');
    expect(data.results.length).toBeGreaterThan(0);
    expect(data.pages).toEqual([]);
    expect(Number(res.headers['x-pagination-total-count'])).toBeGreaterThanOrEqual(data.results.length);
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt allows the shop, keeps crawlers out of the staff and order pages and names the sitemap', async () => {
    const res = await h.app.inject({ url: '/robots.txt', headers: { host: 'shop.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const p of ['/admin', '/login', '/cart', '/checkout', '/payment', '/en/checkout', '/et/admin']) expect(lines, p).toContain(`Disallow: ${p}`);
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain('Sitemap: http://shop.example/sitemap.xml');
  });

  it('lists visible published pages at each language\'s own slug with hreflang et, en and x-default; hidden ones leave it', async () => {
    const res = await h.app.inject({ url: '/sitemap-categories.xml', headers: { host: 'shop.example' } });
    expect(res.statusCode).toBe(200);
    const body = res.body;
    const alternates =
      '<xhtml:link rel="alternate" hreflang="et" href="http://shop.example/kliendiklubi"/>' +
      '<xhtml:link rel="alternate" hreflang="en" href="http://shop.example/en/loyalty-club"/>' +
      '<xhtml:link rel="alternate" hreflang="x-default" href="http://shop.example/kliendiklubi"/>';
    expect(body).toContain(`<url><loc>http://shop.example/kliendiklubi</loc>${alternates}</url>`);
    expect(body).toContain(`<url><loc>http://shop.example/en/loyalty-club</loc>${alternates}</url>`);
    expect(body).not.toContain('/en/kliendiklubi');
    expect(body).toContain('http://shop.example/muugitingimused');
    for (const slug of ['boonusmustand', 'boonuskampaania', 'boonuspeidus', 'bonus-campaign', 'bonus-hidden']) expect(body, slug).not.toContain(slug);
  });

  it('lists the language home page (layout homepage, seeded as avaleht / home) at /et and /en with hreflang, never at its slug', async () => {
    const res = await h.app.inject({ url: '/sitemap-categories.xml', headers: { host: 'shop.example' } });
    expect(res.statusCode).toBe(200);
    const body = res.body;
    const alternates =
      '<xhtml:link rel="alternate" hreflang="et" href="http://shop.example/et"/>' +
      '<xhtml:link rel="alternate" hreflang="en" href="http://shop.example/en"/>' +
      '<xhtml:link rel="alternate" hreflang="x-default" href="http://shop.example/et"/>';
    expect(body).toContain(`<url><loc>http://shop.example/et</loc>${alternates}</url>`);
    expect(body).toContain(`<url><loc>http://shop.example/en</loc>${alternates}</url>`);
    expect(body.split('<loc>http://shop.example/et</loc>')).toHaveLength(2);
    expect(body).not.toContain('http://shop.example/avaleht');
    expect(body).not.toContain('http://shop.example/en/home');
  });
});

describe('the server render', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    buildWebIfStale((line) => process.stderr.write(`${line}\n`));
    app = await h.replica({ webRoot: path.join(repoRoot, 'web', 'dist'), ssrEntry: path.join(repoRoot, 'web', 'dist-server', 'entry-server.js'), publicUrl: 'https://shop.example' });
  }, patience(300_000));

  it('answers 404 with the not-found page for unknown, hidden, scheduled-out and draft pages by name and by id', async () => {
    const urls = ['/no-such-page', `/page/${randomUUID()}`, '/boonuspeidus', `/page/${HIDDEN}`, `/en/page/${HIDDEN}/bonus-hidden`, '/boonuskampaania', `/page/${PAST}`, '/boonusmustand', `/page/${DRAFT}`];
    for (const url of urls) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('id="status-page-title"');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
    for (const url of ['/kliendiklubi', `/page/${CLUB}`, '/en/loyalty-club']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(url.startsWith('/en') ? 'Loyalty club' : 'Kliendiklubi');
    }
  });

  it('renders the search results page with the pages group beside the products', async () => {
    const et = await app.inject(`/searchresults?q=${encodeURIComponent('boonuspunkte')}`);
    expect(et.statusCode).toBe(200);
    const root = et.body.slice(et.body.indexOf('<div id="root">'));
    expect(root).toContain('id="search-pages-title"');
    expect(root).toMatch(/<h2 id="search-pages-title">Lehed<\/h2>/);
    expect(root).toContain('href="/kliendiklubi"');
    const en = await app.inject(`/en/searchresults?q=${encodeURIComponent('bonus')}`);
    expect(en.body.slice(en.body.indexOf('<div id="root">'))).toMatch(/<h2 id="search-pages-title">Pages<\/h2>[\s\S]*href="\/en\/loyalty-club"[^>]*>Loyalty club</);
  });
});
