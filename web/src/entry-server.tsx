/**
 * The storefront's server render (built by `vite build --ssr`, loaded by api/ssr/storefront-renderer.ts): one page
 * of the shop as HTML, with its data, head and status, from the same tree the browser hydrates (app/app.tsx).
 *
 *   const page = await render({ url: '/et/products', origin, theme: 'ConjDark', options: { pageSize: '48' }, template, get });
 *   // page.status 200 | 404, page.html: the whole document
 *
 * Data: a fresh QueryClient per request. The route's queries are fetched first (app/prefetch-route.ts: site, category
 * tree, the listing's or the product page's products) through the storefront's own query functions, whose transport
 * (`get`) answers in process from the api's read functions (api/ssr/in-process-reads.ts); then the page renders once.
 * Should it ask for a query that is still pending (a page without route prefetching: search results, content pages),
 * that is fetched and the page rendered again, at most MAX_DATA_PASSES more times. `timing` says how long each part
 * took and how many renders there were (the api sends it as Server-Timing). The render is streamed with renderToPipeableStream and waits for every Suspense boundary (lazy pages, the
 * footer), so crawlers and a browser without JavaScript get the whole page. Per request too: the i18next instance
 * (the route's language), the head collector, the not-found mark and the remembered options (lib/server-render.ts);
 * the transport is found through AsyncLocalStorage, so concurrent renders never see each other's data.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { RememberedOptions } from '../../api/contracts/remembered-options';
import { StaticRouter } from 'react-router';
import appEn from './locales/en-US/app.json';
import cmsEn from './locales/en-US/cms.json';
import layoutsEn from './locales/en-US/cms-layouts.json';
import galleryEn from './locales/en-US/shop-gallery.json';
import productEn from './locales/en-US/shop-product.json';
import checkoutEn from './locales/en-US/shop-checkout.json';
import shopEn from './locales/en-US/shop.json';
import vehiclesEn from './locales/en-US/shop-vehicles.json';
import appEt from './locales/et/app.json';
import cmsEt from './locales/et/cms.json';
import layoutsEt from './locales/et/cms-layouts.json';
import galleryEt from './locales/et/shop-gallery.json';
import productEt from './locales/et/shop-product.json';
import checkoutEt from './locales/et/shop-checkout.json';
import shopEt from './locales/et/shop.json';
import vehiclesEt from './locales/et/shop-vehicles.json';
import { AppContent } from './app/app';
import { prefetchRoute } from './app/prefetch-route';
import { appModulesScript, type BuildManifest, type BuildStyles, routeAssets, type ServerTemplate, serverRenderedTemplate } from './app/route-assets';
import { createQueryClient } from './app/query-client';
import { serializeQueryState, SSR_STATE_ID } from './app/ssr-state';
import { muteToastsForServerRender } from './components/feedback/toasts';
import { setServerFetch } from './lib/api-client';
import type { DocumentHead } from './lib/document-head';
import { shareTextNumberFormat } from './lib/format';
import { I18N_CODE, languageFromPath, type Language } from './lib/language';
import { type ServerRender, ServerRenderContext } from './lib/server-render';
import type { ThemeName } from './lib/theme';

/** One in-process GET of the api (path and query as the storefront asks them): status, headers and JSON text. */
export type InProcessGet = (url: string) => Promise<{ status: number; headers: Record<string, string>; body: string }>;

export interface RenderRequest {
  /** Path and query of the page, e.g. '/et/products?page=2'. */
  url: string;
  /** The shop's origin for canonical and hreflang URLs. */
  origin: string;
  /** The theme the `theme` cookie names (lib/theme.ts). */
  theme: ThemeName;
  /** The remembered listing options of the request's cookies (api/contracts/remembered-options.ts), already valid. */
  options: RememberedOptions;
  /** The built index.html (its scripts, styles and the empty #root). */
  template: string;
  /**
   * The browser build's Vite manifest (web/dist/.vite/manifest.json): the page links the CSS and JS of the lazy chunks
   * it rendered (app/route-assets.ts). Absent: no such links.
   */
  manifest?: BuildManifest;
  /**
   * The browser build's stylesheets' texts (file relative to web/dist, e.g. 'assets/index-1.css', to its CSS): the page
   * inlines the entry's and its chunks' styles (app/route-assets.ts). Absent: they are linked.
   */
  styles?: BuildStyles;
  /** The api's answers, in process. */
  get: InProcessGet;
}

