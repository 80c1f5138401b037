/**
 * The content back office under /v1/admin (spec 2 admin PageList, PageEdit, menu edit; spec 4 "Editor"):
 *
 * - GET /v1/admin/pages: the PageList, searched (`q` in titles and URL names), filtered by `layout`, `state`
 *   (draft, published, scheduled, hidden: api/routes/pages/page-edit.ts pageState) and `language` (pages with a
 *   title in it), sorted by title or last change, paged; each row with its last change and who made it (by name).
 * - POST /v1/admin/pages: creates a page from its first draft (201).
 * - GET /v1/admin/pages/{id}: the frontEdit view (draft, versions, settings); 404 for an unknown or deleted page.
 * - PUT /v1/admin/pages/{id}: saves the draft. POST .../publish, .../unpublish, .../schedule `{ visibility }`,
 *   .../restore `{ revision }`; DELETE /v1/admin/pages/{id}?version= (409 `page.linked_from_menu` while the menu
 *   links it).
 * - GET /v1/admin/menu, PUT /v1/admin/menu `{ entries, version }`: the main menu (one level of children).
 *
 * Reads need `pages.view`, writes `pages.edit` and CSRF. Every write carries the `version` its screen read; a stale
 * one answers 409 naming who saved meanwhile and when (api/plugins/changed-meanwhile.ts). Writes answer once the
 * read model shows them.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadMenu, setMenu } from '../../../commands/menu/menu-handler.js';
import { deletePage } from '../../../commands/page/delete-page.js';
import { publishPage } from '../../../commands/page/publish-page.js';
import { restorePageVersion } from '../../../commands/page/restore-page-version.js';
import { savePageDraft } from '../../../commands/page/save-page-draft.js';
import { schedulePage } from '../../../commands/page/schedule-page.js';
import { unpublishPage } from '../../../commands/page/unpublish-page.js';
import type { CommandContext } from '../../../commands/shared/command-handler.js';
import type { VisibilityRule } from '../../../domain/page/visibility.js';
import { listPageDrafts } from '../../../projections/pages/queries.js';
import { getGlobalContentForStaff } from '../../../projections/site/queries.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import {
  adminPageSaveBodySchema,
  menuSaveBodySchema,
  menuSchema,
  pageEditSchema,
  pageIdParamsSchema,
  pageListQuerySchema,
  pageListSchema,
  type PageListItem,
  type PageListQuery,
  pageRestoreBodySchema,
  pageSavedSchema,
  pageScheduleBodySchema,
  pageVersionBodySchema,
} from '../../contracts/pages-admin.js';
import type { ApiDeps, RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { staffCsrf } from '../../plugins/staff-guard.js';
import { findPageForStaff, pageCommandAnswer, pageEditView, pageState, saving, SUBJECTS, untilVersion, userNames } from '../pages/page-edit.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema };

/** The PageList's rows for `query` at `now` (ISO-8601): filtered, sorted and paged in memory (a shop has tens of pages). */
export async function listPagesForStaff(deps: Pick<ApiDeps, 'db'>, query: PageListQuery, now: string) {
  const [pages, names] = await Promise.all([listPageDrafts(deps.db, now), userNames(deps)]);
  const q = query.q?.trim().toLowerCase();
  const rows: PageListItem[] = pages.map((p) => ({
    pageId: p.pageId,
    title: p.draft.title,
    slug: p.draft.slug,
    layout: p.draft.layout,
    state: pageState(p, now),
    version: p.version,
    changedAt: p.changedAt,
    changedBy: p.changedBy ? names.get(p.changedBy) ?? null : null,
  }));
  const matching = rows.filter(
    (row) =>
      (!q || [row.title.et, row.title.en, row.slug.et, row.slug.en].some((t) => t.toLowerCase().includes(q))) &&
      (!query.layout || row.layout === query.layout) &&
      (!query.state || row.state === query.state) &&
      (!query.language || row.title[query.language] !== ''),
  );
  const desc = query.sort.startsWith('-');
  const key = (row: PageListItem) => (query.sort.endsWith('title') ? row.title.et.toLowerCase() : row.changedAt ?? '');
  matching.sort((a, b) => (desc ? -1 : 1) * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.pageId.localeCompare(b.pageId)));
  const start = (query.page - 1) * query.pageSize;
  return { items: matching.slice(start, start + query.pageSize), total: matching.length, page: query.page, pageSize: query.pageSize };
}

