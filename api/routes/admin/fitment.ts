/**
 * Staff fitment routes (docs/architecture.md "Vehicle fitment", back office; spec 2 "Admin area"), under /v1/admin behind the staff
 * guard; contract api/contracts/admin-fitment.ts. Every write is `ChangeProductFitment` (one per product, its own
 * `ProductFitmentChanged` with the staff member and the reason) or `AddVehicles`; writes need products.edit and the
 * staff CSRF token, reads products.view.
 *
 * - GET /products/{id}/fitment: the product's fitment from its stream (mode, applications, version).
 * - PUT /products/{id}/fitment: add / remove applications, `replace`, or set a mode, with a reason.
 * - POST /fitment/preview: a selection (search text, category, facet, part numbers) and an operation (add / remove /
 *   replace applications, or set a mode) -> N products, how many change, M applications added and K removed, the
 *   pasted codes matching nothing, and a page of the products with what each gains and loses. Decided from the
 *   catalog read model's fitment with the domain's own rule, so applying writes the same when nobody changed them.
 * - POST /fitment/apply: the same, with a reason; at most 5,000 products; answers the summary after the listing
 *   index has passed the last event (read-your-writes, at most 10 s: the storefront's `v=` listing shows them).
 * - POST /fitment/import: a fitment CSV (docs/catalog-format.md "Fitment file"), validated whole first: any error
 *   answers 400 `fitment.csv_invalid` with one error per line (`field` `line.N`) and nothing is written.
 * - GET /fitment/export: every product's fitment as that CSV (text/csv attachment).
 * - GET /fitment/dashboard?kind=no-fitment|fits-nothing&page=&pageSize=: the product dashboard's fitment tabs (both
 *   counts and a page: products with unknown fitment; products whose applications cover no vehicle of the reference).
 * - POST /vehicles: `AddVehicles` of one vehicle (source `staff`); answers it (`added` false when the reference had it).
 *
 * 400s beside zod's: `fitment.make_unknown`, `fitment.model_unknown`, `fitment.generation_unknown`,
 * `fitment.years_invalid`, `fitment.generation_with_years`, `fitment.model_required` (field `applications.N`),
 * `fitment.selection_too_large`, the domain's `fitment.*` and `vehicle.*`; 404 `product.not_found`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { applyFitmentOperation, type FitmentOperation, previewFitmentOperation, toFitmentChange } from '../../../commands/fitment/bulk-fitment.js';
import { fitmentCsv, fitmentCsvErrorText } from '../../../commands/fitment/fitment-csv.js';
import { importFitmentCsv } from '../../../commands/fitment/import-fitment.js';
import { type ApplicationInput, ApplicationInputError, resolveApplication, VehicleReferenceIndex } from '../../../commands/fitment/fitment-input.js';
import { changeProductFitment } from '../../../commands/product/change-product-fitment.js';
import { loadAggregate } from '../../../commands/shared/load-aggregate.js';
import { addVehicles } from '../../../commands/vehicle/add-vehicles.js';
import type { Application } from '../../../domain/fitment/fitment.js';
import { productDecider, toProductStreamId } from '../../../domain/product/product.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { slugify, vehicleLabel } from '../../../domain/vehicle/vehicle.js';
import type { EventStore } from '../../../platform/event-store/port.js';
import { fitmentDashboard, listProductFitments, productIdsByCode1, selectProductsForFitment } from '../../../projections/catalog/fitment-selection.js';
import { getVehicle, listAllVehicles } from '../../../projections/vehicles/queries.js';
import {
  addedVehicleSchema,
  addVehicleBodySchema,
  type ApplicationDto,
  fitmentApplyBodySchema,
  fitmentDashboardQuerySchema,
  fitmentDashboardSchema,
  fitmentApplySchema,
  fitmentImportBodySchema,
  fitmentImportSchema,
  type FitmentOperationDto,
  fitmentPreviewBodySchema,
  fitmentPreviewSchema,
  productFitmentAdminSchema,
  productFitmentChangeBodySchema,
} from '../../contracts/admin-fitment.js';
import { adminProductParamsSchema } from '../../contracts/admin-products.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { readModelWaitMs } from '../../plugins/read-model-wait.js';
import { staffCsrf } from '../../plugins/staff-guard.js';
import { z } from 'zod';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema };
/** At most this many products in one bulk operation. */
export const FITMENT_BULK_LIMIT = 5000;
/** How long apply and import wait for the listing index to show the change (read-your-writes). */
const LISTING_WAIT_MS = readModelWaitMs(10_000);
/** How long adding a vehicle waits for the vehicles read model. */
const VEHICLE_WAIT_MS = readModelWaitMs(5_000);

