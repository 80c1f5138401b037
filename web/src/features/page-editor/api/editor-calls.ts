/**
 * The in-page editor's calls (spec 7 "POST /v1/page, GET /v1/page/{id}?fieldsPreset=frontEdit, POST /v1/field-bulk
 * {content}, POST /v1/item-container {itemContainers}, GET /v1/item-container"; api/routes/pages/staff.ts and
 * api/routes/admin/pages.ts), through the staff helpers (a 401 leads to /session/login; texts in the interface
 * language). Each save sends the version its screen read and answers the version to send next; a stale one rejects
 * with ApiError 409 `page.changed_meanwhile` / `site.changed_meanwhile` whose message names who saved meanwhile and
 * when.
 */
import type { FieldKey } from '../../../lib/editable/editable';
import type { PageEdit, PageSaveBody } from '../../../../../api/contracts/pages-admin';
import { ApiError } from '../../../lib/api-client';
import { staffGet, staffPost } from '../../../lib/staff/session-expiry';
import type { GlobalContent, ItemContainers, Localized } from '../editor-state';

type Envelope<T> = { data: T };
/** What a page command answers (api/contracts/pages-admin.ts pageSavedSchema). */
export interface PageSaved {
  pageId: string;
  version: number;
  draftRevision: number;
  publishedRevision: number | null;
}

/** The page's frontEdit view (draft, versions, settings) for the backup and the bar. @throws ApiError 404 */
export async function getPageEdit(pageId: string, signal?: AbortSignal): Promise<PageEdit> {
  return (await staffGet<Envelope<PageEdit>>(`/v1/admin/pages/${encodeURIComponent(pageId)}`, signal)).body.data;
}

export const pageEditQueryKey = (pageId: string | undefined) => ['page-edit', pageId ?? ''] as const;

/** GET /v1/item-container: the global fields (both languages), item containers and the `site` version. */
export async function getGlobalContent(signal?: AbortSignal): Promise<GlobalContent> {
  return (await staffGet<Envelope<GlobalContent>>('/v1/item-container', signal)).body.data;
}

/** POST /v1/page: saves the draft. */
export async function savePageDraft(body: PageSaveBody): Promise<PageSaved> {
  return (await staffPost<Envelope<PageSaved>>('/v1/page', body)).body.data;
}

/** POST /v1/field-bulk `{ content, version }`. */
export async function saveGlobalFields(body: { content: Record<string, Localized>; version: number }): Promise<GlobalContent> {
  return (await staffPost<Envelope<GlobalContent>>('/v1/field-bulk', body)).body.data;
}

/** POST /v1/item-container `{ itemContainers, version }`. */
export async function saveItemContainers(body: { itemContainers: ItemContainers; version: number }): Promise<GlobalContent> {
  return (await staffPost<Envelope<GlobalContent>>('/v1/item-container', body)).body.data;
}

/** POST /v1/admin/pages/{id}/schedule `{ visibility, version }` (spec 3/4 visibility rule). */
export async function schedulePage(pageId: string, body: { visibility: PageEdit['settings']['visibility']; version: number }): Promise<PageSaved> {
  return (await staffPost<Envelope<PageSaved>>(`/v1/admin/pages/${encodeURIComponent(pageId)}/schedule`, body)).body.data;
}

/** POST /v1/admin/pages/{id}/publish `{ version }`: the saved draft becomes what guests see. */
export async function publishPage(pageId: string, version: number): Promise<PageSaved> {
  return (await staffPost<Envelope<PageSaved>>(`/v1/admin/pages/${encodeURIComponent(pageId)}/publish`, { version })).body.data;
}

/** True for the 409 of a stale save (who saved meanwhile is in its message). */
export function isStale(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

export type { FieldKey };
