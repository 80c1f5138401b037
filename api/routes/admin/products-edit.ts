/**
 * ProductEdit's routes (staff products; spec 2 "Admin area" ProductEdit, spec 3 "Product", 4, 5), under /v1/admin
 * behind the staff guard:
 * - GET /products/{id} (products.view): every field of the product read from its stream (`product-{id}`) with the
 *   stream's `version`, the net price, the stock per warehouse (catalog read model) and the related products' names.
 * - POST /products (products.edit, staff CSRF): creates a product from the whole form in one append; the id is the
 *   one the catalog import gives the same code1 (uuid v5 of code1), so an import later updates it instead of
 *   duplicating it. 201 the product; 409 `product.already_exists` when that code's product exists.
 * - PUT /products/{id} (products.edit, staff CSRF): the form plus the `version` it read; the changed fields become
 *   their events in one append expecting that version. A stream that moved since: 409 `product.changed_meanwhile`
 *   whose message names who changed it last and when (shop time zone), nothing written.
 * Money in euro cents (gross with VAT; net derived with the shop's VAT rate, `deps.vatRatePercent`, default 24).
 * Failures: 400 validation with `errors[].field` naming the form field (names.et, code1, grossCents, ...), 404
 * `product.not_found`. Events carry the signed-in user in metadata.userId.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { productIdForCode } from '../../../commands/catalog/catalog-csv.js';
import { createProductFromForm, editProduct, ProductChangedMeanwhileError } from '../../../commands/product/edit-product.js';
import { loadAggregate } from '../../../commands/shared/load-aggregate.js';
import { netFromGross, productDecider, toProductStreamId } from '../../../domain/product/product.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { EventStore } from '../../../platform/event-store/port.js';
import { getProducts } from '../../../projections/catalog/queries.js';
import {
  type AdminProduct,
  adminProductParamsSchema,
  adminProductSchema,
  createProductBodySchema,
  type ProductForm,
  updateProductBodySchema,
  visibilityCodesOf,
} from '../../contracts/admin-products.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import type { ApiDeps, RouteOptions } from '../../plugins/deps.js';
import { changedMeanwhileAnswer } from '../../plugins/changed-meanwhile.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { staffCsrf } from '../../plugins/staff-guard.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema };

/** The decider's field names (domain/product/product.ts) as the form's paths. */
const FORM_FIELD: Record<string, string> = {
  name: 'names.et',
  description: 'descriptions.et',
  class: 'productClass',
  price: 'grossCents',
  vatRate: 'grossCents',
  availability: 'policy',
  critical_stock_level: 'criticalStockLevel',
  categories: 'categoryIds',
  state: 'visibility.state',
  rangeFrom: 'visibility.rangeFrom',
  rangeTo: 'visibility.rangeTo',
  stateInRange: 'visibility.stateInRange',
  stateOutRange: 'visibility.stateOutRange',
};

/** A DomainError of the decider with its field renamed to the form's path. */
function withFormField(error: unknown): unknown {
  if (!(error instanceof DomainError) || !error.field) return error;
  return new DomainError(error.code, error.category, error.message, FORM_FIELD[error.field] ?? error.field, error.details);
}

