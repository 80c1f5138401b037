/**
 * The category tree editor's api (category tree and filters; spec 3 "Category", spec 7, spec 8 "Category save
 * failure: errors listed as danger messages"). Contracts: api/contracts/admin-categories.ts.
 *
 * `categorySpecRoutes` - the spec's calls, outside /v1 exactly as spec 7 names them, registered inside the staff
 * plugin (api/routes/staff.ts), whose `staffGuard` answers 401 without a staff session and 403 without the
 * route's `config.permission` (`products.edit`, named on every route here):
 * - POST /category/create {id?, parent_id, name, position, hidden, className, url, search_keywords?}: CreateCategory,
 *   then the siblings renumbered around `position` (MoveCategory each), HideCategory when hidden, and
 *   ChangeCategorySearchKeywords per language sent. Answers 200 `{ status: 'success', model, data }`.
 * - POST /category/update/{id} (same payload; fields left out are not changed): MoveCategory first (a cycle is
 *   refused before anything else changes: 400 `category.cycle`), the siblings renumbered, RenameCategory per
 *   language sent, Hide/ShowCategory, ChangeCategorySearchKeywords. 404 `category.not_found`, 409 `category.deleted`.
 * - POST /category/delete/{id}: form data with the CSRF parameter `_csrf` (urlencoded or multipart; the
 *   `x-csrf-token` header works too). DeleteCategory with the category's live subcategories and products from the
 *   catalog read model: 409 `category.has_children` / `category.has_products` while it has any.
 * Create and update are JSON with the CSRF token in the `x-csrf-token` header (spec 7: every call sends one).
 *
 * `adminCategoryRoutes` - under /v1/admin: GET /categories (permission `products.view`): every category that is not
 * deleted, hidden ones included, with its direct product count, from the catalog read model.
 *
 * Every event carries the signed-in staff user in metadata.userId (`request.commandContext()`, api/plugins/staff-scope.ts). The answers after a command are
 * read from the category streams (the read model may lag a moment), with the storefront URL of spec 9.
 */
import { randomUUID } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeCategoryClassName } from '../../../commands/category/change-category-class-name.js';
import { changeCategorySearchKeywords } from '../../../commands/category/change-category-search-keywords.js';
import { loadCategory, MAX_CATEGORY_DEPTH } from '../../../commands/category/category-streams.js';
import { createCategory } from '../../../commands/category/create-category.js';
import { deleteCategory } from '../../../commands/category/delete-category.js';
import { hideCategory } from '../../../commands/category/hide-category.js';
import { moveCategory, reorderCategory } from '../../../commands/category/move-category.js';
import { renameCategory } from '../../../commands/category/rename-category.js';
import { showCategory } from '../../../commands/category/show-category.js';
import { loadAggregate } from '../../../commands/shared/load-aggregate.js';
import { categoryDecider, type CategoryState, toCategoryStreamId } from '../../../domain/category/category.js';
import { placeAmongSiblings, sortSiblings } from '../../../domain/category/positions.js';
import { LANGUAGES, type Language, type Localized } from '../../../domain/shared/localized.js';
import type { EventStore } from '../../../platform/event-store/port.js';
import { categoryUsage, childrenOf, listAdminCategories } from '../../../projections/catalog/admin-category-queries.js';
import { catalogReadModel } from '../../../projections/catalog/writer.js';
import { waitForReadModels } from '../../../projections/read-model.js';
import type { Database } from '../../../platform/db/database.js';
import { categoryUrl } from '../../plugins/catalog-cache.js';
import {
  type AdminCategory,
  adminCategoryListSchema,
  categoryDeleteAnswerSchema,
  categoryDeleteBodySchema,
  categoryParamsSchema,
  categoryPayloadSchema,
  categorySaveAnswerSchema,
  type ParsedCategoryPayload,
} from '../../contracts/admin-categories.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import { CSRF_HEADER } from '../../plugins/csrf.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { declareGuard } from '../../plugins/openapi-operations.js';
import { staffCsrf } from '../../plugins/staff-guard.js';
import { readModelWaitMs } from '../../plugins/read-model-wait.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema };
const edit = 'products.edit' as const;

