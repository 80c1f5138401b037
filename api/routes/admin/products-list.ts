/**
 * ProductList and stock for staff (staff products, "Stock and warehouses"; spec 2 ProductList, spec 4, spec 5
 * stock update input, spec 9 back-office sorts), under /v1/admin behind the staff guard. Contract:
 * api/contracts/admin-products.ts (the ProductList block).
 *
 * - GET /products?q=&category=&policy=&visibility=&stock=in|low|out&noImage=1&noCategory=1&sort=&page=&pageSize=
 *   (permission products.view): one page of every product from the catalog read model
 *   (projections/catalog/admin-product-list.ts), the total, and the warehouses for the stock columns.
 * - POST /products/{id}/stock {warehouse, input, reason?, receipt?} (permission stock.edit, staff CSRF): the input
 *   parsed by domain/stock/stock-input.ts ('+10' AdjustStock +10, or ReceiveStock with `receipt: true'; '-10'
 *   AdjustStock -10; '10' CountStock 10); the events carry the signed-in user in metadata.userId and the reason.
 *   Answers the product's stock per warehouse from its stream (not the read model, which follows a moment later).
 *   Failures: 400 stock.input_invalid / stock.input_not_whole / stock.input_too_large / stock.reason_invalid /
 *   stock.warehouse_unknown (field input, reason or warehouse); 404 product.not_found; 409 stock.negative (the
 *   message names what is in stock) and stock.warehouse_inactive.
 * - GET /products/{id}/stock-history?warehouse=&page= (permission products.view): the stock-movements read model,
 *   newest first, 50 a page, with the staff member's username and the order's number.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adjustStock } from '../../../commands/stock/adjust-stock.js';
import { countStock } from '../../../commands/stock/count-stock.js';
import { receiveStock } from '../../../commands/stock/receive-stock.js';
import type { HandledCommand } from '../../../commands/shared/command-handler.js';
import { loadAggregate } from '../../../commands/shared/load-aggregate.js';
import { imageSources } from '../../../domain/file/image-ref.js';
import { productDecider, toProductStreamId } from '../../../domain/product/product.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { parseStockInput } from '../../../domain/stock/stock-input.js';
import { stockDecider, type StockEvent, type StockState, toStockStreamId } from '../../../domain/stock/stock.js';
import type { EventStore } from '../../../platform/event-store/port.js';
import { listAdminProducts } from '../../../projections/catalog/admin-product-list.js';
import { listStockMovements } from '../../../projections/stock-movements/queries.js';
import { listWarehouses } from '../../../projections/warehouses/queries.js';
import {
  adminProductListQuerySchema,
  adminProductListSchema,
  adminProductParamsSchema,
  adminStockHistoryQuerySchema,
  adminStockHistorySchema,
  adminStockUpdateBodySchema,
  adminStockUpdateResultSchema,
  type AdminWarehouseStock,
} from '../../contracts/admin-products.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { type ApiLanguage, filledMessage, requestLanguage } from '../../plugins/messages.js';
import { staffCsrf } from '../../plugins/staff-guard.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema };

/** @throws ApiError 404 product.not_found when the product was never created. */
async function assertProductExists(store: EventStore, productId: string): Promise<void> {
  const { state } = await loadAggregate(store, toProductStreamId(productId), productDecider);
  if (state.status === 'empty') throw new ApiError('product.not_found', 404, 'id');
}

/** The product's stock per warehouse (free, reserved, both) in a Stock state, warehouses in id order. */
function stockView(state: StockState): AdminWarehouseStock[] {
  const reserved: Record<string, number> = {};
  for (const held of Object.values(state.reservations)) for (const [w, n] of Object.entries(held)) reserved[w] = (reserved[w] ?? 0) + n;
  const ids = [...new Set([...Object.keys(state.onHand), ...Object.keys(reserved)])].sort();
  return ids.map((w) => ({ warehouse: w, available: state.onHand[w] ?? 0, reserved: reserved[w] ?? 0, onHand: (state.onHand[w] ?? 0) + (reserved[w] ?? 0) }));
}

/** 'Only 4 in stock in Tallinn: cannot take 10' (api/plugins/messages.ts) in the user's language, as a 409 on field `input`. */
function notEnoughStock(language: ApiLanguage, warehouse: string, available: number, take: number): DomainError {
  const text = filledMessage('stock.negative_in_warehouse', language, { warehouse, available: String(available), take: String(take) });
  return new DomainError('stock.negative', 'conflict', text, 'input', { problems: [{ code: 'stock.negative', field: 'input', message: text }] });
}

