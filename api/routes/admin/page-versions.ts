/**
 * A page's versions for the page settings' Versions tab and its 'as of' reading (spec 2 "page settings";
 * docs/architecture.md section 9 "The audit timeline": staff read the terms of sale as they were when an order was
 * placed), under /v1/admin, permission `pages.view`:
 *
 * - GET /pages/{id}/versions/{revision}: one saved version's whole document, who saved it and when (pages read
 *   model's page_versions); 404 `page.version_not_found` for a revision the page does not have.
 * - GET /pages/{id}/as-of?at=<ISO-8601 instant>: replays the page's own events (stream `page-{id}`) recorded at or
 *   before `at` with the Page aggregate's `evolve`, and answers the version published then with when and by whom it
 *   was published and what the visibility rule said then; 404 `page.not_published_then` when the page did not exist,
 *   was deleted or was not published at that instant. `id` is the page's id or a URL name it has or had.
 *
 * Garbage (a revision that is not a positive whole number, a ref with other characters, `at` that is not an ISO-8601
 * instant with its zone) is a 400 in the envelope before anything is read. Contract: api/contracts/page-versions.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readWholeStream } from '../../../commands/shared/load-aggregate.js';
import { toDomainEvent } from '../../../commands/shared/event-parsers.js';
import { pageDecider, pageStreamId, type PageEvent, type PageState } from '../../../domain/page/page.js';
import { visibilityAt } from '../../../domain/page/visibility.js';
import { findPageIdByName, listPageVersions } from '../../../projections/pages/queries.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { pageAsOfParamsSchema, pageAsOfQuerySchema, pageAsOfSchema, pageVersionFullSchema, pageVersionParamsSchema, pageVersionQuerySchema, type PageAsOf } from '../../contracts/page-versions.js';
import type { ApiDeps, RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { userNames } from '../pages/page-edit.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The page `pageId` as its events recorded at or before `at` (ISO-8601 UTC, compared as instants with each event's
 * `metadata.time`) leave it: the published version then, or null (no page, deleted or unpublished then).
 */
export async function pageAsOf(deps: Pick<ApiDeps, 'db' | 'store'>, pageId: string, at: string): Promise<PageAsOf | null> {
  const until = Date.parse(at);
  const events = (await readWholeStream(deps.store, pageStreamId(pageId))).filter((e) => Date.parse(e.metadata.time) <= until);
  let state: PageState = pageDecider.initialState;
  let published: { at: string; by: string | null } | null = null;
  for (const recorded of events) {
    const event = toDomainEvent<PageEvent>(recorded);
    state = pageDecider.evolve(state, event);
    if (event.type === 'PagePublished' || event.type === 'PageSaved') published = { at: recorded.metadata.time, by: recorded.metadata.userId };
  }
  if (state.status !== 'active' || state.publishedRevision === null) return null;
  const doc = state.revisions[state.publishedRevision - 1];
  if (!doc) return null;
  const names = published?.by ? await userNames(deps) : new Map<string, string>();
  return {
    pageId,
    at: new Date(until).toISOString(),
    revision: state.publishedRevision,
    publishedAt: published?.at ?? null,
    publishedBy: published?.by ? names.get(published.by) ?? null : null,
    stateThen: visibilityAt(state.visibility, new Date(until).toISOString()),
    doc,
  };
}

/** The plugin (registered by api/routes/admin/index.ts under /v1/admin). */
export async function adminPageVersionRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { config: { permission: 'pages.view' as const } };

  r.get(
    '/pages/:id/versions/:revision',
    {
      schema: {
        summary: "One version of a page, whole (spec 2 page settings' version history)",
        tags: ['admin'],
        params: pageVersionParamsSchema,
        querystring: pageVersionQuerySchema,
        response: { 200: envelopeSchema(pageVersionFullSchema), ...failures },
      },
      ...read,
    },
    async (request) => {
      const { id, revision } = request.params;
      const [versions, names] = await Promise.all([listPageVersions(deps.db, id), userNames(deps)]);
      if (versions.length === 0) throw new ApiError('page.not_found', 404);
      const version = versions.find((v) => v.revision === revision);
      if (!version) throw new ApiError('page.version_not_found', 404);
      return success({
        pageId: id.toLowerCase(),
        revision,
        savedBy: version.savedBy ? names.get(version.savedBy) ?? null : null,
        savedAt: version.savedAt,
        restoredFrom: version.restoredFrom,
        doc: version.doc,
      });
    },
  );

  r.get(
    '/pages/:id/as-of',
    {
      schema: {
        summary: 'The version of a page published at an instant, replayed from its events (the audit timeline\'s "as of")',
        tags: ['admin'],
        params: pageAsOfParamsSchema,
        querystring: pageAsOfQuerySchema,
        response: { 200: envelopeSchema(pageAsOfSchema), ...failures },
      },
      ...read,
    },
    async (request) => {
      const ref = request.params.id;
      const pageId = UUID.test(ref) ? ref.toLowerCase() : await findPageIdByName(deps.db, ref);
      const answer = pageId ? await pageAsOf(deps, pageId, request.query.at) : null;
      if (!answer) throw new ApiError('page.not_published_then', 404);
      return success(answer);
    },
  );
}
