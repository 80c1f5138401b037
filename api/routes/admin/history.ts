/**
 * The audit timeline (spec 2 "Admin area"; spec 6 "Roles and permissions"): GET
 * /v1/admin/history/{stream}?asOf=&before=&limit= under /v1/admin, permission `history.view` and the view permission
 * of the stream's area (domain/history/timeline.ts HISTORY_VIEW_PERMISSIONS: `product-`, `stock-` and `category-`
 * streams `products.view`, `user-` `users.manage`, `client-` `clients.view`, `order-` `orders.view`, `page-`,
 * `menu-main` and `site` `pages.view`, `album-`, `folder-` and `file-` `files.view`; 403 otherwise), so a timeline shows only what the area's own screens show the
 * user. A stream name is exactly `{kind}-{uuid}` or one of the single streams `menu-main`, `site`; any
 * other (`stock-notification-...`, whose events hold a shopper's e-mail) is 400 `history.stream_invalid`. Contract:
 * api/contracts/admin-history.ts.
 *
 * Reads the stream from the event store (no read model: the timeline is the stream), folds it oldest first with the
 * aggregate's own `evolve` (domain/history/timeline.ts) to pair each event with the fields it changed, keeps those at
 * or before `asOf`, and answers one page newest first. Who: metadata.userId resolved to the username through the
 * users read model; no user: 'shopper' or 'system' (`anonymousActor`). Password hashes never leave: they are cut
 * from the events' data and from the folded state.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadAggregate, readWholeStream } from '../../../commands/shared/load-aggregate.js';
import { categoryDecider, toCategoryStreamId } from '../../../domain/category/category.js';
import { keyIdsOf, toClientEvent } from '../../../domain/client/events.js';
import { anonymousActor, foldTimeline, HISTORY_VIEW_PERMISSIONS, parseHistoryStream, withoutSecrets, type HistoryKind } from '../../../domain/history/timeline.js';
import { productDecider, toProductStreamId } from '../../../domain/product/product.js';
import { can } from '../../../domain/user/permissions.js';
import type { EventStore, RecordedEvent } from '../../../platform/event-store/port.js';
import { loadPersonalDataKeys, sealOpener } from '../../../platform/security/personal-data.js';
import { listUsers } from '../../../projections/users/queries.js';
import { listWarehouses } from '../../../projections/warehouses/queries.js';
import { HISTORY_PAGE_DEFAULT, historyParamsSchema, historyQuerySchema, historySchema, type HistoryEvent } from '../../contracts/admin-history.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { ApiError, success } from '../../plugins/errors.js';
import { requestLanguage } from '../../plugins/messages.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema, 404: failureEnvelopeSchema };

/** What the stream is about, for the sentences: a product's code1, a category's name in `lang`, a username. */
async function subjectOf(store: EventStore, kind: HistoryKind, id: string, state: Record<string, unknown>, lang: 'et' | 'en'): Promise<string | null> {
  if (kind === 'user') return typeof state.username === 'string' ? state.username : null;
  if (kind === 'client') {
    const d = state.details as { firstName?: string; lastName?: string; businessName?: string } | null | undefined;
    return d ? d.businessName || [d.firstName, d.lastName].filter(Boolean).join(' ') || null : null;
  }
  if (kind === 'order') return typeof state.number === 'number' ? `#${state.number}` : null;
  if (kind === 'page') {
    const title = (state.draft as { title?: { et: string; en: string } } | null | undefined)?.title;
    return title ? title[lang] || title.et || null : null;
  }
  if (kind === 'menu' || kind === 'site') return null;
  if (kind === 'album') {
    const names = state.names as { et: string; en: string } | undefined;
    return names ? names[lang] || names.et || null : null;
  }
  if (kind === 'filter') return id;
  if (kind === 'folder' || kind === 'file') return typeof state.name === 'string' ? state.name : null;
  // A stream that does not fold (a malformed event) names no subject; the timeline itself still shows.
  if (kind === 'category') {
    const category = await loadAggregate(store, toCategoryStreamId(id), categoryDecider).catch(() => null);
    return !category || category.state.status === 'empty' ? null : category.state.names[lang] || category.state.names.et;
  }
  const product = await loadAggregate(store, toProductStreamId(id), productDecider).catch(() => null);
  return !product || product.state.status === 'empty' ? null : product.state.code1;
}

/**
 * Client streams hold their personal data sealed: the events are shown opened with the client's key
 * (`details`; null once the client was forgotten and the key deleted), never the seal. Other streams as stored.
 */
async function openPersonalData(db: Parameters<typeof loadPersonalDataKeys>[0], kind: HistoryKind, events: RecordedEvent[]): Promise<RecordedEvent[]> {
  if (kind !== 'client') return events;
  const open = sealOpener(await loadPersonalDataKeys(db, keyIdsOf(events)));
  return events.map((e) => {
    try {
      return { ...e, data: toClientEvent(e, open).data };
    } catch {
      // A malformed event: shown without its seal, changing nothing.
      const { personal: _sealed, ...rest } = (e.data ?? {}) as Record<string, unknown>;
      return { ...e, data: rest };
    }
  });
}

