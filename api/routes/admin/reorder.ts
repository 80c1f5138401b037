/**
 * Sell-through, days of cover and reorder suggestions (docs/analytics.md "Sell-through, days of
 * cover and reorder suggestions"; analytics/sell-through), under /v1/admin:
 *
 * GET /analytics/sell-through?range=&format=csv (statistics.view) — per product and warehouse over the range: units
 * sold and received, days in stock, stock on hand, units a day over the in-stock days, days of cover, sell-through
 * (sold / (sold + on hand)), open back-in-stock requests; and the units sold and received per day (the chart).
 * GET /analytics/reorder-suggestions?range=&serviceLevel=90|95|98&format=csv (statistics.view) — the products whose
 * stock is at or below their reorder point, with quantity (whole packs) and the reason in the request's language
 * (analytics/sell-through/reorder.ts).
 * POST /purchase-lists (stock.edit, staff CSRF) — accept suggestions in bulk: the quantities are computed again on
 * the server for the range and service level shown; one PurchaseListCreated (domain/purchase-list) with the staff
 * member; 201 the list. A suggestion no longer there answers 409 `purchase_list.suggestion_invalid`.
 * GET /purchase-lists (statistics.view) — the newest 50 lists; GET /purchase-lists/{id}?format=csv — one list's
 * lines, or the supplier's CSV (code, product, warehouse, quantity, packs, reason).
 *
 * CSV: RFC 4180 with the formula guard (platform/documents/csv.ts), headings in the request's language. A range or
 * service level not offered answers 400 in the envelope, in the request's language.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reorderFigures, reorderReason, SERVICE_LEVELS, type ServiceLevel } from '../../../analytics/sell-through/reorder.js';
import { sellThroughPerDay, sellThroughRows, type SellThroughRow } from '../../../analytics/sell-through/queries.js';
import { createPurchaseList } from '../../../commands/purchase-list/create-purchase-list.js';
import { statisticsDateRange, tallinnDate } from '../../../domain/search/statistics-ranges.js';
import { listPurchaseLists, purchaseListLines } from '../../../projections/purchase-lists/queries.js';
import {
  createPurchaseListBodySchema,
  purchaseListParamsSchema,
  purchaseListQuerySchema,
  purchaseListSchema,
  purchaseListsResponseSchema,
  reorderQuerySchema,
  reorderResponseSchema,
  type ReorderSuggestionRow,
  sellThroughQuerySchema,
  sellThroughResponseSchema,
  type SellThroughRowData,
} from '../../contracts/admin-reorder.js';
import type { StatisticsRangeName } from '../../contracts/admin-statistics.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';
import { readModelWaitMs } from '../../plugins/read-model-wait.js';
import { staffCsrf } from '../../plugins/staff-guard.js';
import { jsonOrCsvResponse, sendCsv } from '../../plugins/csv-answer.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema, 409: failureEnvelopeSchema };

const SELL_THROUGH_CSV = {
  et: ['Kood', 'Toode', 'Ladu', 'Müüdud', 'Saabunud', 'Laopäevi', 'Laoseis', 'Päevas', 'Jätkub päevadeks', 'Läbimüük (%)', 'Ootel teavitusi', 'Soovitud kogus'],
  en: ['Code', 'Product', 'Warehouse', 'Sold', 'Received', 'Days in stock', 'On hand', 'A day', 'Days of cover', 'Sell-through (%)', 'Waiting requests', 'Units asked'],
} as const;
const REORDER_CSV = {
  et: ['Kood', 'Toode', 'Ladu', 'Laoseis', 'Päevas', 'Jätkub päevadeks', 'Tarneaeg (päeva)', 'Kindlusvaru', 'Tellimispunkt', 'Tellida', 'Pakke', 'Põhjus'],
  en: ['Code', 'Product', 'Warehouse', 'On hand', 'A day', 'Days of cover', 'Lead time (days)', 'Safety stock', 'Reorder point', 'Order', 'Packs', 'Reason'],
} as const;
const LIST_CSV = {
  et: ['Kood', 'Toode', 'Ladu', 'Kogus', 'Põhjus'],
  en: ['Code', 'Product', 'Warehouse', 'Quantity', 'Reason'],
} as const;

const fixed = (n: number | null, digits = 1) => (n === null ? '' : n.toFixed(digits));

/** A row of the analysis with its speed, days of cover and sell-through. */
export function sellThroughOf(r: SellThroughRow): SellThroughRowData {
  const f = reorderFigures(r, { leadTimeDays: r.leadTimeDays, packSize: r.packSize }, 0);
  const base = Math.max(0, r.sold) + Math.max(0, r.onHand);
  return {
    productId: r.productId,
    code: r.code,
    name: r.name,
    warehouseId: r.warehouseId,
    warehouseName: r.warehouseName,
    sold: r.sold,
    received: r.received,
    inStockDays: r.inStockDays,
    demandDays: r.demandDays,
    rangeDays: r.rangeDays,
    onHand: r.onHand,
    dailyDemand: f.dailyDemand,
    daysOfCover: f.daysOfCover,
    sellThrough: base > 0 ? Math.max(0, r.sold) / base : null,
    openRequests: r.openRequests,
    requestedUnits: r.requestedUnits,
  };
}

