/**
 * Site routes (storefront shell):
 * - `GET /v1/site?lang=et|en`: the global fields (footer: shop name, address, phone, e-mail, social links,
 *   terms-of-sale page, gallery path, new-address banner) in the request's language with the Estonian fallback
 *   (spec 1), and the main navigation (spec 2 "Header"): entries of kind page, link or category; category entries
 *   carry their visible subcategories as the drop-down, page and link entries their own visible child entries (the
 *   menu nests one level; a child category entry links to its category). An entry with the menu's hidden flag (the seeded Galerii;
 *   an entry stored before the flag: labelled Galerii in Estonian) comes with `hidden` set: the storefront leaves
 *   it out of the header (domain/menu/menu.ts isHiddenMenuEntry). The banner field is absent while switched off.
 * - `GET /{language}/site/set-language` (spec 7): remembers the interface language in the `lang` cookie (one year).
 * - `GET /sitemap.xml`: a sitemap index; `/sitemap-categories.xml` (the listing, content pages and categories) and
 *   `/sitemap-products-{n}.xml` (listed products) list them in both languages with hreflang alternates (at most
 *   20,000 products, i.e. 40,000 URLs, per file: under the protocol's 50,000). Content pages: the published pages
 *   guests see now, each language at its own slug (`/{slug.et}`, `/en/{slug.en}`), the language home page (layout
 *   homepage) at `/et` and `/en` instead of its slug (spec 2 "/{pageName}"); a hidden, scheduled-out, unpublished or
 *   draft-only page is not listed.
 * - `/sitemap-vehicles.xml`: the vehicle landing pages (`/{lang}/vehicles/{make}[/{model}[/{generation}]]`) of every
 *   make, model and generation with at least one listed part made for it (api/routes/vehicles/landing.ts); a few
 *   thousand URLs at most (6,024 vehicles in the reference), under the protocol's 50,000.
 * - `GET /robots.txt`: crawlers may read the shop but not the staff side, sign-in, cart, checkout and payment pages
 *   (ROBOTS_DISALLOW, each also under /et and /en); names the sitemap index.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { langOnlyQuerySchema } from '../../contracts/common.js';
import { pick } from '../../../domain/shared/localized.js';
import { isHiddenMenuEntry } from '../../../domain/menu/menu.js';
import { countSitemapProducts, listSitemapProducts } from '../../../projections/catalog/queries.js';
import { listSitemapPages } from '../../../projections/pages/queries.js';
import { getSiteContent } from '../../../projections/site/queries.js';
import { type CategoryNode, envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { type MenuItemView, setLanguageParamsSchema, setLanguageResponseSchema, siteResponseSchema, sitemapFileParamsSchema } from '../../contracts/site.js';
import type { ApiDeps, RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { vehicleSitemapPaths } from '../vehicles/landing.js';

export const SITEMAP_PRODUCTS_PER_FILE = 20_000;

/** One navigation entry (api/contracts/site.ts). */
export type MenuItem = MenuItemView;

/** An XML document (sitemaps), for the OpenAPI document. */
const xmlResponse = { description: 'XML (sitemaps protocol)', content: { 'application/xml': { schema: z.string() } } };
const langQuery = langOnlyQuerySchema;
/** Plain text (robots.txt), for the OpenAPI document. */
const textResponse = { description: 'Plain text (robots exclusion protocol)', content: { 'text/plain': { schema: z.string() } } };

/**
 * Paths crawlers must not read (robots.txt): the staff side, sign-in, the cart, checkout and payment pages; a rule
 * is a path prefix, so `/payment` covers `/payment-success` and `/payment/{token}`.
 */
export const ROBOTS_DISALLOW = ['/admin', '/login', '/session', '/password-reset', '/cart', '/checkout', '/payment', '/clear-storage'] as const;