/**
 * Order streams: an event's data without the client's personal data (name, e-mail, phone, VAT number,
 * addresses, the shopper's comment, the invoice recipient), which the order screen shows and 'forget this client'
 * removes; only the customer type stays. Applied to what is answered, after the fold (the aggregate's parser needs the
 * whole event; its folded state holds none of these fields).
 */
function withoutOrderPersonalData(event: RecordedEvent): RecordedEvent {
  const data = event.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object') return event;
  const { client, delivery, shortContactAddress: _a, comment: _c, userComment: _u, recipient: _r, email: _e, ...rest } = data;
  const out: Record<string, unknown> = { ...rest };
  if (client && typeof client === 'object') out.client = { type: (client as { type?: unknown }).type };
  if (delivery && typeof delivery === 'object') {
    const { address: _addr, ...where } = delivery as Record<string, unknown>;
    out.delivery = where;
  }
  return { ...event, data: out };
}

/** `asOf` as an ISO-8601 UTC string, or null when absent. @throws ApiError 400 history.as_of_invalid */
function parseAsOf(asOf: string | undefined): string | null {
  if (asOf === undefined || asOf === '') return null;
  // A date and time (seconds and zone optional): 2026-11-22T10:00, 2026-11-22T10:00:00.000Z, ...+02:00.
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(asOf)) throw new ApiError('history.as_of_invalid', 400, 'asOf');
  const ms = Date.parse(asOf);
  if (Number.isNaN(ms)) throw new ApiError('history.as_of_invalid', 400, 'asOf');
  return new Date(ms).toISOString();
}

export async function adminHistoryRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/history/:stream',
    {
      schema: {
        summary: "A stream's audit timeline, newest first, with who, the changed fields and the state as of a time",
        tags: ['admin'],
        params: historyParamsSchema,
        querystring: historyQuerySchema,
        response: { 200: envelopeSchema(historySchema), ...failures },
      },
      config: { permission: 'history.view' },
    },
    async (request) => {
      const target = parseHistoryStream(request.params.stream);
      if (!target) throw new ApiError('history.stream_invalid', 400, 'stream');
      // Each area's timeline to those who may view the area (spec 6): history.view alone opens none.
      if (!can(request.staffUser, HISTORY_VIEW_PERMISSIONS[target.kind])) throw new ApiError('forbidden', 403);
      const asOf = parseAsOf(request.query.asOf);
      const limit = request.query.limit ?? HISTORY_PAGE_DEFAULT;
      const stream = request.params.stream;

      const all = await openPersonalData(deps.db, target.kind, await readWholeStream(deps.store, stream));
      if (all.length === 0) throw new ApiError('history.not_found', 404, 'stream');
      const shown = asOf === null ? all : all.filter((e) => Date.parse(String(e.metadata.time)) <= Date.parse(asOf));
      const { entries, state } = foldTimeline(target.kind, shown);

      const older = entries.filter((e) => request.query.before === undefined || Number(e.event.streamPosition) < request.query.before);
      const page = older.slice(-limit).reverse();
      const nextBefore = older.length > limit ? Number(page[page.length - 1]!.event.streamPosition) : null;

      const usernames = new Map((await listUsers(deps.db)).map((u) => [u.id, u.username]));
      const events: HistoryEvent[] = page.map(({ event, changes }) => {
        const userId = typeof event.metadata.userId === 'string' && event.metadata.userId ? event.metadata.userId : null;
        return {
          id: event.id,
          type: event.type,
          time: String(event.metadata.time),
          streamPosition: Number(event.streamPosition),
          globalPosition: event.globalPosition.toString(),
          checkpoint: event.checkpoint,
          actor: userId ? { kind: 'staff', userId, username: usernames.get(userId) ?? null } : { kind: anonymousActor(event), userId: null, username: null },
          data: withoutSecrets(((target.kind === 'order' ? withoutOrderPersonalData(event).data : event.data) ?? {}) as Record<string, unknown>),
          metadata: withoutSecrets(event.metadata as Record<string, unknown>),
          changes,
        };
      });
      const lang = requestLanguage(request.query, request.headers['accept-language']) === 'en' ? 'en' : 'et';
      const warehouses = target.kind === 'stock' ? Object.fromEntries((await listWarehouses(deps.db)).map((w) => [w.id, w.name])) : {};
      return success({
        stream,
        kind: target.kind,
        subject: await subjectOf(deps.store, target.kind, target.id, state, lang),
        warehouses,
        asOf,
        version: all.length,
        events,
        nextBefore,
        state,
      });
    },
  );
}
