/**
 * The audit timeline's contract: GET /v1/admin/history/{stream}?asOf=&before=&limit=,
 * permission `history.view` (and `users.manage` for a `user-` stream). Imports nothing but zod; the web's timeline
 * component (web/src/components/staff/history-timeline.tsx) reads its types.
 *
 * - `stream`: as stored, `product-{id}`, `stock-{productId}`, `category-{id}` or `user-{id}` (id: 1-100 of A-Z a-z
 *   0-9 _ -); anything else 400 `history.stream_invalid`; a stream without events 404 `history.not_found`.
 * - `asOf`: an ISO-8601 time; only the events at or before it, and `state` is the stream's state then.
 * - `before` / `limit`: a page of at most `limit` (1-500, default 200) events with a stream position below `before`;
 *   `nextBefore` is the value for the next (older) page, null on the last one.
 */
import { z } from 'zod';

export const HISTORY_PAGE_DEFAULT = 200;
export const HISTORY_PAGE_MAX = 500;

/** Path of GET /v1/admin/history/{stream}; the name is checked by the route (a clear 400 in the envelope). */
export const historyParamsSchema = z.object({ stream: z.string().max(200) });

/** Query of GET /v1/admin/history/{stream}; bad values answer 400 on their field. */
export const historyQuerySchema = z.object({
  lang: z.string().optional(),
  asOf: z.string().max(40).optional(),
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).optional(),
});

/** Who caused an event: a staff member (metadata.userId, named by the users read model), a shopper or the system. */
export const historyActorSchema = z.object({
  kind: z.enum(['staff', 'shopper', 'system']),
  userId: z.string().nullable(),
  /** The staff member's username; null for a shopper, the system, or a user that no longer exists. */
  username: z.string().nullable(),
});

/** What happened to one entry of a list the timeline shows entry by entry (the menu: domain/menu/menu-changes.ts). */
export const historyEntryChangeSchema = z.enum(['added', 'removed', 'moved', 'renamed', 'changed']);

/**
 * One field an event changed (dotted path into the folded state, e.g. `onHand.tallinn`, `names.et`). The menu
 * stream's changes are one per entry (`entries.{entryId}`, before/after `{label, place, parentId, kind, target,
 * hidden}` or null) with `entryChange`: what happened to it (an entry moved and renamed has both).
 */
export const historyChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown(), entryChange: z.array(historyEntryChangeSchema).optional() });

/** One stored event with who caused it and what it changed. Secrets (password hashes) are left out of `data`. */
export const historyEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  /** When the command was decided (metadata.time, ISO-8601 UTC). */
  time: z.string(),
  /** 1-based position in the stream. */
  streamPosition: z.number(),
  /** Position in `$all` (a decimal string: a bigint) and the store's checkpoint. */
  globalPosition: z.string(),
  checkpoint: z.string(),
  actor: historyActorSchema,
  data: z.record(z.string(), z.unknown()),
  /** correlationId, causationId, userId, time and whatever else the writer recorded. */
  metadata: z.record(z.string(), z.unknown()),
  changes: z.array(historyChangeSchema),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

/** `data` of GET /v1/admin/history/{stream}. */
export const historySchema = z.object({
  stream: z.string(),
  kind: z.enum(['product', 'stock', 'category', 'user', 'client', 'order', 'page', 'menu', 'site', 'album', 'folder', 'file', 'filter']),
  /** What the stream is about, for the sentences: the product's code1 (product and stock), the category's name, the username, the page's draft title; null for the menu and the global content. */
  subject: z.string().nullable(),
  /** Warehouse id -> name (the warehouses read model), for stock sentences. */
  warehouses: z.record(z.string(), z.string()),
  /** The `asOf` asked (normalised ISO-8601), or null for now. */
  asOf: z.string().nullable(),
  /** The stream's version (all events, whatever asOf). */
  version: z.number(),
  /** Events at or before asOf (all when none), newest first, one page. */
  events: z.array(historyEventSchema),
  /** `before` of the next (older) page; null when this page reaches the first event. */
  nextBefore: z.number().nullable(),
  /** The folded state after the last event at or before asOf (secrets left out). */
  state: z.record(z.string(), z.unknown()),
});
export type History = z.infer<typeof historySchema>;
