/**
 * Clients (spec 2 ClientList, ClientEdit; spec 3 "Client"), under /v1/admin:
 * - GET /clients?q=&type=&page=&pageSize= (`clients.view`): the clients read model, latest buyers first, with the
 *   total; `q` words each in a name, the business name, the e-mail or the phone.
 * - GET /clients/{id} (`clients.view`): the fields, the orders of the client (newest first) and the stream
 *   `version`, read from the client's stream with its personal data opened (no projection lag for a form).
 * - PUT /clients/{id} (`clients.edit`, staff CSRF): the form plus the `version` it read; 409
 *   `client.changed_meanwhile` naming who changed it and when when the stream moved; 400 `client.invalid` with one
 *   error per field (first_name, email, phone, vat_reg_nr, address.*); 409 `client.forgotten`.
 * - POST /clients/{id}/forget (`clients.edit`, staff CSRF): GDPR erasure (commands/client/forget-client.ts): the
 *   personal data leaves every read model and its key is deleted; answers the blank client.
 * Saves and forgets answer once the clients read model has applied them, so the list shows them at once.
 * Events carry the staff user in metadata.userId.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeClientDetails } from '../../../commands/client/change-client-details.js';
import { ClientChangedMeanwhileError, loadClient } from '../../../commands/client/client-handler.js';
import { forgetClient } from '../../../commands/client/forget-client.js';
import type { ClientEvent } from '../../../domain/client/client.js';
import type { EventStore } from '../../../platform/event-store/port.js';
import { clientVersion, listClients } from '../../../projections/clients/queries.js';
import {
  ADMIN_CLIENT_DEFAULT_PAGE_SIZE,
  type AdminClient,
  adminClientListQuerySchema,
  adminClientListSchema,
  adminClientParamsSchema,
  adminClientSchema,
  forgetClientResultSchema,
  updateClientBodySchema,
} from '../../contracts/admin-clients.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import type { ApiDeps, RouteOptions } from '../../plugins/deps.js';
import { changedMeanwhileAnswer } from '../../plugins/changed-meanwhile.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { staffCsrf } from '../../plugins/staff-guard.js';
import { readModelWaitMs } from '../../plugins/read-model-wait.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema };

/** The client as ClientEdit reads it, from its stream (personal data opened; '' once forgotten), or null. */
export async function clientForEdit(deps: Pick<ApiDeps, 'store' | 'db'>, id: string): Promise<AdminClient | null> {
  const { events, state, version } = await loadClient({ store: deps.store as EventStore, db: deps.db }, id.toLowerCase());
  if (state.status === 'empty') return null;
  const registered = events.filter((e): e is Extract<ClientEvent, { type: 'ClientRegistered' }> => e.type === 'ClientRegistered').at(-1);
  const active = state.status === 'active' ? state : null;
  const d = active?.details ?? null;
  const orders = [...state.orders].sort((a, b) => b.placedAt.localeCompare(a.placedAt) || b.number - a.number);
  return {
    id: state.clientId,
    customer_type: active?.customerType ?? registered?.data.customerType ?? 'private',
    first_name: d?.firstName ?? '',
    last_name: d?.lastName ?? '',
    business_name: d?.businessName ?? '',
    email: d?.email ?? '',
    phone: d?.phone ?? '',
    vat_reg_nr: d?.vatRegNr ?? '',
    address: { street: d?.address.street ?? '', apartment: d?.address.apartment ?? '', city: d?.address.city ?? '', state: d?.address.state ?? '', area_code: d?.address.areaCode ?? '', country: d?.address.country ?? '' },
    forgotten: state.status === 'forgotten',
    forgotten_at: state.status === 'forgotten' ? state.forgottenAt : null,
    registered_at: registered?.data.registeredAt ?? '',
    order_count: orders.length,
    total_spent_cents: orders.reduce((sum, o) => sum + o.totalCents, 0),
    last_order_at: orders[0]?.placedAt ?? null,
    version: Number(version),
    orders: orders.map((o) => ({ id: o.orderId, number: o.number, placed_at: o.placedAt, total_cents: o.totalCents })),
  };
}