export interface RenderedPage {
  /** 404 when the not-found page rendered (unknown product, category, page or path). */
  status: 200 | 404;
  html: string;
  /** Milliseconds spent fetching the route's data up front (`dataMs`) and rendering (`renderMs`, every pass); `passes`: renders made (1 when the prefetch found every query). */
  timing: { dataMs: number; renderMs: number; passes: number };
}

/** Most data passes after the first render (pages without route prefetching): each may find queries the previous one's data revealed. */
const MAX_DATA_PASSES = 3;

const transport = new AsyncLocalStorage<InProcessGet>();
// A render shows no toast: the toast list is this module's, shared by every request the server renders.
muteToastsForServerRender();
setServerFetch((async (input: RequestInfo | URL) => {
  const get = transport.getStore();
  if (!get) throw new Error('server fetch outside a render');
  const answer = await get(typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url);
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}) as typeof fetch);

/**
 * The i18next instance of `lang`'s renders: made once per language and shared by every render in it. A render only
 * reads it (nothing on the server changes its language or adds texts; effects, where the browser's code does, never
 * run in a server render), and an instance kept keeps i18next's caches (plural rules, resolved keys): a fresh one per
 * request cost about a quarter of a listing render's CPU (bench:catalog-load, render scenario).
 */
const textsByLanguage = new Map<Language, Promise<I18n>>();
function texts(lang: Language): Promise<I18n> {
  let kept = textsByLanguage.get(lang);
  if (!kept) {
    kept = newTexts(lang);
    textsByLanguage.set(lang, kept);
    kept.catch(() => textsByLanguage.delete(lang));
  }
  return kept;
}

/**
 * A new i18next instance with both languages' shop texts (the checkout's, the vehicle pages', and the product
 * page's, the gallery's and the content layouts' that the browser loads with their chunks: lib/i18n.ts addChunkTexts),
 * in `lang`.
 */
async function newTexts(lang: Language): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.init({
    resources: {
      et: { app: appEt, cms: cmsEt, shop: { ...shopEt, ...checkoutEt, ...vehiclesEt } },
      'en-US': { app: appEn, cms: cmsEn, shop: { ...shopEn, ...checkoutEn, ...vehiclesEn } },
    },
    lng: I18N_CODE[lang],
    fallbackLng: 'et',
    supportedLngs: ['et', 'en-US'],
    ns: ['app', 'cms', 'shop'],
    defaultNS: 'app',
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  shareTextNumberFormat(instance);
  // The chunks' texts merged key by key, as addChunkTexts does in the browser (shop-product.json adds to `product`, `fitment` and `cart`).
  for (const [lng, ns, chunkTexts] of [
    ['et', 'shop', productEt], ['et', 'shop', galleryEt], ['et', 'cms', layoutsEt],
    ['en-US', 'shop', productEn], ['en-US', 'shop', galleryEn], ['en-US', 'cms', layoutsEn],
  ] as const) instance.addResourceBundle(lng, ns, chunkTexts, true, true);
  return instance;
}

/** Renders the tree and resolves with its HTML once every Suspense boundary is ready. */
function renderHtml(element: JSX.Element): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        // Errors inside a boundary render its fallback (the error page) and are logged; the page still answers.
        console.error(error);
      },
    });
  });
}

/** Queries a pass asked for that are still pending (disabled ones, e.g. a guest's staff session, are left alone). */
function pendingQueries(client: QueryClient) {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => {
      // No observer subscribes on the server (that is an effect): the options the hook built the query with tell.
      const enabled = (q.options as { enabled?: unknown }).enabled;
      return q.state.status === 'pending' && q.state.fetchStatus === 'idle' && (typeof enabled === 'function' ? enabled(q) !== false : enabled !== false);
    });
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The <head> elements of the page: title, description, keywords, robots, canonical, hreflang alternates. */
function headHtml(head: DocumentHead): string {
  const parts = [`<title>${escapeHtml(head.title)}</title>`];
  if (head.description) parts.push(`<meta name="description" content="${escapeHtml(head.description)}" />`);
  if (head.keywords) parts.push(`<meta name="keywords" content="${escapeHtml(head.keywords)}" />`);
  if (head.robots) parts.push(`<meta name="robots" content="${escapeHtml(head.robots)}" />`);
  if (head.canonical) parts.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  for (const [lang, href] of Object.entries(head.alternates ?? {})) parts.push(`<link rel="alternate" hreflang="${lang}" href="${escapeHtml(href)}" />`);
  return parts.join('');
}

/**
 * The page from its template (`serverRenderedTemplate`: the entry's styles inlined, its scripts taken out): the
 * page's language, theme and head, its lazy chunks' styles (`assets.styles`, after the entry's), markup and query
 * state, then the list of its modules (the template's and the chunks', app/route-assets.ts) that web/index.html's
 * loader requests after the first paint; without the template's SPA-only script.
 */
