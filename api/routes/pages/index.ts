/**
 * Content pages (spec 7 `GET /v1/page/{pageId}` or `/v1/page/{pageName}`; spec 3 "Page"): the page in the request's
 * language (`lang`, else Accept-Language; a text missing in English falls back to Estonian, spec 1), as
 * `{ success, status, data: { id, name, title, content, meta_description, meta_keywords, canonical, alternates, layout,
 * item_containers, header_img? }, lang }`. The page names `et` and `en` are the language home page (spec 2): the
 * published page with layout homepage (projections/pages/queries.ts getHomePage).
 * The published version, while its visibility rule shows it at the request's time (projections/pages/queries.ts);
 * `content` is HTML sanitised when it was saved (commands/page/sanitize-page-html.ts); `canonical` the page's
 * canonical URL when it has one, else its own path.
 *
 * `fieldsPreset=frontEdit` from a staff session that may `pages.view` (spec 2 "Page loading": staff request the
 * frontEdit preset, guests the default): the page by id or by a draft slug, published or not, its fields from the
 * draft, plus `edit` (api/routes/pages/page-edit.ts pageEditView: draft, versions, settings); answered
 * `private, no-store`. Anyone else asking frontEdit gets the default fields.
 * Errors: 404 page.not_found ('Page not found.' in the user's language) for an unknown, deleted, unpublished or
 * (for guests) not visible page.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { headerImageOf, type PageVersionDoc } from '../../../domain/page/page-doc.js';
import { type Language, LANGUAGES, pick } from '../../../domain/shared/localized.js';
import { getHomePage, getPage, listPageDrafts } from '../../../projections/pages/queries.js';
import { failureEnvelopeSchema } from '../../contracts/catalog.js';
import { pageParamsSchema, pageQuerySchema } from '../../contracts/site.js';
import { pageWithEditResponseSchema } from '../../contracts/pages-admin.js';
import type { ApiDeps, RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import type { SessionRuntime } from '../../plugins/sessions.js';
import { staffUserFromRequest } from '../../plugins/staff-guard.js';
import { findPageForStaff, pageEditView } from './page-edit.js';

type PageFieldsDoc = Pick<PageVersionDoc, 'slug' | 'title' | 'content' | 'metaDescription' | 'metaKeywords' | 'canonicalUrl' | 'layout' | 'itemContainers'>;

/**
 * A page version's default fields in `lang` (the Estonian slug is its name; canonical its own path unless set): its
 * layout (spec 1), its own item containers with each item's sanitised HTML in `lang` (Estonian fallback), and
 * `header_img` when its `hero` container holds an image (domain/page/page-doc.ts headerImageOf). The language home
 * page (layout homepage, reached as /et and /en) has those paths as its alternates.
 */
function pageFields(id: string, doc: PageFieldsDoc, lang: Language) {
  const home = doc.layout === 'homepage';
  const alternates = home ? { et: '/et', en: '/en' } : { et: `/${doc.slug.et}`, en: `/en/${doc.slug.en}` };
  const headerImg = headerImageOf(doc, lang);
  return {
    id,
    name: doc.slug.et,
    title: pick(doc.title, lang),
    content: pick(doc.content, lang),
    meta_description: pick(doc.metaDescription, lang),
    meta_keywords: pick(doc.metaKeywords, lang),
    canonical: doc.canonicalUrl || alternates[lang],
    alternates,
    layout: doc.layout,
    item_containers: Object.fromEntries(Object.entries(doc.itemContainers).map(([key, items]) => [key, items.map((item) => ({ id: item.id, html: pick(item.html, lang) }))])),
    ...(headerImg ? { header_img: headerImg } : {}),
  };
}

/** True for the page names that are the language home pages (spec 2: a name equal to a language code). */
const isLanguageHome = (ref: string) => (LANGUAGES as readonly string[]).includes(ref);

/**
 * A guest's answer of GET /v1/page/{pageRef} (the default fields preset): `{ success, status, data, lang }` with the
 * page `ref` names (its id, or its slug in `lang`; `et`/`en` the language home page) as published and visible at
 * the app's clock. Shared by the route and the server render's in-process reads (api/ssr/in-process-reads.ts).
 * @throws ApiError page.not_found (404) for an unknown, deleted, unpublished or not visible page.
 */
export async function guestPageAnswer(deps: ApiDeps, ref: string, lang: Language) {
  const now = deps.now();
  const page = isLanguageHome(ref) ? await getHomePage(deps.db, { now }) : await getPage(deps.db, ref, { lang, now });
  if (!page) throw new ApiError('page.not_found', 404);
  return { ...success(pageFields(page.pageId, page, lang)), lang };
}

/** The content page route as one plugin. */
export async function pageRoutes(app: FastifyInstance, { deps, sessions }: RouteOptions & { sessions?: SessionRuntime }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/page/:pageRef',
    {
      schema: {
        summary: 'A content page by name or id (spec 7)',
        tags: ['site'],
        params: pageParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: pageWithEditResponseSchema, 400: failureEnvelopeSchema, 404: failureEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request.query, request.headers['accept-language']);
      const now = deps.now();
      if (request.query.fieldsPreset === 'frontEdit' && (await staffUserFromRequest(request, sessions, deps.store, 'pages.view'))) {
        reply.header('cache-control', 'private, no-store');
        const ref = request.params.pageRef;
        const draft = isLanguageHome(ref) ? ((await listPageDrafts(deps.db, now)).find((p) => p.draft.layout === 'homepage') ?? null) : await findPageForStaff(deps, ref, now);
        if (!draft) throw new ApiError('page.not_found', 404);
        return { ...success({ ...pageFields(draft.pageId, draft.draft, lang), edit: await pageEditView(deps, draft, now) }), lang };
      }
      return guestPageAnswer(deps, request.params.pageRef, lang);
    },
  );
}
