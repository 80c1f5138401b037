/**
 * Orders for staff (staff order editing; spec 2 OrderList, OrderEdit; spec 4 "Order flags"; spec 5), under /v1/admin,
 * contracts in api/contracts/admin-orders.ts:
 * - GET /orders (orders.view): OrderList from the admin orders read model (projections/admin-orders), newest first,
 *   search by number, name, e-mail or phone, filters paid / filled / day range / delivery provider, paging;
 * - GET /orders/{id} (orders.view): everything OrderEdit shows, folded from the order stream (so `version` is exact);
 * - PUT /orders/{id} (orders.edit): rows, discount, fee and comments with the version read (commands/order/edit-order.ts);
 *   409 `order.changed_meanwhile` naming who changed it and when, `order.not_enough_stock` naming the row and the
 *   units available, `order.filled`, `order.being_edited`;
 * - POST /orders/{id}/paid {paid} and /orders/{id}/filled {filled} (orders.edit): spec 4's toggles; filling ships the
 *   reserved stock (StockShipped), un-filling returns it.
 * Every change carries the signed-in staff user in its events' metadata (`request.commandContext()`, api/plugins/staff-scope.ts). Answers after a change wait
 * (at most 3 s) until the admin orders read model shows it, so OrderList and the unfilled badge agree with the answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { editOrder, OrderChangedMeanwhileError, OrderNotEnoughStockError } from '../../../commands/order/edit-order.js';
import { markOrderFilled } from '../../../commands/order/mark-order-filled.js';
import { markOrderPaid } from '../../../commands/order/mark-order-paid.js';
import { markOrderUnfilled } from '../../../commands/order/mark-order-unfilled.js';
import { markOrderUnpaid } from '../../../commands/order/mark-order-unpaid.js';
import type { EventStore } from '../../../platform/event-store/port.js';
import { type AdminOrderView, forgetClientOf } from '../../../projections/admin-orders/projection.js';
import { adminOrderViewFromStream } from '../../../projections/orders/order-from-stream.js';
import { adminOrderForgotten, adminOrderVersion, listAdminOrders } from '../../../projections/admin-orders/queries.js';
import {
  adminOrderFilledBodySchema,
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderPaidBodySchema,
  adminOrderParamsSchema,
  adminOrderSchema,
  updateAdminOrderBodySchema,
} from '../../contracts/admin-orders.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import type { ApiDeps, RouteOptions } from '../../plugins/deps.js';
import { changedMeanwhileAnswer } from '../../plugins/changed-meanwhile.js';
import { ApiError, failureAnswer, success } from '../../plugins/errors.js';
import { type ApiLanguage, requestLanguage } from '../../plugins/messages.js';
import { catalogPricesOf } from '../../plugins/order-ports.js';
import { staffCsrf } from '../../plugins/staff-guard.js';
import { readModelWaitMs } from '../../plugins/read-model-wait.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema };
const view = 'orders.view' as const;
const edit = 'orders.edit' as const;

/**
 * The order as OrderEdit shows it, folded from its stream; null when the stream holds no order. The personal data of
 * a forgotten client (GDPR erasure, 'forget this client', recorded by the admin orders read model) is blanked.
 */
export async function adminOrderFromStream(deps: Pick<ApiDeps, 'store' | 'db'>, orderId: string): Promise<AdminOrderView | null> {
  const [view, forgotten] = await Promise.all([adminOrderViewFromStream(deps.store as EventStore, orderId), adminOrderForgotten(deps.db as never, orderId)]);
  return view && forgotten ? forgetClientOf(view) : view;
}

/** The 409 text of a row asking for more units than are free. */
function notEnoughStockMessage(error: OrderNotEnoughStockError, language: ApiLanguage): string {
  const row = error.rowIndex + 1;
  return language === 'et'
    ? `Laos ei ole piisavalt kaupa: real ${row} saab olla kõige rohkem ${error.available}.`
    : `There is not enough items in stock: row ${row} can have at most ${error.available}.`;
}

