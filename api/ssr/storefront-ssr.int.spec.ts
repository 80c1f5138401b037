/**
 * The storefront rendered on the server (api/ssr/storefront-renderer.ts, web/src/entry-server.tsx): the first HTML
 * holds the page (products, prices, head), the hydration state is escaped against `</script>`, concurrent requests in
 * different languages, with a session and with different remembered options never see each other's answer, the
 * remembered listing options' cookies (page size, sort, view mode) are rendered and garbage in them ignored, unknown products, categories and pages
 * answer 404, the cache headers differ for guests and sessions, and a render's stored data is the api's answer, read
 * before one render (Server-Timing), and each page's <head> links the CSS and JS of the lazy chunks it rendered (from
 * the browser build's manifest) and no other's. Real PostgreSQL with the small fixture catalog,
 * the seeded site content and the built web app (browser and server bundles, bin/web-build.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../../bin/web-build.js';
import { productIdForCode } from '../../commands/catalog/catalog-csv.js';
import { seedSiteContent } from '../../commands/site/seed-site-content.js';
import { loadVehicleReference } from '../../commands/vehicle/load-vehicle-reference.js';
import { createShopHarness, type ShopHarness } from '../../tests/support/shop-harness.js';

const repoRoot = path.resolve(__dirname, '..', '..');
const fixture = readFileSync(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'), 'utf8');
const header = fixture.split('\n', 1)[0]!;
const HOSTILE_NAME = '</script><script>alert(1)</script>';
let h: ShopHarness;
let app: FastifyInstance;
let tmp: string;

/** A one-product catalog file: code XSS 1, named `name` in both languages, at `price` euros. */
function hostileCsv(price: string): string {
  const file = path.join(tmp, `hostile-${price}.csv`);
  writeFileSync(file, `${header}\nXSS 1,,"${HOSTILE_NAME}","${HOSTILE_NAME}",,,Filtrid > Kütusefiltrid,Filters > Fuel filters,${price},tallinn=3,pcs,available,,0,product,,,,\n`);
  return file;
}

beforeAll(async () => {
  buildWebIfStale((line) => process.stderr.write(`${line}\n`));
  tmp = mkdtempSync(path.join(tmpdir(), 'ssr-spec-'));
  h = await createShopHarness('storefront_ssr');
  await h.importFile(path.join(repoRoot, 'tests', 'fixtures', 'small-catalog.csv'));
  await h.importFile(hostileCsv('7.50'));
  await seedSiteContent(h.store, h.clock.now);
  // The classic cars of the vehicle reference (a missing data folder loads only those): a vehicle landing page.
  await loadVehicleReference(h.store, path.join(repoRoot, 'tests', 'no-such-vehicle-folder'), { now: h.clock.now });
  await h.settle();
  app = await h.replica({
    webRoot: path.join(repoRoot, 'web', 'dist'),
    ssrEntry: path.join(repoRoot, 'web', 'dist-server', 'entry-server.js'),
    publicUrl: 'https://shop.example',
  });
}, 300_000);