function findCategory(nodes: CategoryNode[], id: string): CategoryNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findCategory(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The base URL of absolute links (sitemap): the configured public URL (deps.publicUrl), else the request's origin. */
function origin(deps: ApiDeps, request: FastifyRequest): string {
  return deps.publicUrl?.replace(/\/$/, '') || `${request.protocol}://${request.host}`;
}

/** The path of a page entry (/{pageName}) or a link entry's URL as stored. */
const entryHref = (entry: { kind: string; target: string }) => (entry.kind === 'page' ? `/${entry.target.replace(/^\/+/, '')}` : entry.target);

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One <url> per language, each naming both languages and x-default (Estonian) as alternates. */
function urlEntries(base: string, paths: { et: string; en: string }, lastmod?: string | null): string {
  const alternates =
    `<xhtml:link rel="alternate" hreflang="et" href="${xmlEscape(base + paths.et)}"/>` +
    `<xhtml:link rel="alternate" hreflang="en" href="${xmlEscape(base + paths.en)}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(base + paths.et)}"/>`;
  const mod = lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : '';
  return `<url><loc>${xmlEscape(base + paths.et)}</loc>${mod}${alternates}</url>\n<url><loc>${xmlEscape(base + paths.en)}</loc>${mod}${alternates}</url>\n`;
}

/** The language home page's URLs (spec 2: a page name equal to a language code), as GET /v1/page/{ref} answers its alternates. */
const HOME_PATHS = { et: '/et', en: '/en' };

const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';

function sendXml(reply: FastifyReply, body: string) {
  return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
}

/**
 * The data of `GET /v1/site` in `lang`: global fields with the Estonian fallback and the main navigation (category
 * entries with their visible subcategories; hidden, deleted or unknown categories left out; page and link entries
 * with their own visible child entries). Shared by the route and
 * the server render (api/ssr/in-process-reads.ts).
 */
export async function siteView(deps: ApiDeps, app: FastifyInstance, lang: 'et' | 'en'): Promise<{ language: 'et' | 'en'; globalFields: Record<string, string>; menu: MenuItem[] }> {
  const { categories } = app;
  const [content, snapshot] = await Promise.all([getSiteContent(deps.db), categories.get(deps.now())]);
  const globalFields = Object.fromEntries(Object.entries(content.fields).map(([key, value]) => [key, pick(value, lang)]));
  const menu: MenuItem[] = [];
  for (const entry of content.menu) {
    const label = pick(entry.label, lang);
    const hidden = isHiddenMenuEntry(entry);
    if (entry.kind === 'category') {
      const node = findCategory(snapshot.tree, entry.target);
      if (!node) continue; // hidden, deleted or unknown: no empty drop-down
      menu.push({
        kind: 'category',
        label,
        href: node.url[lang],
        categoryId: node.id,
        children: node.children.map((c) => ({ label: pick(c.name, lang), href: c.url[lang], categoryId: c.id })),
        hidden,
      });
    } else {
      // A page's or link's own child entries (one level) make its drop-down; hidden ones stay out, and a category
      // child links to the category (left out while the storefront does not show it).
      const children = (entry.children ?? []).flatMap((c): MenuItem['children'] => {
        if (isHiddenMenuEntry(c)) return [];
        if (c.kind !== 'category') return [{ label: pick(c.label, lang), href: entryHref(c), categoryId: null }];
        const node = findCategory(snapshot.tree, c.target);
        return node ? [{ label: pick(c.label, lang), href: node.url[lang], categoryId: node.id }] : [];
      });
      menu.push({ kind: entry.kind, label, href: entryHref(entry), categoryId: null, children, hidden });
    }
  }
  return { language: lang, globalFields, menu };
}

/** The site routes as one plugin; categories from the app's CategoryCache (api/plugins/catalog-caches.ts). */
export async function siteRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const { categories } = app;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/v1/site', { schema: { summary: 'Global fields and the main navigation (storefront shell)', tags: ['site'], querystring: langQuery, response: { 200: envelopeSchema(siteResponseSchema), 400: failureEnvelopeSchema } } }, async (request) => {
    return success(await siteView(deps, app, requestLanguage(request.query, request.headers['accept-language'])));
  });

  typed.get(
    '/:language/site/set-language',
    {
      schema: {
        summary: 'Remember the interface language in the lang cookie (spec 7)',
        tags: ['site'],
        params: setLanguageParamsSchema,
        response: { 200: envelopeSchema(setLanguageResponseSchema), 400: failureEnvelopeSchema },
      },
    },
    async (request, reply) => {
    const code = request.params.language.toLowerCase();
    if (code !== 'et' && code !== 'en' && code !== 'en-us') throw new ApiError('request.language_invalid', 400, 'language');
    const lang = code === 'et' ? 'et' : 'en';
    const secure = deps.publicUrl?.startsWith('https:') ? '; Secure' : '';
    reply.header('set-cookie', `lang=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`);
    return success({ language: lang as 'et' | 'en' });
    },
  );

  typed.get('/robots.txt', { schema: { summary: 'Crawling rules and the sitemap (robots exclusion protocol)', tags: ['site'], response: { 200: textResponse } } }, async (request, reply) => {
    const disallow = ROBOTS_DISALLOW.flatMap((p) => [p, `/et${p}`, `/en${p}`]).map((p) => `Disallow: ${p}\n`).join('');
    const body = `User-agent: *\nAllow: /\n${disallow}\nSitemap: ${origin(deps, request)}/sitemap.xml\n`;
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });

  typed.get('/sitemap.xml', { schema: { summary: 'Sitemap index', tags: ['site'], response: { 200: xmlResponse } } }, async (request, reply) => {
    const base = origin(deps, request);
    const files = Math.max(1, Math.ceil((await countSitemapProducts(deps.db, deps.now())) / SITEMAP_PRODUCTS_PER_FILE));
    const locs = ['/sitemap-categories.xml', '/sitemap-vehicles.xml', ...Array.from({ length: files }, (_, i) => `/sitemap-products-${i + 1}.xml`)];
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      locs.map((l) => `<sitemap><loc>${xmlEscape(base + l)}</loc></sitemap>\n`).join('') +
      '</sitemapindex>\n';
    return sendXml(reply, body);
  });

  typed.get('/sitemap-categories.xml', { schema: { summary: 'Sitemap of the listing, content pages and categories', tags: ['site'], response: { 200: xmlResponse } } }, async (request, reply) => {
    const base = origin(deps, request);
    const [{ tree }, pages] = await Promise.all([categories.get(deps.now()), listSitemapPages(deps.db, deps.now())]);
    let body = URLSET_OPEN + urlEntries(base, { et: '/tooted', en: '/en/products' });
    // The language home page is listed at its own URLs (/et, /en), never at its slug (spec 2 "/{pageName}").
    for (const { slugs, home } of pages) body += urlEntries(base, home ? HOME_PATHS : { et: `/${encodeURIComponent(slugs.et)}`, en: `/en/${encodeURIComponent(slugs.en)}` });
    const walk = (nodes: CategoryNode[]) => {
      for (const node of nodes) {
        body += urlEntries(base, node.url);
        walk(node.children);
      }
    };
    walk(tree);
    return sendXml(reply, `${body}</urlset>\n`);
  });

  typed.get('/sitemap-vehicles.xml', { schema: { summary: 'Sitemap of the vehicle landing pages with parts made for them', tags: ['site'], response: { 200: xmlResponse } } }, async (request, reply) => {
    const base = origin(deps, request);
    const parts = [URLSET_OPEN];
    for (const path of await vehicleSitemapPaths(deps, app)) parts.push(urlEntries(base, { et: `/et${path}`, en: `/en${path}` }));
    parts.push('</urlset>\n');
    return sendXml(reply, parts.join(''));
  });

  typed.get(
    '/sitemap-products-:n.xml',
    { schema: { summary: 'Sitemap of listed products, 20,000 per file', tags: ['site'], params: sitemapFileParamsSchema, response: { 200: xmlResponse, 404: failureEnvelopeSchema } } },
    async (request, reply) => {
    const n = Number.parseInt(request.params.n, 10);
    if (!Number.isInteger(n) || n < 1 || String(n) !== request.params.n) throw new ApiError('not_found', 404);
    const rows = await listSitemapProducts(deps.db, deps.now(), (n - 1) * SITEMAP_PRODUCTS_PER_FILE, SITEMAP_PRODUCTS_PER_FILE);
    if (rows.length === 0 && n > 1) throw new ApiError('not_found', 404);
    const base = origin(deps, request);
    const parts = [URLSET_OPEN];
    for (const row of rows) parts.push(urlEntries(base, { et: `/products/view/${row.id}`, en: `/en/products/view/${row.id}` }, row.modified_at));
    parts.push('</urlset>\n');
    return sendXml(reply, parts.join(''));
    },
  );
}
