/**
 * One page version and a page "as of" an instant (spec 2 "page settings": the version history; docs/architecture.md
 * section 9 "The audit timeline": 'as of', so staff can read the terms of sale as they were when an order was placed).
 *
 * - GET /v1/admin/pages/{id}/versions/{revision}: one saved version's whole document (the Versions tab's diff).
 * - GET /v1/admin/pages/{ref}/as-of?at=<ISO-8601 instant>: the version guests were shown at `at`, replayed from the
 *   page's own events up to then; 404 when the page was not published then.
 *
 * Imports nothing but zod and sibling contracts.
 */
import { z } from 'zod';
import { pageEditSchema } from './pages-admin.js';

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'a uuid');
const LANG = z.enum(['et', 'en']).optional();

/** A whole page document (domain/page/page-doc.ts PageVersionDoc). */
export const pageVersionDocSchema = pageEditSchema.shape.draft;
export type PageVersionDocView = z.infer<typeof pageVersionDocSchema>;

export const pageVersionParamsSchema = z.object({ id: uuid, revision: z.string().regex(/^[1-9]\d{0,6}$/, 'a revision number').transform(Number) });
export const pageVersionQuerySchema = z.object({ lang: LANG });

/** One version with who saved it (username) and when (ISO-8601), and the revision it restores (if any). */
export const pageVersionFullSchema = z.object({
  pageId: z.string(),
  revision: z.number(),
  savedBy: z.string().nullable(),
  savedAt: z.string().nullable(),
  restoredFrom: z.number().nullable(),
  doc: pageVersionDocSchema,
});
export type PageVersionFull = z.infer<typeof pageVersionFullSchema>;

/** A page by id (uuid) or URL name (any of its names, present or past); `id` as the other page routes name it. */
export const pageAsOfParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'a page id or URL name') });
/** `at`: an ISO-8601 date and time with its zone (e.g. 2026-11-22T12:00:00.000Z or 2026-11-22T14:00+02:00). */
export const pageAsOfQuerySchema = z.object({
  at: z
    .string()
    .max(40)
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/, 'an ISO-8601 instant')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'an ISO-8601 instant'),
  lang: LANG,
});

/** The published version at `at`: its document, when and by whom it was published, and its visibility then. */
export const pageAsOfSchema = z.object({
  pageId: z.string(),
  /** The instant asked, normalised (ISO-8601 UTC). */
  at: z.string(),
  revision: z.number(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
  /** What the visibility rule said at `at` (guests saw the page only while `visible`). */
  stateThen: z.enum(['visible', 'hidden', 'inaccessible']),
  doc: pageVersionDocSchema,
});
export type PageAsOf = z.infer<typeof pageAsOfSchema>;