afterAll(async () => {
  await h?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

/** The text of the page's hydration state script. */
function stateOf(html: string): string {
  const m = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no ssr-state script');
  return m[1]!;
}

describe('the first HTML of a listing', () => {
  it('holds the products, prices, breadcrumb, facets, title, canonical and hreflang', async () => {
    const res = await get('/et/products');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('Kütusefilter lühike');
    expect(root).toMatch(/12,40\s*€/);
    expect(root).toContain('Kõik tooted');
    expect(root).toContain('Kütusefiltrid'); // the category tree
    expect(root).toContain('Height [mm]'); // a facet
    expect(html).toContain('<html lang="et" data-theme="dark">');
    expect(html).toMatch(/<title>Kõik tooted \| [^<]+<\/title>/);
    // Estonian is the default language: its canonical URL has no prefix (components/page-meta.tsx).
    expect(html).toContain('<link rel="canonical" href="https://shop.example/products" />');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://shop.example/en/products" />');
    expect(JSON.parse(stateOf(html)).queries.length).toBeGreaterThan(0);
    // index.html's early API reads are for the single-page app only: this page carries its data.
    expect(html).not.toContain('data-spa-only');
    expect(html).not.toContain("link.rel = 'preload'");
  });

  it('renders a category URL with its breadcrumb and the theme of the theme cookie', async () => {
    const res = await get('/et/filtrid/kutusefiltrid', { cookie: 'theme=ConjLight' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-theme="light"');
    expect(res.body).toMatch(/<h1 id="listing-title">Kütusefiltrid<\/h1>/);
    expect(res.body).toContain('Kütusefilter lühike');
  });
});

/** The query key of the page's product list in its state (the API query string the listing asked for). */
function productQueryOf(html: string): string {
  const state = JSON.parse(stateOf(html)) as { queries: { queryKey: unknown[] }[] };
  const key = state.queries.map((q) => q.queryKey).find((k) => k[1] === 'products');
  if (!key) throw new Error('no products query in the state');
  return JSON.stringify(key);
}

describe('remembered listing options', () => {
  it('renders the page size, sort and view mode of their cookies', async () => {
    const res = await get('/et/products', { cookie: 'theme=ConjLight; pageSize=48; productSorting=total_price; productViewMode=list' });
    expect(res.statusCode).toBe(200);
    expect(productQueryOf(res.body)).toContain('pageSize=48');
    expect(productQueryOf(res.body)).toContain('sort=total_price');
    expect(res.body).toMatch(/<option value="48" selected="">48<\/option>/);
    expect(res.body).toContain('product-grid--list');
    // Cheapest first: W 712/75 (the fixture's cheapest) before the 12,40 € fuel filter.
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(root.indexOf('W 712/75')).toBeGreaterThan(0);
    expect(root.indexOf('W 712/75')).toBeLessThan(root.indexOf('Kütusefilter lühike'));
  });

  it('ignores unknown values and names, and lets the URL win over a cookie', async () => {
    for (const cookie of ['pageSize=47', 'pageSize=48x; productSorting=drop%20table; productViewMode=<b>', 'pageSize= 48', 'PageSize=48', 'pageSize']) {
      const res = await get('/et/products', { cookie });
      expect(res.statusCode, cookie).toBe(200);
      expect(productQueryOf(res.body), cookie).toContain('pageSize=24');
      expect(productQueryOf(res.body), cookie).toContain('sort=-modified_at');
      expect(res.body, cookie).toContain('product-grid--grid');
    }
    const url = await get('/et/products?pageSize=84', { cookie: 'pageSize=48' });
    expect(productQueryOf(url.body)).toContain('pageSize=84');
  });
});

describe('escaping', () => {
  it('never lets a product named </script><script>… close a script element', async () => {
    for (const url of ['/et/products', `/et/products/view/${productIdForCode('XSS 1')}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('<script>alert(1)');
      // The markup shows the name as text; the state holds it exactly once parsed.
      expect(res.body, url).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(stateOf(res.body), url).toContain('\\u003c/script\\u003e');
      expect(JSON.stringify(JSON.parse(stateOf(res.body))), url).toContain(JSON.stringify(HOSTILE_NAME).slice(1, -1));
    }
  });
});

describe('statuses', () => {
  it('answers 404 with the not-found page for unknown products, categories, pages and paths', async () => {
    for (const url of ['/et/products/view/no-such-product', '/products/view/no-such-product', '/et/no/such/category', '/en/no-such-page', '/no-such-page', '/page/999/none']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('id="status-page-title"');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('answers 200 for a product, a content page and search results', async () => {
    const product = await get(`/en/products/view/${productIdForCode('BF 1018/1')}`);
    expect(product.statusCode).toBe(200);
    expect(product.body).toContain('Fuel filter');
    expect(product.body).toMatch(/<title>[^<]*Fuel filter[^<]*<\/title>/);
    for (const url of ['/muugitingimused', '/en/searchresults?q=filter']) expect((await get(url)).statusCode, url).toBe(200);
  });
});

describe('compression and the catch-all page route', () => {
  it('sends a page compressed when the browser accepts it (brotli, else gzip), and whole when it does not', async () => {
    const plain = await get('/et/products');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/et/products', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toContain('<h1 id="listing-title">Kõik tooted</h1>');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gz = await get('/no-such-page', { 'accept-encoding': 'gzip' });
    expect(gz.statusCode).toBe(404);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toContain('id="status-page-title"');
  });

  it('sends a built script as the build compressed it (brotli, else gzip), and whole when the browser asks for neither', async () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'web', 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!.file;
    const file = readFileSync(path.join(repoRoot, 'web', 'dist', entry));
    const plain = await get(`/${entry}`, { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(file)).toBe(true);
    const br = await get(`/${entry}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    // The build's copy (brotli at quality 11), not one made for this request.
    expect(br.rawPayload.equals(readFileSync(path.join(repoRoot, 'web', 'dist', `${entry}.br`)))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).equals(file)).toBe(true);
    const gz = await get(`/${entry}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(file)).toBe(true);
    for (const answer of [plain, br, gz]) {
      expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('leaves unknown api paths to the api: 404 in the envelope, and the staff guard first under /v1/admin', async () => {
    const api = await get('/v1/no-such-call');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false });
    const staff = await get('/v1/admin/no-such-screen');
    expect(staff.statusCode).toBe(401);
    const post = await app.inject({ method: 'POST', url: '/et/products' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ success: false });
  });
});

describe('isolation', () => {
  it('renders concurrent requests in different languages and with a session each with its own answer', async () => {
    const asks = Array.from({ length: 6 }, (_, i) =>
      i % 3 === 0 ? { url: '/et/products', lang: 'et', text: 'Kõik tooted', session: false } : i % 3 === 1 ? { url: '/en/products', lang: 'en', text: 'All products', session: false } : { url: '/en/products', lang: 'en', text: 'All products', session: true },
    );
    // The session's renders also remember a page size of 84: only theirs may show it.
    const answers = await Promise.all(asks.map((a) => get(a.url, a.session ? { cookie: 'shop_sid=staff-session; theme=ConjLight; pageSize=84' } : {})));
    answers.forEach((res, i) => {
      const ask = asks[i]!;
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<html lang="${ask.lang}" data-theme="${ask.session ? 'light' : 'dark'}">`);
      expect(res.body).toContain(`<h1 id="listing-title">${ask.text}</h1>`);
      expect(res.body).not.toContain(ask.lang === 'et' ? 'All products' : 'Kõik tooted');
      expect(productQueryOf(res.body)).toContain(ask.session ? 'pageSize=84' : 'pageSize=24');
      // A server render is always a guest's: no staff details in any answer.
      expect(stateOf(res.body)).not.toContain('"staff":');
      expect(stateOf(res.body)).not.toContain('frontEdit');
    });
  });
});

describe('cache headers', () => {
  it('lets a CDN keep a guest page under an ETag it revalidates; a session page is private and not stored', async () => {
    const guest = await get('/et/products');
    expect(guest.headers['cache-control']).toBe('public, no-cache');
    expect(guest.headers.vary).toMatch(/cookie/i);
    const etag = String(guest.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/et/products', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const staff = await get('/et/products', { cookie: 'shop_sid=staff-session' });
    expect(staff.headers['cache-control']).toBe('private, no-store');
    expect(staff.headers.etag).toBeUndefined();
  });

  it('shows a price change on the next render, under a new ETag', async () => {
    const url = `/et/products/view/${productIdForCode('XSS 1')}`;
    const before = await get(url);
    expect(before.body).toMatch(/7,50\s*€/);
    await h.importFile(hostileCsv('8.25'));
    await h.settle();
    const after = await get(url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toMatch(/8,25\s*€/);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe('the data of a render', () => {
  type StoredQuery = { queryKey: unknown[]; state: { data: unknown; status: string } };
  /** The api URL a stored query was read from (the storefront's query keys: lib/categories.ts, lib/site, features/catalog/api). */
  function apiUrlOf(key: unknown[]): string {
    if (key[0] === 'site') return `/v1/site?lang=${String(key[1])}`;
    if (key[1] === 'categories') return `/v1/categories?lang=${String(key[2])}`;
    if (key[1] === 'products') return `/v1/products?${String(key[2])}`;
    if (key[1] === 'product') return `/product/view/${encodeURIComponent(String(key[2]))}?lang=${String(key[3])}`;
    if (key[1] === 'search') return `/v1/search?${String(key[2])}`;
    if (key[0] === 'page') return `/v1/page/${encodeURIComponent(String(key[1]))}?lang=${String(key[2])}&fieldsPreset=default`;
    throw new Error(`unexpected query ${JSON.stringify(key)}`);
  }

  /** The kind of a stored query: 'site', 'page', or the catalog's second key part ('categories', 'products', ...). */
  const kindOf = (key: unknown[]) => (key[0] === 'site' || key[0] === 'page' ? String(key[0]) : String(key[1]));

  it("is the api's answer for the listing, a category URL, a product page, search results and content pages, read before one render", async () => {
    const product = productIdForCode('BF 1018/1'); // with an OE number and a category: both related lists
    const pages: [string, string[]][] = [
      ['/et/products', ['site', 'categories', 'products']],
      ['/en/products?pageSize=48&sort=total_price', ['site', 'categories', 'products']],
      ['/et/filtrid/kutusefiltrid', ['site', 'categories', 'products']],
      [`/et/products/view/${product}`, ['site', 'categories', 'product', 'products', 'products']],
      [`/en/products/view/${product}`, ['site', 'categories', 'product', 'products', 'products']],
      ['/et/searchresults?q=filter', ['site', 'categories', 'search']],
      ['/en/searchresults?q=filter&page=2&pageSize=48&sort=total_price', ['site', 'categories', 'search']],
      ['/muugitingimused', ['site', 'categories', 'page']],
      ['/en/muugitingimused', ['site', 'categories', 'page']],
      ['/en/kontakt', ['site', 'categories', 'page']],
      ['/et', ['site', 'categories', 'page']],
      ['/en', ['site', 'categories', 'page']],
    ];
    for (const [url, kinds] of pages) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      // The route's queries were all fetched up front, in process: the page rendered once and made no `inject`
      // (Server-Timing, api/ssr/storefront-renderer.ts).
      expect(res.headers['server-timing'], url).toMatch(new RegExp(`^data;dur=[\\d.]+, html;dur=[\\d.]+, render;dur=[\\d.]+;desc="1 pass", reads;desc="${kinds.length} in process, 0 injected"$`));
      const queries = (JSON.parse(stateOf(res.body)) as { queries: StoredQuery[] }).queries;
      expect(queries.map((q) => kindOf(q.queryKey)).sort(), url).toEqual([...kinds].sort());
      for (const query of queries) {
        expect(query.state.status, url).toBe('success');
        const api = await get(apiUrlOf(query.queryKey), { accept: 'application/json' });
        expect(api.statusCode, apiUrlOf(query.queryKey)).toBe(200);
        const data = (api.json() as { data: unknown }).data;
        if (query.queryKey[1] === 'products' || query.queryKey[1] === 'search') {
          const { pagination, ...rest } = query.state.data as { pagination: unknown };
          expect(pagination, apiUrlOf(query.queryKey)).toEqual({
            currentPage: Number(api.headers['x-pagination-current-page']),
            perPage: Number(api.headers['x-pagination-per-page']),
            pageCount: Number(api.headers['x-pagination-page-count']),
            totalCount: Number(api.headers['x-pagination-total-count']),
          });
          expect(query.queryKey[1] === 'products' ? (rest as { list: unknown }).list : rest, apiUrlOf(query.queryKey)).toEqual(data);
        } else {
          expect(query.state.data, apiUrlOf(query.queryKey)).toEqual(data);
        }
      }
    }
  });

  it("renders an unknown product's not-found page from the product read's 404, in one render", async () => {
    const missing = await get('/et/products/view/no-such-product');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['server-timing']).toContain('desc="1 pass"');
    expect(missing.headers['server-timing']).toContain('reads;desc="3 in process, 0 injected"');
    const stored = (JSON.parse(stateOf(missing.body)) as { queries: { queryKey: unknown[]; state: { error: { status: number } | null } }[] }).queries.find((q) => q.queryKey[1] === 'product');
    expect(stored?.state.error?.status).toBe(404);
  });
});

describe("a page's route styles", () => {
  type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
  const manifest = () => JSON.parse(readFileSync(path.join(repoRoot, 'web', 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
  /** A stylesheet inlined (web/src/app/route-assets.ts): its text in a `<style>`, then a disabled link for the chunk loader. */
  const stylesheet = (file: string) =>
    `<style data-href="/${file}">${readFileSync(path.join(repoRoot, 'web', 'dist', file), 'utf8')}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
  /** The page's modules, which web/index.html's loader requests after the first paint (web/src/app/route-assets.ts). */
  const modulesOf = (html: string) => JSON.parse(/<script type="application\/json" id="app-modules">([^<]*)<\/script>/.exec(html)?.[1] ?? '[]') as string[];
  /**
   * A route chunk's own CSS file, named after its module (each of these routes imports one stylesheet of its own;
   * the catalog's shared pieces bring theirs too, which the listing also links).
   */
  const cssOf = (key: string) => {
    const name = path.basename(key, '.tsx');
    const own = (manifest()[key]?.css ?? []).filter((file) => path.basename(file).startsWith(`${name}-`));
    expect(own, key).toHaveLength(1);
    return own[0]!;
  };
  const LISTING = 'src/features/catalog/routes/product-listing.tsx';
  const PRODUCT_VIEW = 'src/features/catalog/routes/product-view.tsx';
  const CONTENT_PAGE = 'src/features/pages/routes/content-page.tsx';
  const SEARCH = 'src/features/catalog/routes/search-results.tsx';
  const VEHICLES = 'src/features/vehicle-pages/routes/vehicle-pages.tsx';

  it('inlines the CSS and lists the JS of the product page, a content page, search results and a vehicle page in <head>', async () => {
    const pages: [url: string, chunk: string][] = [
      [`/et/products/view/${productIdForCode('BF 1018/1')}`, PRODUCT_VIEW],
      ['/muugitingimused', CONTENT_PAGE],
      ['/en/searchresults?q=filter', SEARCH],
      ['/et/vehicles/mg', VEHICLES],
    ];
    for (const [url, chunk] of pages) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const head = headOf(res.body);
      expect(head, url).toContain(stylesheet(cssOf(chunk)));
      expect(modulesOf(res.body), url).toContain(`/${manifest()[chunk]!.file}`);
      expect(head.search(/<style data-href="\/assets\/index-[^"]+\.css">/), url).toBeGreaterThan(0);
      // After the entry's stylesheet, so the route's rules come later in the cascade, as when the chunk loads them.
      expect(head.indexOf(stylesheet(cssOf(chunk))), url).toBeGreaterThan(head.search(/<style data-href="\/assets\/index-/));
      // Once each.
      expect(res.body.split(stylesheet(cssOf(chunk))).length, url).toBe(2);
      // Nothing before the first paint: every stylesheet link is the disabled twin of an inlined one, and no script is
      // requested from <head>; the entry comes first in the list the loader requests after the paint.
      expect(head.match(/<link rel="stylesheet"[^>]*>/g)?.every((link) => link.endsWith(' disabled>')), url).toBe(true);
      expect(head, url).not.toMatch(/<script type="module"|rel="modulepreload"/);
      expect(modulesOf(res.body)[0], url).toMatch(/^\/assets\/index-[^/]+\.js$/);
      expect(res.body.indexOf('id="app-modules"'), url).toBeLessThan(res.body.indexOf('<script data-app-loader>'));
    }
    // The content page's layout chunk too (the seeded terms of sale use a layout of their own chunk).
    const terms = (await get('/muugitingimused')).body;
    const layouts = Object.entries(manifest()).filter(([key]) => key.startsWith('src/features/pages/layouts/'));
    expect(layouts.filter(([, chunk]) => modulesOf(terms).includes(`/${chunk.file}`))).toHaveLength(1);
  });

  it("links the listing's own chunk and inlines its styles, and leaves the product page's, search's and the content pages' out", async () => {
    for (const url of ['/et/products', '/et/filtrid/kutusefiltrid']) {
      const html = (await get(url)).body;
      const head = headOf(html);
      expect(modulesOf(html), url).toContain(`/${manifest()[LISTING]!.file}`);
      for (const css of manifest()[LISTING]!.css ?? []) expect(head, `${url} ${css}`).toContain(stylesheet(css));
      for (const chunk of [PRODUCT_VIEW, SEARCH, CONTENT_PAGE, VEHICLES]) {
        expect(html, `${url} ${chunk}`).not.toContain(cssOf(chunk));
        expect(html, `${url} ${chunk}`).not.toContain(manifest()[chunk]!.file);
      }
    }
  });
});