/** The product as the edit form reads it, or null when its stream holds no product. */
export async function productForEdit(deps: Pick<ApiDeps, 'store' | 'db' | 'now'>, id: string): Promise<AdminProduct | null> {
  const { state, version } = await loadAggregate(deps.store as EventStore, toProductStreamId(id), productDecider);
  if (state.status !== 'active') return null;
  const related = [...new Set([...state.compatibleProducts, ...state.similarProducts])];
  const docs = await getProducts(deps.db as never, [id, ...related], deps.now());
  const own = docs.get(id);
  return {
    id,
    version: Number(version),
    names: state.names,
    descriptions: state.descriptions,
    code1: state.code1,
    code2: state.code2,
    unit: state.unit,
    productClass: state.productClass,
    grossCents: state.grossCents,
    netCents: state.grossCents === null ? null : netFromGross(state.grossCents, state.vatRatePercent),
    vatRatePercent: state.vatRatePercent,
    policy: state.policy,
    deliveryDays: state.deliveryDays,
    visibility: state.visibility,
    visibilityCodes: visibilityCodesOf(state.visibility),
    criticalStockLevel: state.criticalStockLevel,
    bigProduct: state.bigProduct,
    categoryIds: state.categoryIds,
    vehicles: state.vehicles,
    compatibleProducts: state.compatibleProducts,
    similarProducts: state.similarProducts,
    images: state.images,
    leadTimeDays: state.leadTimeDays ?? null,
    packSize: state.packSize ?? null,
    stock: own?.doc.stock ?? {},
    relatedProducts: related.flatMap((r) => {
      const d = docs.get(r)?.doc;
      return d ? [{ id: r, code1: d.code1, name: { et: d.name_et, en: d.name_en } }] : [];
    }),
  };
}

/** The plugin (registered by api/routes/admin/index.ts). */
export async function adminProductEditRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const vatRatePercent = deps.vatRatePercent ?? 24;
  const language = (request: FastifyRequest) => requestLanguage(request.query, request.headers['accept-language']);
  const existing = async (id: string) => {
    const product = await productForEdit(deps, id);
    if (!product) throw new ApiError('product.not_found', 404);
    return product;
  };
  /** Runs a save; a stale version answers 409 with who and when, domain errors name the form's fields. */
  const saving = async <T>(request: FastifyRequest, reply: { status(code: number): { send(payload: unknown): unknown } }, run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ProductChangedMeanwhileError) {
        const lang = language(request);
        const answer = await changedMeanwhileAnswer(deps.db, error, lang, { et: 'Seda toodet', en: 'this product' });
        reply.status(answer.status).send(answer.payload);
        return undefined;
      }
      throw withFormField(error);
    }
  };

  r.get(
    '/products/:id',
    {
      schema: {
        summary: 'One product with every field for editing and its stream version (spec 2 ProductEdit)',
        tags: ['admin'],
        params: adminProductParamsSchema,
        querystring: langQuerySchema,
        response: { 200: envelopeSchema(adminProductSchema), ...failures },
      },
      config: { permission: 'products.view' },
    },
    async (request) => success(await existing(request.params.id)),
  );

  r.post(
    '/products',
    {
      schema: {
        summary: 'Create a product from the ProductEdit form; 201 the product with its id',
        tags: ['admin'],
        body: createProductBodySchema,
        querystring: langQuerySchema,
        response: { 201: envelopeSchema(adminProductSchema), ...failures },
      },
      config: { permission: 'products.edit' },
      onRequest: staffCsrf(app),
    },
    async (request, reply) => {
      const form: ProductForm = request.body;
      const productId = productIdForCode(form.code1);
      const done = await saving(request, reply, () => createProductFromForm(deps.store, { productId, form, vatRatePercent }, request.commandContext()));
      if (!done) return reply;
      reply.status(201);
      return success(await existing(productId));
    },
  );

  r.put(
    '/products/:id',
    {
      schema: {
        summary: 'Save the ProductEdit form with the version it read; 409 when the product changed since',
        tags: ['admin'],
        params: adminProductParamsSchema,
        body: updateProductBodySchema,
        querystring: langQuerySchema,
        response: { 200: envelopeSchema(adminProductSchema), ...failures },
      },
      config: { permission: 'products.edit' },
      onRequest: staffCsrf(app),
    },
    async (request, reply) => {
      const { version, ...form } = request.body;
      const { id } = request.params;
      await existing(id);
      const done = await saving(request, reply, () => editProduct(deps.store, { productId: id, form, expectedVersion: BigInt(version), vatRatePercent }, request.commandContext()));
      if (!done) return reply;
      return success(await existing(id));
    },
  );
}