type Active = Exclude<CategoryState, { status: 'empty' }>;

/** A per-language payload value as the languages it sets: a text is the request's language. */
function perLanguage(value: string | { et?: string; en?: string } | undefined | null, lang: Language): Partial<Localized> {
  if (value === undefined || value === null) return {};
  if (typeof value === 'string') return { [lang]: value };
  return Object.fromEntries(LANGUAGES.filter((l) => value[l] !== undefined).map((l) => [l, value[l]!]));
}

/** The category as the editor shows it, from its stream and its ancestors' (for the URL); null when never created. */
async function categoryView(store: EventStore, categoryId: string): Promise<AdminCategory | null> {
  const { state, version } = await loadAggregate(store, toCategoryStreamId(categoryId), categoryDecider);
  if (state.status === 'empty') return null;
  // The path of names for the URL (spec 9 needs the last 3; a deleted ancestor hides the branch: no URL).
  const path: Localized[] = [state.names];
  let parentId = state.parentId;
  let live = state.status === 'active';
  while (parentId !== null && live && path.length < MAX_CATEGORY_DEPTH) {
    const parent = await loadCategory(store, parentId);
    if (parent.status !== 'active') live = false;
    else {
      path.unshift(parent.names);
      parentId = parent.parentId;
    }
  }
  return {
    id: state.categoryId,
    parent_id: state.parentId,
    name: state.names,
    position: state.position,
    hidden: state.hidden,
    search_keywords: state.searchKeywords,
    url: live ? categoryUrl(path) : { et: '', en: '' },
    className: state.className,
    productCount: null,
    version: Number(version),
  };
}

/** How long a save waits for the catalog read model to apply its events before answering anyway. */
const READ_MODEL_WAIT_MS = readModelWaitMs(3000);

/**
 * Waits until the catalog read model has applied `$all` up to `checkpoint` (checkpoints are zero-padded text in
 * `$all` order), at most READ_MODEL_WAIT_MS: a save answers once the tree it changed can be read back (the next
 * placement reads the siblings, a delete the subcategories, the list the new names from the read model).
 */
function catalogCaughtUp(db: Database, store: EventStore, checkpoint: string): Promise<void> {
  return waitForReadModels(db, store, [catalogReadModel], checkpoint, READ_MODEL_WAIT_MS);
}

const saved = (model: AdminCategory) => ({ success: true as const, status: 'success' as const, model, data: model });

/**
 * The spec's calls (see the module comment): `app.register(categorySpecRoutes, { deps })` inside the staff plugin.
 */