/** The plugin (registered by api/routes/admin/index.ts). */
export async function adminOrderRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const catalog = catalogPricesOf(deps.db);
  const language = (request: FastifyRequest) => requestLanguage(request.query, request.headers['accept-language']);
  const existing = async (id: string) => {
    const order = await adminOrderFromStream(deps, id);
    if (!order) throw new ApiError('order.not_found', 404);
    return order;
  };
  /** Waits (at most 3 s) until the admin orders read model holds the order at `version` or later. */
  const listed = async (order: AdminOrderView) => {
    const deadline = Date.now() + readModelWaitMs(3000);
    while (Date.now() < deadline) {
      const v = await adminOrderVersion(deps.db as never, order.id);
      if (v !== null && v >= order.version) return order;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return order;
  };
  /** Sends the 409 answers that carry their own text; rethrows the rest (the error handler answers them). */
  const saving = async <T>(request: FastifyRequest, reply: FastifyReply, run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await run();
    } catch (error) {
      const lang = language(request);
      if (error instanceof OrderChangedMeanwhileError) {
        const answer = await changedMeanwhileAnswer(deps.db, error, lang, { et: 'Seda tellimust', en: 'this order' });
        reply.status(answer.status).send(answer.payload);
        return undefined;
      }
      if (error instanceof OrderNotEnoughStockError) {
        const answer = failureAnswer(lang, 409, [{ code: error.code, field: error.field, message: notEnoughStockMessage(error, lang) }]);
        reply.status(answer.status).send(answer.payload);
        return undefined;
      }
      throw error;
    }
  };

  r.get(
    '/orders',
    {
      schema: {
        summary: 'OrderList: orders newest first, search by number, name, e-mail or phone, filters, paging',
        tags: ['admin'],
        querystring: adminOrderListQuerySchema,
        response: { 200: envelopeSchema(adminOrderListSchema), ...failures },
      },
      config: { permission: view },
    },
    async (request) => {
      const q = request.query;
      const page = q.page ?? 1;
      const pageSize = q.pageSize ?? 24;
      const { orders, total } = await listAdminOrders(deps.db as never, { q: q.q?.trim() || undefined, paid: q.paid, filled: q.filled, from: q.from, to: q.to, provider: q.provider, page, pageSize });
      return success({ orders, total, page, pageSize });
    },
  );

  r.get(
    '/orders/:id',
    {
      schema: {
        summary: 'One order with everything OrderEdit shows and its stream version',
        tags: ['admin'],
        params: adminOrderParamsSchema,
        querystring: langQuerySchema,
        response: { 200: envelopeSchema(adminOrderSchema), ...failures },
      },
      config: { permission: view },
    },
    async (request) => success(await existing(request.params.id.toLowerCase())),
  );

  r.put(
    '/orders/:id',
    {
      schema: {
        summary: 'Save OrderEdit: rows, discount, fee, comments with the version it read; 409 when stale or stock is short',
        tags: ['admin'],
        params: adminOrderParamsSchema,
        querystring: langQuerySchema,
        body: updateAdminOrderBodySchema,
        response: { 200: envelopeSchema(adminOrderSchema), ...failures },
      },
      config: { permission: edit },
      onRequest: staffCsrf(app),
    },
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      const b = request.body;
      const saved = await saving(request, reply, () =>
        editOrder(
          deps.store,
          {
            orderId: id,
            expectedVersion: b.version,
            rows: b.rows.map((row) => ({ productId: row.productId?.toLowerCase() ?? null, code: row.code, name: row.name, quantity: row.quantity, unit: row.unit, unitPriceCents: row.unitPriceCents })),
            discountCents: b.discountCents,
            serviceFeeCents: b.serviceFeeCents,
            employeeComment: b.employeeComment,
            invoiceComment: b.invoiceComment,
          },
          request.commandContext(),
          { catalog },
        ),
      );
      if (saved === undefined) return reply;
      return success(await listed(await existing(id)));
    },
  );

  r.post(
    '/orders/:id/paid',
    {
      schema: {
        summary: 'Mark an order paid or not paid (spec 4 "Order flags")',
        tags: ['admin'],
        params: adminOrderParamsSchema,
        querystring: langQuerySchema,
        body: adminOrderPaidBodySchema,
        response: { 200: envelopeSchema(adminOrderSchema), ...failures },
      },
      config: { permission: edit },
      onRequest: staffCsrf(app),
    },
    async (request) => {
      const id = request.params.id.toLowerCase();
      await existing(id);
      const ctx = request.commandContext();
      if (request.body.paid) await markOrderPaid(deps.store, { orderId: id }, ctx);
      else await markOrderUnpaid(deps.store, { orderId: id }, ctx);
      return success(await listed(await existing(id)));
    },
  );

  r.post(
    '/orders/:id/filled',
    {
      schema: {
        summary: 'Mark an order filled (ships its reserved stock) or not filled (returns it) (spec 4 "Order flags")',
        tags: ['admin'],
        params: adminOrderParamsSchema,
        querystring: langQuerySchema,
        body: adminOrderFilledBodySchema,
        response: { 200: envelopeSchema(adminOrderSchema), ...failures },
      },
      config: { permission: edit },
      onRequest: staffCsrf(app),
    },
    async (request) => {
      const id = request.params.id.toLowerCase();
      await existing(id);
      const ctx = request.commandContext();
      if (request.body.filled) await markOrderFilled(deps.store, { orderId: id }, ctx);
      else await markOrderUnfilled(deps.store, { orderId: id }, ctx);
      return success(await listed(await existing(id)));
    },
  );
}