/** Waits (at most `ms`) until the clients read model has applied version `version` of client `id`. */
async function readModelCaughtUp(deps: Pick<ApiDeps, 'db'>, id: string, version: number, ms = 5000): Promise<void> {
  const until = Date.now() + readModelWaitMs(ms);
  while ((await clientVersion(deps.db, id)) < version && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

export async function adminClientRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const language = (request: FastifyRequest) => requestLanguage(request.query as Record<string, unknown>, request.headers['accept-language']);
  const existing = async (id: string) => {
    const client = await clientForEdit(deps, id);
    if (!client) throw new ApiError('client.not_found', 404);
    return client;
  };

  r.get(
    '/clients',
    {
      schema: { summary: 'Clients (spec 2 ClientList): search, private/business, order count and total spent', tags: ['admin'], querystring: adminClientListQuerySchema, response: { 200: envelopeSchema(adminClientListSchema), ...failures } },
      config: { permission: 'clients.view' },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? ADMIN_CLIENT_DEFAULT_PAGE_SIZE;
      const { items, total } = await listClients(deps.db, { q: request.query.q, type: request.query.type, page, pageSize });
      return success({
        clients: items.map((c) => ({
          id: c.id,
          customer_type: c.customerType,
          first_name: c.firstName,
          last_name: c.lastName,
          business_name: c.businessName,
          email: c.email,
          phone: c.phone,
          forgotten: c.forgotten,
          order_count: c.orderCount,
          total_spent_cents: c.totalSpentCents,
          last_order_at: c.lastOrderAt,
        })),
        total,
        page,
        pageSize,
      });
    },
  );

  r.get(
    '/clients/:id',
    {
      schema: { summary: 'One client with its orders and stream version (spec 2 ClientEdit)', tags: ['admin'], params: adminClientParamsSchema, querystring: langQuerySchema, response: { 200: envelopeSchema(adminClientSchema), ...failures } },
      config: { permission: 'clients.view' },
    },
    async (request) => success(await existing(request.params.id)),
  );

  r.put(
    '/clients/:id',
    {
      schema: {
        summary: 'Save the ClientEdit form with the version it read; 409 when the client changed since',
        tags: ['admin'],
        params: adminClientParamsSchema,
        body: updateClientBodySchema,
        querystring: langQuerySchema,
        response: { 200: envelopeSchema(adminClientSchema), ...failures },
      },
      config: { permission: 'clients.edit' },
      onRequest: staffCsrf(app),
    },
    async (request, reply) => {
      const client = await existing(request.params.id);
      const { version, customer_type, address: a, ...f } = request.body;
      try {
        const result = await changeClientDetails(
          { store: deps.store, db: deps.db },
          {
            clientId: client.id,
            customerType: customer_type,
            details: { firstName: f.first_name, lastName: f.last_name, businessName: f.business_name, email: f.email, phone: f.phone, vatRegNr: f.vat_reg_nr, address: { street: a.street, apartment: a.apartment, city: a.city, state: a.state, areaCode: a.area_code, country: a.country } },
            expectedVersion: BigInt(version),
          },
          request.commandContext(),
        );
        await readModelCaughtUp(deps, client.id, Number(result.version));
      } catch (error) {
        if (!(error instanceof ClientChangedMeanwhileError)) throw error;
        const lang = language(request);
        const answer = await changedMeanwhileAnswer(deps.db, error, lang, { et: 'Seda klienti', en: 'this client' });
        return reply.status(answer.status).send(answer.payload);
      }
      return success(await existing(client.id));
    },
  );

  r.post(
    '/clients/:id/forget',
    {
      schema: {
        summary: "Forget a client (GDPR erasure): personal data out of every read model, the client's key deleted",
        tags: ['admin'],
        params: adminClientParamsSchema,
        querystring: langQuerySchema,
        response: { 200: envelopeSchema(forgetClientResultSchema), ...failures },
      },
      config: { permission: 'clients.edit' },
      onRequest: staffCsrf(app),
    },
    async (request) => {
      const client = await existing(request.params.id);
      const result = await forgetClient({ store: deps.store, db: deps.db }, { clientId: client.id }, request.commandContext());
      await readModelCaughtUp(deps, client.id, Number(result.version));
      return success(await existing(client.id));
    },
  );
}
