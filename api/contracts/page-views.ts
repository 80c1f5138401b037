/**
 * Page view contract (spec 7 "Analytics page views are sent on route change", first-party: POST /v1/page-view;
 * platform/analytics/page-views.ts). Imports nothing but zod.
 */
import { z } from 'zod';
import { safeString } from './text.js';

/** Longest path kept, in characters. */
export const MAX_PAGE_VIEW_PATH = 512;

/** An in-app path: starts with one '/', no scheme or host (query and fragment are dropped by the route). */
const appPath = safeString(2048).refine((v) => v.startsWith('/') && !v.startsWith('//'), { message: 'A path starting with /' });

/**
 * Body of POST /v1/page-view: `sessionId` the random id of the tab's visit (a uuid from sessionStorage), `path` the page
 * shown, `referrer` the previous in-app path (null on the first page of a visit), `language` the page's language.
 */
export const pageViewBodySchema = z.object({
  sessionId: z.uuid(),
  path: appPath,
  referrer: appPath.nullable(),
  language: z.enum(['et', 'en']),
});
export type PageViewBody = z.input<typeof pageViewBodySchema>;
