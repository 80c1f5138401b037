/**
 * Spec 7's page and global-field editing calls (spec 4 "Editor"), staff only (registered by api/routes/staff.ts
 * inside the staff scope: 401 without a session, 403 without the permission, CSRF on every POST):
 *
 * - POST /v1/page: saves a page's draft (`pageId` absent: a new page) -> `{ pageId, version, draftRevision,
 *   publishedRevision }`; `pages.edit`.
 * - POST /v1/field-bulk `{ content: { key: { et, en } }, version? }`: global fields -> the global content.
 * - POST /field/set-multiple `[{ name, value: { et, en } }]` (`?version=`): the same for the inline editor's list.
 * - POST /v1/item-container `{ itemContainers, version? }`: the global item containers (HTML sanitised on the way in,
 *   commands/page/sanitize-page-html.ts) -> the global content.
 * - GET /v1/item-container: the global item containers and fields with the `site` stream version; `pages.view`.
 *
 * The spec shows no response shapes: each answers the envelope of spec 7 with what the screen reads next and the
 * version to send with its next save. A stale `version` answers 409 naming who saved meanwhile and when.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { savePageDraft } from '../../../commands/page/save-page-draft.js';
import { setGlobalFields } from '../../../commands/site/set-global-fields.js';
import { setGlobalItemContainers } from '../../../commands/site/set-global-item-containers.js';
import type { Localized } from '../../../domain/shared/localized.js';
import { getGlobalContentForStaff } from '../../../projections/site/queries.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import {
  fieldBulkBodySchema,
  globalContentSchema,
  itemContainerBodySchema,
  pageSavedSchema,
  pageSaveBodySchema,
  setMultipleBodySchema,
  setMultipleQuerySchema,
} from '../../contracts/pages-admin.js';
import type { ApiDeps, RouteOptions } from '../../plugins/deps.js';
import { success } from '../../plugins/errors.js';
import { staffCsrf } from '../../plugins/staff-guard.js';
import { pageCommandAnswer, saving, SUBJECTS, untilVersion } from './page-edit.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema };

/** The global content as the editor reads it, once the site read model shows `version` (default: as it is). */
export async function globalContentAnswer(deps: Pick<ApiDeps, 'db'>, version = 0) {
  await untilVersion(async () => (await getGlobalContentForStaff(deps.db)).siteVersion, version);
  const content = await getGlobalContentForStaff(deps.db);
  return { itemContainers: content.itemContainers, fields: content.fields, version: content.siteVersion };
}

/** The plugin (registered by api/routes/staff.ts). */
export async function pageEditSpecRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = { config: { permission: 'pages.edit' as const }, onRequest: staffCsrf(app) };

  r.post(
    '/v1/page',
    { schema: { summary: 'Save a page draft; without pageId a new page (spec 7, spec 4 Editor)', tags: ['admin'], querystring: langQuerySchema, body: pageSaveBodySchema, response: { 200: envelopeSchema(pageSavedSchema), ...failures } }, ...write },
    async (request, reply) => {
      const { pageId = randomUUID(), version, ...doc } = request.body;
      const result = await saving(deps, request, reply, SUBJECTS.page, () => savePageDraft(deps.store, { pageId, expectedVersion: version, ...doc }, request.commandContext()));
      return result && success(await pageCommandAnswer(deps, pageId, result));
    },
  );

  const setFields = async (fields: Record<string, Partial<Localized>>, expectedVersion: number | undefined, request: Parameters<typeof saving>[1], reply: Parameters<typeof saving>[2]) => {
    const result = await saving(deps, request, reply, SUBJECTS.site, () => setGlobalFields(deps.store, { fields, expectedVersion }, request.commandContext()));
    return result && success(await globalContentAnswer(deps, Number(result.version)));
  };

  r.post(
    '/v1/field-bulk',
    { schema: { summary: 'Save global fields {content} (spec 7)', tags: ['admin'], querystring: langQuerySchema, body: fieldBulkBodySchema, response: { 200: envelopeSchema(globalContentSchema), ...failures } }, ...write },
    async (request, reply) => setFields(request.body.content, request.body.version, request, reply),
  );

  r.post(
    '/field/set-multiple',
    { schema: { summary: 'Save a list of global fields, inline editing (spec 7)', tags: ['admin'], querystring: setMultipleQuerySchema, body: setMultipleBodySchema, response: { 200: envelopeSchema(globalContentSchema), ...failures } }, ...write },
    async (request, reply) => setFields(Object.fromEntries(request.body.map((f) => [f.name, f.value])), request.query.version, request, reply),
  );

  r.post(
    '/v1/item-container',
    { schema: { summary: 'Save the global item containers {itemContainers} (spec 7)', tags: ['admin'], querystring: langQuerySchema, body: itemContainerBodySchema, response: { 200: envelopeSchema(globalContentSchema), ...failures } }, ...write },
    async (request, reply) => {
      const { itemContainers, version } = request.body;
      const result = await saving(deps, request, reply, SUBJECTS.site, () => setGlobalItemContainers(deps.store, { containers: itemContainers, expectedVersion: version }, request.commandContext()));
      return result && success(await globalContentAnswer(deps, Number(result.version)));
    },
  );

  r.get(
    '/v1/item-container',
    { schema: { summary: 'The global item containers and fields with the version to save with (spec 7)', tags: ['admin'], querystring: langQuerySchema, response: { 200: envelopeSchema(globalContentSchema), ...failures } }, config: { permission: 'pages.view' } },
    async () => success(await globalContentAnswer(deps)),
  );
}
