/**
 * The storefront's server render as the api serves it: loads the web app's server bundle (web/dist-server, built
 * by bin/web-build.ts beside web/dist), answers its data calls in process from the api's own routes, and decides the
 * status and the caching of the HTML.
 *
 * - Data: the storefront's query functions run on the server with a transport that answers each GET in process
 *   (api/ssr/in-process-reads.ts): every read calls the function its route calls (same read-model queries, caches and
 *   contracts); only a query the route's contract refuses goes through Fastify's `inject`. The render prefetches its
 *   route's queries and renders once (web/src/app/prefetch-route.ts).
 *   Calls go out as a guest's: no cookie is passed on, so no staff data is ever in a server-rendered page.
 * - Server-Timing: `data` (the route's reads), `html` (React's render), `render` (both; desc: how many renders),
 *   `reads` (desc: how many api reads were answered in process and how many through `inject`).
 * - Status: 404 when the not-found page rendered (unknown product, category, content page or path), else 200.
 * - Caching (spec 9 data freshness; a CDN in front): a guest's page is `public, no-cache` with a strong ETag over its
 *   content, so a CDN may keep it but revalidates every time and a stock or price change shows on the next request
 *   (a matching If-None-Match gets 304). With a staff session cookie: `private, no-store`, no ETag. `Vary: Cookie`,
 *   since the theme cookie and the remembered listing options' cookies (page size, sort, view mode; strictly parsed,
 *   api/contracts/remembered-options.ts) change the HTML.
 * - Route styles: the browser build's Vite manifest (web/dist/.vite/manifest.json), read once, goes to each render,
 *   which modulepreloads the JS of the lazy chunks it rendered and inlines their CSS and the entry's (the texts of
 *   every stylesheet the manifest names, read once: `buildStyles`; web/src/app/route-assets.ts).
 * - Pages with per-visitor or staff content (staff screens, checkout, payment, /clear-storage) are not rendered on
 *   the server: `shouldRender` is false and the single-page app's HTML is served as before.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseRememberedOptions, type RememberedOptions } from '../contracts/remembered-options.js';
import type { ApiDeps } from '../plugins/deps.js';
import { SESSION_COOKIE } from '../plugins/sessions.js';
import { inProcessReads } from './in-process-reads.js';

/** Vite's build manifest of the browser bundles, as web/src/app/route-assets.ts reads it (manifest key to chunk). */
type BuildManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

/** The server bundle's interface (web/src/entry-server.tsx); kept structural: the api does not import web/. */
interface ServerEntry {
  render(request: {
    url: string;
    origin: string;
    theme: 'ConjDark' | 'ConjLight';
    options: RememberedOptions;
    template: string;
    manifest?: BuildManifest;
    styles?: ReadonlyMap<string, string>;
    get: (url: string) => Promise<{ status: number; headers: Record<string, string>; body: string }>;
  }): Promise<{ status: 200 | 404; html: string; timing?: { dataMs: number; renderMs: number; passes: number } }>;
}

/**
 * Paths (after an optional language prefix) left to the browser: staff screens, the cart (its lines live in the
 * shopper's local storage: a server render would show an empty cart whose lines the browser then reloads late, in the
 * saved language), checkout, payment, storage wipe.
 */
const CLIENT_ONLY = /^\/(?:(?:et|en)\/)?(?:login|session\/login|password-reset|admin|cart|checkout|payment|payment-success|clear-storage)(?:[/?]|$)/i;