function fillTemplate(
  template: ServerTemplate,
  lang: Language,
  theme: ThemeName,
  head: DocumentHead | null,
  assets: { styles: string; modules: string[] },
  markup: string,
  state: string,
): string {
  let html = template.html.replace(/<html[^>]*>/, `<html lang="${lang}" data-theme="${theme === 'ConjLight' ? 'light' : 'dark'}">`);
  // The single-page app's early API reads (index.html): this page carries its data in the state script.
  html = html.replace(/<script data-spa-only>[\s\S]*?<\/script>\s*/, '');
  if (head) {
    // The page's own description replaces the template's generic one (lib/document-head.ts does the same).
    if (head.description) html = html.replace(/<meta name="description"[^>]*>/, '');
    html = html.replace(/<title>[^<]*<\/title>/, headHtml(head));
  }
  // A template without the loader keeps its own scripts in <head>: the chunks are preloaded beside them.
  const preloads = template.modules.length ? '' : assets.modules.map((src) => `<link rel="modulepreload" crossorigin href="${src}">`).join('');
  // The first paint waits until the page's markup is parsed (`<link rel="expect" blocking="render">`, naming the state
  // script right after #root): with no stylesheet to wait for, Chromium would paint a half-parsed document, and the
  // rest arriving (the header's last buttons, say) would shift what was painted. Browsers without it paint as they parse.
  const expect = `<link rel="expect" href="#${SSR_STATE_ID}" blocking="render">`;
  html = html.replace('</head>', `${assets.styles}${preloads}${expect}</head>`);
  const modules = template.modules.length ? appModulesScript([...template.modules, ...assets.modules]) : '';
  return html.replace(
    '<div id="root"></div>',
    `<div id="root">${markup}</div><script type="application/json" id="${SSR_STATE_ID}">${state}</script>${modules}`,
  );
}

/** The template made a server-rendered page's (app/route-assets.ts serverRenderedTemplate), kept for the last template and styles. */
let lastTemplate: { template: string; styles: BuildStyles | undefined; made: ServerTemplate } | undefined;
function templateFor(template: string, styles: BuildStyles | undefined): ServerTemplate {
  if (lastTemplate?.template === template && lastTemplate.styles === styles) return lastTemplate.made;
  const made = serverRenderedTemplate(template, styles ?? new Map());
  lastTemplate = { template, styles, made };
  return made;
}

/** Renders `request.url` as a whole document. @throws when the shell itself cannot render (the api answers the SPA). */
export async function render(request: RenderRequest): Promise<RenderedPage> {
  const pathname = new URL(request.url, 'http://x').pathname;
  const { lang } = languageFromPath(pathname);
  const [i18n, queryClient] = [await texts(lang), createQueryClient()];
  // No retries on the server: a failed read renders the page's error state at once (a 404 product its not-found
  // page); retryOnMount false, else a failed query without data renders as loading (app/ssr-state.ts does the same
  // for the hydration).
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false, retryOnMount: false } });
  return transport.run(request.get, async () => {
    const fresh = (): ServerRender => ({ origin: request.origin, head: null, notFound: false, options: request.options, chunks: new Set() });
    let collector = fresh();
    const tree = () => (
      <ServerRenderContext.Provider value={collector}>
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n}>
            <StaticRouter location={request.url}>
              <AppContent />
            </StaticRouter>
          </I18nextProvider>
        </QueryClientProvider>
      </ServerRenderContext.Provider>
    );
    const started = performance.now();
    await prefetchRoute(queryClient, request.url, request.options);
    const dataMs = performance.now() - started;
    let markup = await renderHtml(tree());
    let passes = 1;
    for (let pass = 0; pass < MAX_DATA_PASSES; pass++) {
      const pending = pendingQueries(queryClient);
      if (pending.length === 0) break;
      await Promise.all(pending.map((q) => q.fetch().catch(() => undefined)));
      collector = fresh();
      markup = await renderHtml(tree());
      passes++;
    }
    return {
      status: collector.notFound ? 404 : 200,
      html: fillTemplate(
        templateFor(request.template, request.styles),
        lang,
        request.theme,
        collector.head,
        request.manifest ? routeAssets(request.manifest, collector.chunks, request.template, '/', request.styles) : { styles: '', modules: [] },
        markup,
        serializeQueryState(queryClient),
      ),
      timing: { dataMs, renderMs: performance.now() - started - dataMs, passes },
    };
  });
}