/** The suggestions of `rows` at service level `level`, fewest days of cover first; reasons in both languages. */
export function suggestionsOf(rows: SellThroughRow[], level: ServiceLevel): (Omit<ReorderSuggestionRow, 'reason'> & { reason: { et: string; en: string } })[] {
  const z = SERVICE_LEVELS[level];
  return rows
    .map((r) => {
      const settings = { leadTimeDays: r.leadTimeDays, packSize: r.packSize };
      const f = reorderFigures(r, settings, z);
      return {
        productId: r.productId,
        code: r.code,
        name: r.name,
        warehouseId: r.warehouseId,
        warehouseName: r.warehouseName,
        onHand: r.onHand,
        dailyDemand: f.dailyDemand,
        demandDays: r.demandDays,
        daysOfCover: f.daysOfCover,
        leadTimeDays: r.leadTimeDays,
        packSize: r.packSize,
        settingsSet: r.settingsSet,
        safetyStock: f.safetyStock,
        reorderPoint: f.reorderPoint,
        quantity: f.quantity,
        packs: f.packs,
        openRequests: r.openRequests,
        reason: { et: reorderReason(f, r.demandDays, settings, 'et'), en: reorderReason(f, r.demandDays, settings, 'en') },
      };
    })
    .filter((s) => s.quantity > 0)
    .sort((a, b) => (a.daysOfCover ?? 0) - (b.daysOfCover ?? 0) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) || (a.warehouseId < b.warehouseId ? -1 : 1));
}

