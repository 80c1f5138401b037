/**
 * Warehouses (spec 2 "Admin area" WarehouseEdit, WarehouseList), permission `warehouses.manage`, under
 * /v1/admin: GET /warehouses (the warehouses read model), GET /warehouses/{id}, POST /warehouses {id?, name} (201), PUT
 * /warehouses/{id} {name?, active: false?} (rename, deactivate). Answers after a command read the warehouse's
 * stream. Failures: 400 `warehouse.name_missing` / `warehouse.name_invalid` / `warehouse.id_invalid`, 404
 * `warehouse.not_found`, 409 (exists, inactive). Events carry the signed-in user in metadata.userId.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createWarehouse } from '../../../commands/warehouse/create-warehouse.js';
import { deactivateWarehouse } from '../../../commands/warehouse/deactivate-warehouse.js';
import { renameWarehouse } from '../../../commands/warehouse/rename-warehouse.js';
import { loadAggregate } from '../../../commands/shared/load-aggregate.js';
import { toWarehouseStreamId, WAREHOUSE_ID, warehouseDecider } from '../../../domain/warehouse/warehouse.js';
import type { EventStore } from '../../../platform/event-store/port.js';
import { listWarehouses } from '../../../projections/warehouses/queries.js';
import {
  type AdminWarehouse,
  adminWarehouseListSchema,
  adminWarehouseParamsSchema,
  adminWarehouseSchema,
  createWarehouseBodySchema,
  updateWarehouseBodySchema,
} from '../../contracts/admin-warehouses.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { staffCsrf } from '../../plugins/staff-guard.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema };
const permission = 'warehouses.manage' as const;

async function warehouseFromStream(store: EventStore, id: string): Promise<AdminWarehouse | null> {
  if (!WAREHOUSE_ID.test(id)) return null;
  const { state, version } = await loadAggregate(store, toWarehouseStreamId(id), warehouseDecider);
  return state.status === 'empty' ? null : { id: state.warehouseId, name: state.name, active: state.status === 'active', version: Number(version) };
}

/** A warehouse code from a name: lower case, a-z 0-9 and '-', at most 64 characters. */
const codeFromName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);

export async function adminWarehouseRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const existing = async (id: string) => {
    const w = await warehouseFromStream(deps.store, id);
    if (!w) throw new ApiError('warehouse.not_found', 404);
    return w;
  };

  r.get('/warehouses', { schema: { summary: 'Warehouses', tags: ['admin'], querystring: langQuerySchema, response: { 200: envelopeSchema(adminWarehouseListSchema), ...failures } }, config: { permission } }, async () =>
    success(await listWarehouses(deps.db)),
  );

  r.get(
    '/warehouses/:id',
    { schema: { summary: 'One warehouse', tags: ['admin'], params: adminWarehouseParamsSchema, querystring: langQuerySchema, response: { 200: envelopeSchema(adminWarehouseSchema), ...failures } }, config: { permission } },
    async (request) => success(await existing(request.params.id)),
  );

  r.post(
    '/warehouses',
    { schema: { summary: 'Create a warehouse', tags: ['admin'], body: createWarehouseBodySchema, querystring: langQuerySchema, response: { 201: envelopeSchema(adminWarehouseSchema), ...failures } }, config: { permission }, onRequest: staffCsrf(app) },
    async (request, reply) => {
      const id = request.body.id?.trim() || codeFromName(request.body.name);
      await createWarehouse(deps.store, { warehouseId: id, name: request.body.name }, request.commandContext());
      reply.status(201);
      return success(await existing(id));
    },
  );

  r.put(
    '/warehouses/:id',
    { schema: { summary: 'Rename or deactivate a warehouse', tags: ['admin'], params: adminWarehouseParamsSchema, body: updateWarehouseBodySchema, querystring: langQuerySchema, response: { 200: envelopeSchema(adminWarehouseSchema), ...failures } }, config: { permission }, onRequest: staffCsrf(app) },
    async (request) => {
      const w = await existing(request.params.id);
      // One command id per command (a shared one would make the second a duplicate of the first).
      if (request.body.name !== undefined && request.body.name !== w.name) await renameWarehouse(deps.store, { warehouseId: w.id, name: request.body.name }, request.commandContext());
      if (request.body.active === false && w.active) await deactivateWarehouse(deps.store, { warehouseId: w.id }, request.commandContext());
      return success(await existing(w.id));
    },
  );
}