/** The plugin (registered by api/routes/admin/index.ts under /v1/admin). */
export async function adminPageRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { config: { permission: 'pages.view' as const } };
  const write = { config: { permission: 'pages.edit' as const }, onRequest: staffCsrf(app) };
  const saved = { 200: envelopeSchema(pageSavedSchema), ...failures };
  const existing = async (id: string) => {
    const page = await findPageForStaff(deps, id, deps.now());
    if (!page) throw new ApiError('page.not_found', 404);
    return page;
  };

  r.get(
    '/pages',
    { schema: { summary: 'PageList: search, layout, state, language, sort, paging (spec 2)', tags: ['admin'], querystring: pageListQuerySchema, response: { 200: envelopeSchema(pageListSchema), ...failures } }, ...read },
    async (request) => success(await listPagesForStaff(deps, request.query, deps.now())),
  );

  r.post(
    '/pages',
    { schema: { summary: 'Create a page from its first draft (spec 2 PageEdit)', tags: ['admin'], querystring: langQuerySchema, body: adminPageSaveBodySchema, response: { 201: envelopeSchema(pageSavedSchema), ...failures } }, ...write },
    async (request, reply) => {
      const pageId = randomUUID();
      const { version: _ignored, ...doc } = request.body;
      const result = await savePageDraft(deps.store, { pageId, expectedVersion: 0, ...doc }, request.commandContext());
      return reply.status(201).send(success(await pageCommandAnswer(deps, pageId, result)));
    },
  );

  r.get(
    '/pages/:id',
    { schema: { summary: 'A page for editing: draft, versions, settings (spec 4 Editor)', tags: ['admin'], params: pageIdParamsSchema, querystring: langQuerySchema, response: { 200: envelopeSchema(pageEditSchema), ...failures } }, ...read },
    async (request) => success(await pageEditView(deps, await existing(request.params.id), deps.now())),
  );

  r.put(
    '/pages/:id',
    { schema: { summary: "Save a page's draft (spec 4 Editor)", tags: ['admin'], params: pageIdParamsSchema, querystring: langQuerySchema, body: adminPageSaveBodySchema, response: saved }, ...write },
    async (request, reply) => {
      const { id } = request.params;
      await existing(id);
      const { version, ...doc } = request.body;
      const result = await saving(deps, request, reply, SUBJECTS.page, () => savePageDraft(deps.store, { pageId: id, expectedVersion: version, ...doc }, request.commandContext()));
      return result && success(await pageCommandAnswer(deps, id, result));
    },
  );

  const action = <B extends z.ZodType<{ version?: number }>>(path: string, summary: string, body: B, run: (pageId: string, body: z.infer<B>, ctx: CommandContext) => Promise<Parameters<typeof pageCommandAnswer>[2]>) => {
    r.post(
      `/pages/:id/${path}`,
      { schema: { summary, tags: ['admin'], params: pageIdParamsSchema, querystring: langQuerySchema, body, response: saved }, ...write },
      async (request, reply) => {
        const { id } = request.params;
        const result = await saving(deps, request, reply, SUBJECTS.page, () => run(id, request.body as z.infer<B>, request.commandContext()));
        return result && success(await pageCommandAnswer(deps, id, result));
      },
    );
  };
  action('publish', 'Publish the draft (spec 4 Editor)', pageVersionBodySchema, (pageId, b, ctx) => publishPage(deps.store, { pageId, expectedVersion: b.version }, ctx));
  action('unpublish', 'Withdraw the published version', pageVersionBodySchema, (pageId, b, ctx) => unpublishPage(deps.store, { pageId, expectedVersion: b.version }, ctx));
  action('schedule', 'Set the visibility rule (spec 3/4)', pageScheduleBodySchema, (pageId, b, ctx) => schedulePage(deps.store, { pageId, expectedVersion: b.version, visibility: (b.visibility ?? null) as VisibilityRule | null }, ctx));
  action('restore', 'Restore an old version as the draft', pageRestoreBodySchema, (pageId, b, ctx) => restorePageVersion(deps.store, { pageId, expectedVersion: b.version, revision: b.revision }, ctx));

  r.delete(
    '/pages/:id',
    { schema: { summary: 'Delete a page; refused while the menu links it', tags: ['admin'], params: pageIdParamsSchema, querystring: langQuerySchema.extend({ version: z.coerce.number().int().min(0).max(1_000_000_000).optional() }), response: saved }, ...write },
    async (request, reply) => {
      const { id } = request.params;
      const result = await saving(deps, request, reply, SUBJECTS.page, () => deletePage(deps.store, { pageId: id, expectedVersion: request.query.version }, request.commandContext()));
      return result && success(await pageCommandAnswer(deps, id, result));
    },
  );

  r.get(
    '/menu',
    { schema: { summary: 'The main menu with its version (spec 2 menu edit)', tags: ['admin'], querystring: langQuerySchema, response: { 200: envelopeSchema(menuSchema), ...failures } }, ...read },
    async () => {
      const menu = await loadMenu(deps.store);
      return success({ entries: menu.entries, version: menu.version });
    },
  );

  r.put(
    '/menu',
    { schema: { summary: 'Save the main menu (spec 2 menu edit)', tags: ['admin'], querystring: langQuerySchema, body: menuSaveBodySchema, response: { 200: envelopeSchema(menuSchema), ...failures } }, ...write },
    async (request, reply) => {
      const result = await saving(deps, request, reply, SUBJECTS.menu, () => setMenu(deps.store, { entries: request.body.entries, expectedVersion: request.body.version }, request.commandContext()));
      if (!result) return undefined;
      await untilVersion(async () => (await getGlobalContentForStaff(deps.db)).menuVersion, Number(result.version));
      return success({ entries: result.state.entries, version: result.state.version });
    },
  );
}
