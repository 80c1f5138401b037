/**
 * Content pages (spec 7 `GET /v1/page/{pageId}` or `/v1/page/{pageName}`; spec 3 "Page"): the page in the request's
 * language (`lang`, else Accept-Language; a text missing in English falls back to Estonian, spec 1), as
 * `{ success, status, data: { id, name, title, content, meta_description, meta_keywords, canonical, alternates }, lang }`.
 * The published version, while its visibility rule shows it at the request's time (projections/pages/queries.ts);
 * `content` is HTML sanitised when it was saved (commands/page/sanitize-page-html.ts); `canonical` the page's
 * canonical URL when it has one, else its own path. `fieldsPreset` (default or frontEdit)
 * is accepted; the staff's frontEdit fields come with the in-page editor (spec 4 "Editor").
 * Errors: 404 page.not_found ('Page not found.' in the user's language).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pick } from '../../../domain/shared/localized.js';
import { getPage } from '../../../projections/pages/queries.js';
import { failureEnvelopeSchema } from '../../contracts/catalog.js';
import { pageParamsSchema, pageQuerySchema, pageResponseSchema } from '../../contracts/site.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';

/** The content page route as one plugin. */
export async function pageRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/page/:pageRef',
    {
      schema: {
        summary: 'A content page by name or id (spec 7)',
        tags: ['site'],
        params: pageParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: pageResponseSchema, 400: failureEnvelopeSchema, 404: failureEnvelopeSchema },
      },
    },
    async (request) => {
      const lang = requestLanguage(request.query, request.headers['accept-language']);
      const page = await getPage(deps.db, request.params.pageRef, { lang, now: deps.now() });
      if (!page) throw new ApiError('page.not_found', 404);
      const alternates = { et: `/${page.slug.et}`, en: `/en/${page.slug.en}` };
      return {
        ...success({
          id: page.pageId,
          name: page.name,
          title: pick(page.title, lang),
          content: pick(page.content, lang),
          meta_description: pick(page.metaDescription, lang),
          meta_keywords: pick(page.metaKeywords, lang),
          canonical: page.canonicalUrl || alternates[lang],
          alternates,
        }),
        lang,
      };
    },
  );
}