/** The plugin (registered by api/routes/admin/index.ts). */
export async function adminProductListRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/products',
    {
      schema: {
        summary: 'ProductList: products by part number or name, filtered, sorted (spec 9 back-office sorts) and paged, with stock per warehouse',
        tags: ['admin'],
        querystring: adminProductListQuerySchema,
        response: { 200: envelopeSchema(adminProductListSchema), ...failures },
      },
      config: { permission: 'products.view' },
    },
    async (request) => {
      const q = request.query;
      const page = q.page ?? 1;
      const pageSize = q.pageSize ?? 24;
      const [list, warehouses] = await Promise.all([
        listAdminProducts(deps.db as never, {
          q: q.q,
          categoryId: q.category?.toLowerCase(),
          policy: q.policy,
          visibility: q.visibility,
          stock: q.stock,
          noImage: q.noImage,
          noCategory: q.noCategory,
          sort: q.sort ?? 'newest',
          page,
          pageSize,
          language: requestLanguage(q, request.headers['accept-language']),
          now: deps.now(),
        }),
        listWarehouses(deps.db),
      ]);
      // The list shows the 160 px rendition of an uploaded image (an imported URL as it is).
      const products = list.products.map((p) => ({ ...p, image: p.image ? imageSources(p.image).thumbnail : null }));
      return success({ products, total: list.total, page, pageSize, warehouses });
    },
  );

  r.post(
    '/products/:id/stock',
    {
      schema: {
        summary: "Set a product's stock in one warehouse with the spec's input: '+10' adds, '-10' subtracts, '10' overwrites (count)",
        tags: ['admin'],
        params: adminProductParamsSchema,
        querystring: langQuerySchema,
        body: adminStockUpdateBodySchema,
        response: { 200: envelopeSchema(adminStockUpdateResultSchema), ...failures },
      },
      config: { permission: 'stock.edit' },
      onRequest: staffCsrf(app),
    },
    async (request) => {
      const productId = request.params.id;
      const { warehouse, reason, receipt } = request.body;
      const input = parseStockInput(request.body.input);
      await assertProductExists(deps.store, productId);
      const ctx = request.commandContext();
      // One command; its handler's result carries the stream's state and version after it (no second read).
      let result: HandledCommand<StockEvent, StockState>;
      let kind: 'received' | 'adjusted' | 'counted';
      try {
        if (input.kind === 'count') {
          [kind, result] = ['counted', await countStock(deps.store, { productId, warehouseId: warehouse, quantity: input.quantity, reason }, ctx)];
        } else if (input.delta > 0 && receipt) {
          [kind, result] = ['received', await receiveStock(deps.store, { productId, warehouseId: warehouse, quantity: input.delta, reason }, ctx)];
        } else {
          [kind, result] = ['adjusted', await adjustStock(deps.store, { productId, warehouseId: warehouse, delta: input.delta, reason }, ctx)];
        }
      } catch (error) {
        if (error instanceof DomainError && error.code === 'stock.negative' && input.kind === 'adjust') {
          // Refused: what is free now, for the message (the refusal's own read is not handed out).
          const { state } = await loadAggregate(deps.store, toStockStreamId(productId), stockDecider);
          const names = new Map((await listWarehouses(deps.db)).map((w) => [w.id, w.name]));
          const available = state.onHand[warehouse] ?? 0;
          throw notEnoughStock(requestLanguage(request.query, request.headers['accept-language']), names.get(warehouse) ?? warehouse, available, -input.delta);
        }
        if (error instanceof DomainError && (error.field === 'delta' || error.field === 'quantity')) {
          throw new DomainError(error.code, error.category, error.message, 'input', error.details);
        }
        throw error;
      }
      const recorded = result.events.length ? kind : null;
      return success({ productId, warehouse, recorded, stock: stockView(result.state), version: Number(result.version) });
    },
  );

  r.get(
    '/products/:id/stock-history',
    {
      schema: {
        summary: "A product's stock movements, newest first, of one warehouse or all: who or what, change, resulting quantity, reason",
        tags: ['admin'],
        params: adminProductParamsSchema,
        querystring: adminStockHistoryQuerySchema,
        response: { 200: envelopeSchema(adminStockHistorySchema), ...failures },
      },
      config: { permission: 'products.view' },
    },
    async (request) => {
      const productId = request.params.id;
      const history = await listStockMovements(deps.db as never, { productId, warehouseId: request.query.warehouse ?? null, page: request.query.page ?? 1 });
      if (history.total === 0) await assertProductExists(deps.store, productId);
      return success({ productId, ...history });
    },
  );
}