/** An application as the contract answers it. */
export function applicationDto(a: Application): ApplicationDto {
  return {
    kind: a.kind,
    make: a.make,
    model: a.kind === 'make' ? null : a.model,
    generation: a.kind === 'generation' ? a.generation : null,
    from: a.kind === 'generation' ? a.from : null,
    to: a.kind === 'generation' ? a.to : null,
    fromYear: a.kind === 'years' ? a.fromYear : null,
    toYear: a.kind === 'years' ? a.toYear : null,
    label: a.label,
    positions: a.positions ?? [],
    engineCode: a.engineCode ?? null,
    note: a.note ?? null,
  };
}

/** The plugin (registered by api/routes/admin/index.ts). */
export async function adminFitmentRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = deps.store as EventStore;
  const reference = async () => VehicleReferenceIndex.of(await listAllVehicles(deps.db));
  /** Resolves inputs against the reference. @throws ApiError 400 with the problem's code on `{field}.{i}` */
  const resolveAll = (inputs: readonly ApplicationInput[] | undefined, ref: VehicleReferenceIndex, field: string): Application[] =>
    (inputs ?? []).map((input, i) => {
      try {
        return resolveApplication(input, ref);
      } catch (error) {
        if (error instanceof ApplicationInputError) throw new ApiError(error.code, 400, `${field}.${i}`);
        throw error;
      }
    });
  const operationOf = async (dto: FitmentOperationDto): Promise<FitmentOperation> =>
    dto.op === 'mode' ? { op: 'mode', mode: dto.mode } : { op: dto.op, applications: resolveAll(dto.applications, await reference(), 'operation.applications') };
  const productFitment = async (id: string) => {
    const { state, version } = await loadAggregate(store, toProductStreamId(id), productDecider);
    if (state.status !== 'active') throw new ApiError('product.not_found', 404, 'id');
    return { productId: id, mode: state.fitment.mode, applications: state.fitment.applications.map(applicationDto), version: Number(version) };
  };
  /** Waits (at most LISTING_WAIT_MS) until the listing index has passed `checkpoint` ('' when nothing was written). */
  const listingFollows = async (checkpoint: string) => {
    const until = Date.now() + LISTING_WAIT_MS;
    while (checkpoint && (app.listingIndex.position().product_position ?? '') < checkpoint && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      await app.listingIndex.sync();
    }
  };
  const selected = async (selection: Parameters<typeof selectProductsForFitment>[1]) => {
    const result = await selectProductsForFitment(deps.db as never, selection, FITMENT_BULK_LIMIT);
    if (result.total > FITMENT_BULK_LIMIT) throw new ApiError('fitment.selection_too_large', 400, 'selection');
    return result;
  };
  const language = (request: FastifyRequest) => requestLanguage(request.query, request.headers['accept-language']);

  r.get(
    '/products/:id/fitment',
    {
      schema: { summary: 'One product\'s vehicle fitment from its stream', tags: ['admin'], params: adminProductParamsSchema, querystring: langQuerySchema, response: { 200: envelopeSchema(productFitmentAdminSchema), ...failures } },
      config: { permission: 'products.view' },
    },
    async (request) => success(await productFitment(request.params.id)),
  );

  r.put(
    '/products/:id/fitment',
    {
      schema: {
        summary: 'Change one product\'s fitment: add / remove applications, replace them, or set a mode, with a reason',
        tags: ['admin'],
        params: adminProductParamsSchema,
        querystring: langQuerySchema,
        body: productFitmentChangeBodySchema,
        response: { 200: envelopeSchema(productFitmentAdminSchema), ...failures },
      },
      config: { permission: 'products.edit' },
      onRequest: staffCsrf(app),
    },
    async (request) => {
      const { id } = request.params;
      await productFitment(id);
      const body = request.body;
      const ref = await reference();
      const change = { mode: body.mode, add: resolveAll(body.add, ref, 'add'), remove: resolveAll(body.remove, ref, 'remove'), replace: body.replace, reason: body.reason };
      const result = await changeProductFitment(store, { productId: id, change }, request.commandContext());
      await listingFollows(result.checkpoint);
      return success(await productFitment(id));
    },
  );

  r.post(
    '/fitment/preview',
    {
      schema: { summary: 'What a bulk fitment operation would do: N products, M applications added / removed, a page of products', tags: ['admin'], querystring: langQuerySchema, body: fitmentPreviewBodySchema, response: { 200: envelopeSchema(fitmentPreviewSchema), ...failures } },
      config: { permission: 'products.view' },
      onRequest: staffCsrf(app),
    },
    async (request) => {
      const body = request.body;
      const operation = await operationOf(body.operation);
      const found = await selected(body.selection);
      const { rows, summary } = previewFitmentOperation(found.products, operation);
      const page = body.page ?? 1;
      const pageSize = body.pageSize ?? 50;
      const en = language(request) === 'en';
      const slice = rows.slice((page - 1) * pageSize, page * pageSize);
      const byId = new Map(found.products.map((p) => [p.id, p]));
      return success({
        summary,
        missingCodes: found.missingCodes,
        page,
        pageSize,
        products: slice.map((row) => {
          const p = byId.get(row.id)!;
          const mode = p.fitment?.mode ?? 'unknown';
          return {
            id: p.id,
            code1: p.code1,
            name: (en ? p.nameEn || p.nameEt : p.nameEt || p.nameEn) ?? '',
            modeBefore: mode,
            modeAfter: row.delta?.modeAfter ?? mode,
            added: row.delta?.added.map((a) => a.label) ?? [],
            removed: row.delta?.removed.map((a) => a.label) ?? [],
          };
        }),
      });
    },
  );

  r.post(
    '/fitment/apply',
    {
      schema: { summary: 'Apply a bulk fitment operation: one ChangeProductFitment per selected product (at most 5,000)', tags: ['admin'], querystring: langQuerySchema, body: fitmentApplyBodySchema, response: { 200: envelopeSchema(fitmentApplySchema), ...failures } },
      config: { permission: 'products.edit' },
      onRequest: staffCsrf(app),
    },
    async (request) => {
      const body = request.body;
      const operation = await operationOf(body.operation);
      const found = await selected(body.selection);
      const base = request.commandContext();
      const correlationId = randomUUID();
      const result = await applyFitmentOperation(store, found.products.map((p) => p.id), toFitmentChange(operation, body.reason), () => ({ ...base, commandId: randomUUID(), correlationId }));
      await listingFollows(result.checkpoint);
      const { checkpoint: _, ...summary } = result;
      return success(summary);
    },
  );

  r.post(
    '/fitment/import',
    {
      schema: { summary: 'Import a fitment CSV: validated whole first, nothing written when any line is wrong', tags: ['admin'], querystring: langQuerySchema, body: fitmentImportBodySchema, response: { 200: envelopeSchema(fitmentImportSchema), ...failures } },
      config: { permission: 'products.edit' },
      onRequest: staffCsrf(app),
      bodyLimit: 6_000_000,
    },
    async (request) => {
      const body = request.body;
      const lang = language(request);
      const { commandId: _, ...ctx } = request.commandContext();
      const result = await importFitmentCsv({ store, productIdsByCode1: (codes) => productIdsByCode1(deps.db as never, codes), listVehicles: () => listAllVehicles(deps.db as never) }, body.csv, body.reason?.trim() || 'Fitment CSV import', ctx, { dryRun: body.dryRun });
      if (!result.ok) {
        const problems = result.errors.slice(0, 100).map((e) => ({ code: e.code, field: `line.${e.line}`, message: fitmentCsvErrorText(e, lang) }));
        throw new DomainError('fitment.csv_invalid', 'validation', problems[0]!.message, 'csv', { problems });
      }
      await listingFollows(result.checkpoint);
      return success({ products: result.products, changed: result.changed, dryRun: result.dryRun });
    },
  );

  r.get(
    '/fitment/export',
    {
      schema: {
        summary: 'Every product\'s fitment as the fitment CSV (docs/catalog-format.md)',
        tags: ['admin'],
        querystring: langQuerySchema,
        response: { 200: { description: 'RFC 4180 CSV with a header row', content: { 'text/csv': { schema: z.string() } } }, ...failures },
      },
      config: { permission: 'products.view' },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fitment-${deps.now().slice(0, 10)}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(fitmentCsv(await listProductFitments(deps.db as never))),
  );

  r.get(
    '/fitment/dashboard',
    {
      schema: {
        summary: 'The product dashboard\'s fitment tabs: products without fitment data, products fitting nothing in the reference',
        tags: ['admin'],
        querystring: fitmentDashboardQuerySchema,
        response: { 200: envelopeSchema(fitmentDashboardSchema), ...failures },
      },
      config: { permission: 'products.view' },
    },
    async (request) => {
      const { kind, page, pageSize } = request.query;
      const ref = await reference();
      const en = language(request) === 'en';
      const result = await fitmentDashboard(deps.db as never, (a) => ref.covers(a), { kind, page, pageSize });
      return success({
        kind,
        page,
        pageSize,
        total: result.total,
        counts: result.counts,
        rows: result.rows.map((r) => ({ id: r.id, code1: r.code1, name: (en ? r.nameEn || r.nameEt : r.nameEt || r.nameEn) ?? '', applications: r.applications })),
      });
    },
  );

  r.post(
    '/vehicles',
    {
      schema: { summary: 'Add a vehicle missing from the reference (AddVehicles, source staff)', tags: ['admin'], querystring: langQuerySchema, body: addVehicleBodySchema, response: { 200: envelopeSchema(addedVehicleSchema), ...failures } },
      config: { permission: 'products.edit' },
      onRequest: staffCsrf(app),
    },
    async (request) => {
      const body = request.body;
      const generation = body.generation?.trim() || null;
      const result = await addVehicles(store, { make: body.make, vehicles: [{ model: body.model, generation, from: body.from, to: body.to, source: 'staff' }] }, request.commandContext());
      const state = result.state;
      if (state.status !== 'active') throw new ApiError('vehicle.make_invalid', 400, 'make');
      const modelSlug = slugify(body.model);
      const v = state.vehicles.find((k) => k.modelSlug === modelSlug && (k.generation ?? '') === (generation ?? '').replace(/\s+/g, ' ') && k.from === body.from && k.to === body.to);
      if (!v) throw new ApiError('vehicle.not_found', 404);
      // Read your writes: the pickers read the vehicles read model; wait (at most 5 s) until it holds the vehicle.
      for (const until = Date.now() + VEHICLE_WAIT_MS; !(await getVehicle(deps.db, v.vehicleId)) && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 50));
      app.vehicles.clear();
      return success({
        added: result.events.length > 0,
        vehicle: { id: v.vehicleId, label: vehicleLabel(v), make: v.make, model: v.model, generation: v.generation, from: v.from, to: v.to },
      });
    },
  );
}