export async function adminReorderRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = 'statistics.view' as const;

  r.get(
    '/analytics/sell-through',
    {
      schema: {
        summary: 'Sell-through and days of cover per product and warehouse over a statistics range (JSON, or text/csv with format=csv)',
        tags: ['admin'],
        querystring: sellThroughQuerySchema,
        response: { 200: jsonOrCsvResponse(sellThroughResponseSchema, 'The rows and the units per day (JSON), or every row as CSV'), ...failures },
      },
      config: { permission: read },
    },
    async (request, reply) => {
      const query = request.query;
      const now = deps.now();
      const today = tallinnDate(now);
      const range = statisticsDateRange(query.range, now);
      if (query.format === 'csv') {
        const language = requestLanguage(query, request.headers['accept-language']);
        const rows = (await sellThroughRows(deps.db, range, today, { limit: null })).map(sellThroughOf);
        return sendCsv(reply, `sell-through-${query.range}-${range.from ?? today}.csv`, [
          [...SELL_THROUGH_CSV[language]],
          ...rows.map((x) => [x.code, x.name[language] || x.name.et || x.name.en, x.warehouseName, x.sold, x.received, x.inStockDays, x.onHand, fixed(x.dailyDemand, 2), fixed(x.daysOfCover), x.sellThrough === null ? '' : (x.sellThrough * 100).toFixed(1), x.openRequests, x.requestedUnits]),
        ]);
      }
      const [rows, perDay] = await Promise.all([sellThroughRows(deps.db, range, today), sellThroughPerDay(deps.db, range, today)]);
      return reply.header('cache-control', 'private, no-store').send(success({ range: query.range, from: range.from, to: range.to, rows: rows.map(sellThroughOf), perDay }));
    },
  );

  r.get(
    '/analytics/reorder-suggestions',
    {
      schema: {
        summary: 'Reorder suggestions per product and warehouse: reorder point, quantity in whole packs and the reason (JSON, or text/csv with format=csv)',
        tags: ['admin'],
        querystring: reorderQuerySchema,
        response: { 200: jsonOrCsvResponse(reorderResponseSchema, 'The suggestions (JSON) or as CSV'), ...failures },
      },
      config: { permission: read },
    },
    async (request, reply) => {
      const query = request.query;
      const now = deps.now();
      const today = tallinnDate(now);
      const range = statisticsDateRange(query.range, now);
      const language = requestLanguage(query, request.headers['accept-language']);
      const suggestions = suggestionsOf(await sellThroughRows(deps.db, range, today, { limit: null }), query.serviceLevel);
      if (query.format === 'csv') {
        return sendCsv(reply, `reorder-suggestions-${query.range}-${today}.csv`, [
          [...REORDER_CSV[language]],
          ...suggestions.map((s) => [s.code, s.name[language] || s.name.et || s.name.en, s.warehouseName, s.onHand, fixed(s.dailyDemand, 2), fixed(s.daysOfCover), s.leadTimeDays, s.safetyStock, s.reorderPoint, s.quantity, s.packs, s.reason[language]]),
        ]);
      }
      return reply.header('cache-control', 'private, no-store').send(
        success({ range: query.range, from: range.from, to: range.to, serviceLevel: query.serviceLevel, suggestions: suggestions.map((s) => ({ ...s, reason: s.reason[language] })) }),
      );
    },
  );

  r.post(
    '/purchase-lists',
    {
      schema: {
        summary: 'Accept reorder suggestions in bulk: records a purchase list (PurchaseListCreated) with the quantities computed again',
        tags: ['admin'],
        body: createPurchaseListBodySchema,
        querystring: z.object({ lang: z.string().optional() }),
        response: { 201: envelopeSchema(purchaseListSchema), ...failures },
      },
      config: { permission: 'stock.edit' },
      onRequest: staffCsrf(app),
    },
    async (request, reply) => {
      const body = request.body;
      const now = deps.now();
      const productIds = [...new Set(body.items.map((i) => i.productId))];
      const rows = await sellThroughRows(deps.db, statisticsDateRange(body.range as StatisticsRangeName, now), tallinnDate(now), { limit: null, productIds });
      const byKey = new Map(suggestionsOf(rows, body.serviceLevel).map((s) => [`${s.productId}\u0000${s.warehouseId}`, s]));
      const lines = body.items.map((i) => {
        const s = byKey.get(`${i.productId}\u0000${i.warehouseId}`);
        if (!s) throw new ApiError('purchase_list.suggestion_invalid', 409, 'items');
        return { productId: s.productId, warehouseId: s.warehouseId, quantity: s.quantity, reason: s.reason };
      });
      const listId = randomUUID();
      await createPurchaseList(deps.store, { listId, lines, serviceLevel: body.serviceLevel, range: body.range }, request.commandContext());
      // Read your writes: the list's answer waits for the read model (at most 3 s on a normal day).
      const deadline = Date.now() + readModelWaitMs(3000);
      let list = await purchaseListLines(deps.db, listId);
      while (!list && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        list = await purchaseListLines(deps.db, listId);
      }
      reply.status(201);
      if (list) return success(list);
      // The read model lags further: answer from what was recorded.
      return success({
        list: { id: listId, createdAt: now, createdBy: request.staffUser?.id ?? null, createdByName: null, serviceLevel: body.serviceLevel, range: body.range, lineCount: lines.length, units: lines.reduce((n, l) => n + l.quantity, 0) },
        lines: lines.map((l, i) => {
          const s = byKey.get(`${l.productId}\u0000${l.warehouseId}`)!;
          return { n: i + 1, productId: l.productId, code: s.code, name: s.name, warehouseId: l.warehouseId, warehouseName: s.warehouseName, quantity: l.quantity, reason: l.reason };
        }),
      });
    },
  );

  r.get(
    '/purchase-lists',
    {
      schema: { summary: 'The newest 50 purchase lists', tags: ['admin'], querystring: z.object({ lang: z.string().optional() }), response: { 200: envelopeSchema(purchaseListsResponseSchema), ...failures } },
      config: { permission: read },
    },
    async (_request, reply) => reply.header('cache-control', 'private, no-store').send(success({ lists: await listPurchaseLists(deps.db) })),
  );

  r.get(
    '/purchase-lists/:id',
    {
      schema: {
        summary: "One purchase list's lines (JSON), or the supplier's CSV with format=csv",
        tags: ['admin'],
        params: purchaseListParamsSchema,
        querystring: purchaseListQuerySchema,
        response: { 200: jsonOrCsvResponse(purchaseListSchema, 'The list and its lines (JSON), or its lines as CSV'), ...failures },
      },
      config: { permission: read },
    },
    async (request, reply) => {
      const found = await purchaseListLines(deps.db, request.params.id);
      if (!found) throw new ApiError('purchase_list.not_found', 404);
      if (request.query.format === 'csv') {
        const language = requestLanguage(request.query, request.headers['accept-language']);
        return sendCsv(reply, `purchase-list-${found.list.createdAt.slice(0, 10)}-${found.list.id.slice(0, 8)}.csv`, [
          [...LIST_CSV[language]],
          ...found.lines.map((l) => [l.code, l.name[language] || l.name.et || l.name.en, l.warehouseName, l.quantity, l.reason[language]]),
        ]);
      }
      return reply.header('cache-control', 'private, no-store').send(success(found));
    },
  );
}