export async function categorySpecRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  // Form data for the delete call (spec 7), in this plugin only: urlencoded and multipart without files.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(fastifyFormbody, { bodyLimit: 4096 });
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(fastifyMultipart, { attachFieldsToBody: 'keyValues', limits: { files: 0, fields: 4, fieldSize: 1024, parts: 4, headerPairs: 50 } });
  }
  const r = app.withTypeProvider<ZodTypeProvider>();
  const language = (request: FastifyRequest) => requestLanguage(request.query, request.headers['accept-language']);
  const ctx = (request: FastifyRequest) => request.commandContext();
  /** The newest `$all` checkpoint a request's commands appended at (the answer waits for the read model to reach it). */
  const lastWrite = new WeakMap<FastifyRequest, string>();
  const track = (request: FastifyRequest, result: { checkpoint: string }) => {
    if (result.checkpoint > (lastWrite.get(request) ?? '')) lastWrite.set(request, result.checkpoint);
  };

  /** The siblings' new positions (each its own stream: 8 at a time), each a MoveCategory under its own parent. */
  async function renumber(request: FastifyRequest, others: { id: string; position: number }[]) {
    for (let i = 0; i < others.length; i += 8) {
      const batch = await Promise.all(others.slice(i, i + 8).map((o) => reorderCategory(deps.store, { categoryId: o.id, position: o.position }, ctx(request))));
      for (const result of batch) track(request, result);
    }
  }

  /**
   * Moves `current` under `parentId` to `index` among the other children (null: where it is when the parent is
   * unchanged, else after the last child): MoveCategory for it first (the decider's cycle rule), then the siblings
   * renumbered 0..n-1 around it (domain/category/positions.ts).
   */
  async function place(request: FastifyRequest, current: Active, parentId: string | null, index: number | null) {
    const categoryId = current.categoryId;
    const siblings = sortSiblings((await childrenOf(deps.db as never, parentId)).filter((c) => c.id !== categoryId));
    const where =
      index ?? (current.parentId === parentId ? sortSiblings([...siblings, { id: categoryId, position: current.position, name: current.names.et }]).findIndex((c) => c.id === categoryId) : siblings.length);
    const placement = placeAmongSiblings(siblings, categoryId, where);
    track(request, await moveCategory(deps.store, { categoryId, parentId, position: placement.position }, ctx(request)));
    await renumber(request, placement.others);
  }

  /** The changes of a payload other than placement: names (update only), hidden, search keywords, className. */
  async function applyFields(request: FastifyRequest, categoryId: string, body: ParsedCategoryPayload, renames: boolean) {
    const lang = language(request);
    if (body.className !== undefined) {
      // A text is the class in both languages; an object changes the languages it names; null clears it.
      const current = await loadCategory(deps.store, categoryId);
      const before = current.status === 'active' ? current.className : null;
      const sent = body.className;
      const className = sent === null ? null : typeof sent === 'string' ? { et: sent, en: sent } : { et: sent.et ?? before?.et ?? '', en: sent.en ?? before?.en ?? '' };
      track(request, await changeCategoryClassName(deps.store, { categoryId, className }, ctx(request)));
    }
    if (renames) for (const [l, name] of Object.entries(perLanguage(body.name, lang))) track(request, await renameCategory(deps.store, { categoryId, language: l as Language, name }, ctx(request)));
    if (body.hidden === true) track(request, await hideCategory(deps.store, { categoryId }, ctx(request)));
    if (body.hidden === false) track(request, await showCategory(deps.store, { categoryId }, ctx(request)));
    for (const [l, keywords] of Object.entries(perLanguage(body.search_keywords, lang))) {
      track(request, await changeCategorySearchKeywords(deps.store, { categoryId, language: l as Language, keywords }, ctx(request)));
    }
  }

  const view = async (request: FastifyRequest, categoryId: string) => {
    await catalogCaughtUp(deps.db, deps.store, lastWrite.get(request) ?? '');
    const model = await categoryView(deps.store, categoryId);
    if (!model) throw new ApiError('category.not_found', 404);
    return saved(model);
  };

  r.post(
    '/category/create',
    {
      schema: {
        summary: 'Create a category (spec 7): status success with model.id, or errors',
        tags: ['admin'],
        body: categoryPayloadSchema,
        querystring: langQuerySchema,
        response: { 200: categorySaveAnswerSchema, ...failures },
      },
      config: { permission: edit },
      onRequest: staffCsrf(app),
    },
    async (request) => {
      const body = request.body;
      const categoryId = typeof body.id === 'string' && body.id ? body.id : randomUUID();
      const parentId = body.parent_id ?? null;
      const names = perLanguage(body.name, language(request));
      // Created where it belongs (default: after the parent's last child), then the siblings renumbered around it.
      const siblings = sortSiblings(await childrenOf(deps.db as never, parentId));
      const placement = placeAmongSiblings(siblings, categoryId, body.position ?? siblings.length);
      track(request, await createCategory(deps.store, { categoryId, parentId, names, position: placement.position }, ctx(request)));
      await renumber(request, placement.others);
      await applyFields(request, categoryId, body, false);
      return view(request, categoryId);
    },
  );

  r.post(
    '/category/update/:id',
    {
      schema: {
        summary: 'Update a category (spec 7): rename, move, reorder, hide/show, search keywords',
        tags: ['admin'],
        params: categoryParamsSchema,
        body: categoryPayloadSchema,
        querystring: langQuerySchema,
        response: { 200: categorySaveAnswerSchema, ...failures },
      },
      config: { permission: edit },
      onRequest: staffCsrf(app),
    },
    async (request) => {
      const categoryId = request.params.id;
      const body = request.body;
      const state = await loadCategory(deps.store, categoryId);
      if (state.status === 'empty') throw new ApiError('category.not_found', 404);
      if (state.status === 'deleted') throw new ApiError('category.deleted', 409);
      if (body.parent_id !== undefined || body.position !== undefined) {
        const parentId = body.parent_id === undefined ? state.parentId : body.parent_id;
        await place(request, state, parentId, body.position ?? null);
      }
      await applyFields(request, categoryId, body, true);
      return view(request, categoryId);
    },
  );

  /** The delete call's CSRF check after the form is parsed: the `_csrf` field, else the header (staffCsrf). */
  const formCsrf = declareGuard<preValidationHookHandler>(async (request, reply) => {
    const field = (request.body as { _csrf?: unknown } | null | undefined)?._csrf;
    if (typeof field === 'string' && !request.headers[CSRF_HEADER]) request.headers[CSRF_HEADER] = field;
    await (staffCsrf(app) as unknown as (req: FastifyRequest, rep: typeof reply) => Promise<void>)(request, reply);
  }, 'csrfToken');

  r.post(
    '/category/delete/:id',
    {
      schema: {
        summary: 'Delete a category (spec 7: form data with the CSRF parameter _csrf); refused while it has subcategories or products',
        tags: ['admin'],
        params: categoryParamsSchema,
        body: categoryDeleteBodySchema,
        querystring: langQuerySchema,
        response: { 200: categoryDeleteAnswerSchema, ...failures },
      },
      config: { permission: edit },
      preValidation: formCsrf,
    },
    async (request) => {
      const categoryId = request.params.id;
      const usage = await categoryUsage(deps.db as never, categoryId);
      track(request, await deleteCategory(deps.store, { categoryId, ...usage }, ctx(request)));
      await catalogCaughtUp(deps.db, deps.store, lastWrite.get(request) ?? '');
      return { success: true as const, status: 'success' as const, model: { id: categoryId }, data: { id: categoryId } };
    },
  );
}

/** Under /v1/admin (see the module comment): `app.register(adminCategoryRoutes, { deps })` in api/routes/admin. */
export async function adminCategoryRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/categories',
    {
      schema: {
        summary: 'Every category for the tree editor, hidden ones included, with direct product counts',
        tags: ['admin'],
        querystring: langQuerySchema,
        response: { 200: envelopeSchema(adminCategoryListSchema), ...failures },
      },
      config: { permission: 'products.view' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await listAdminCategories(deps.db as never);
      const byId = new Map(rows.map((c) => [c.id, c]));
      const urlOf = (id: string) => {
        const path: Localized[] = [];
        for (let c = byId.get(id); c && path.length < MAX_CATEGORY_DEPTH; c = c.parentId ? byId.get(c.parentId) : undefined) path.unshift(c.names);
        return categoryUrl(path);
      };
      return success({
        categories: rows.map(
          (c): AdminCategory => ({
            id: c.id,
            parent_id: c.parentId,
            name: c.names,
            position: c.position,
            hidden: c.hidden,
            search_keywords: c.searchKeywords,
            url: urlOf(c.id),
            className: c.className,
            productCount: c.productCount,
            version: c.version,
          }),
        ),
      });
    },
  );
}