export interface StorefrontRenderer {
  /** False for paths the browser renders alone (see the module comment). */
  shouldRender(url: string): boolean;
  /** Renders `request.url` and sends it (status, headers, body); @throws when the render fails. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** The `theme` cookie (lib/theme.ts writes it with local storage), ConjDark when absent or unknown. */
function themeOf(cookieHeader: string | undefined): 'ConjDark' | 'ConjLight' {
  return /(?:^|;\s*)theme=ConjLight(?:;|$)/.test(cookieHeader ?? '') ? 'ConjLight' : 'ConjDark';
}

const hasSession = (cookieHeader: string | undefined) => new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`).test(cookieHeader ?? '');

/** The api reads of one render: answered in process, and through Fastify's `inject`. */
interface ReadCount {
  inProcess: number;
  injected: number;
}

/**
 * The Server-Timing header of a render (milliseconds, one decimal): its reads, React's part and the whole, then how
 * its api reads were answered, e.g. `data;dur=3.1, html;dur=9.8, render;dur=13.2;desc="1 pass", reads;desc="3 in
 * process, 0 injected"`.
 */
function serverTiming(totalMs: number, timing: { dataMs: number; renderMs: number; passes: number } | undefined, reads: ReadCount): string {
  const ms = (n: number) => n.toFixed(1);
  const parts = timing ? [`data;dur=${ms(timing.dataMs)}`, `html;dur=${ms(timing.renderMs)}`] : [];
  return [
    ...parts,
    `render;dur=${ms(totalMs)}${timing ? `;desc="${timing.passes} pass${timing.passes === 1 ? '' : 'es'}"` : ''}`,
    `reads;desc="${reads.inProcess} in process, ${reads.injected} injected"`,
  ].join(', ');
}

/** The ETag of a page: its HTML without the query state's clock fields, which change on every render. */
export function pageEtag(html: string): string {
  const stable = html.replace(/"(?:dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g, '');
  return `"${createHash('sha256').update(stable).digest('base64url').slice(0, 32)}"`;
}

/**
 * The texts of every stylesheet the build's manifest names (file relative to `distDir`, e.g. 'assets/index-1.css', to
 * its CSS), read once when the api starts, so a render inlines them with no file read. A file that is missing is
 * left out (the page then links it). The whole shop's CSS is some 150 KB.
 */
async function buildStyles(manifest: BuildManifest, distDir: string): Promise<Map<string, string>> {
  const files = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []));
  const styles = new Map<string, string>();
  for (const file of files) {
    const at = path.join(distDir, file);
    if (existsSync(at)) styles.set(file, await readFile(at, 'utf8'));
  }
  return styles;
}

/**
 * The renderer over the server bundle at `entryPath` and the template `indexHtmlPath`, or null when the bundle is
 * missing (the api then serves the single-page app alone). `deps.publicUrl`: the origin of canonical URLs, else the
 * request's.
 */
export async function loadStorefrontRenderer(app: FastifyInstance, deps: ApiDeps, entryPath: string, indexHtmlPath: string): Promise<StorefrontRenderer | null> {
  if (!existsSync(entryPath) || !existsSync(indexHtmlPath)) return null;
  // React, react-dom/server and the libraries around them are the server bundle's externals (node_modules), and each
  // picks its development or production build from NODE_ENV when first loaded, here. Unset (`npm start`, `npm run
  // api`), it would be the development build: a render checking every element and attribute, some 2-3 times the CPU
  // (bench:catalog-load's render scenario). A process that set NODE_ENV (the tests: 'test') keeps its choice.
  process.env.NODE_ENV ??= 'production';
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  const template = await readFile(indexHtmlPath, 'utf8');
  // The browser build's manifest (build.manifest in web/vite.config.ts): the page links its lazy chunks' CSS and JS.
  const manifestPath = path.join(path.dirname(indexHtmlPath), '.vite', 'manifest.json');
  const manifest = existsSync(manifestPath) ? (JSON.parse(await readFile(manifestPath, 'utf8')) as BuildManifest) : undefined;
  const styles = manifest ? await buildStyles(manifest, path.dirname(indexHtmlPath)) : undefined;
  const get = inProcessReads(app, deps);
  const publicUrl = deps.publicUrl;
  return {
    shouldRender: (url) => !CLIENT_ONLY.test(url),
    async send(request, reply) {
      const cookie = request.headers.cookie;
      const origin = publicUrl?.replace(/\/$/, '') || `${request.protocol}://${request.host}`;
      const started = performance.now();
      const reads: ReadCount = { inProcess: 0, injected: 0 };
      const counted = async (url: string) => {
        const answer = await get(url);
        if (answer.injected) reads.injected++;
        else reads.inProcess++;
        return answer;
      };
      const page = await entry.render({ url: request.url, origin, theme: themeOf(cookie), options: parseRememberedOptions(cookie), template, manifest, styles, get: counted });
      reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        .header('vary', 'Cookie')
        .header('server-timing', serverTiming(performance.now() - started, page.timing, reads));
      if (hasSession(cookie)) return reply.header('cache-control', 'private, no-store').send(page.html);
      const etag = pageEtag(page.html);
      reply.header('cache-control', 'public, no-cache').header('etag', etag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (page.status === 200 && ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
      return reply.send(page.html);
    },
  };
}
