/**
 * The page settings' and PageEdit's calls (spec 2 PageEdit, spec 4 "Editor"; api/routes/admin/pages.ts and
 * page-versions.ts): read a page for editing, save its draft with the version read, schedule, publish, unpublish,
 * delete, restore a version, read one version whole and a page as of an instant. Every write sends the stream
 * version its screen read; a stale one answers 409 whose message names who saved meanwhile and when
 * (`isChangedMeanwhile`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageAsOf, PageVersionFull } from '../../../../api/contracts/page-versions';
import type { PageEdit } from '../../../../api/contracts/pages-admin';
import type { VisibilityRule } from '../../../../domain/page/visibility';
import { ApiError, deleteJson, withQuery } from '../../lib/api-client';
import { staffCall, staffGet, staffPost, staffPut } from '../../lib/staff/session-expiry';

export const PAGES_KEY = ['admin', 'pages'] as const;

/** What a page command answers: the stream version now and the revisions. */
export interface PageSaved {
  pageId: string;
  version: number;
  draftRevision: number;
  publishedRevision: number | null;
}

/** The document PUT /v1/admin/pages/{id} saves (api/contracts/pages-admin.ts adminPageSaveBodySchema). */
export type PageDocBody = Omit<PageEdit['draft'], 'layout'> & { layout: string };

const page = (id: string) => `/v1/admin/pages/${encodeURIComponent(id)}`;

export async function getPageForEdit(id: string, signal?: AbortSignal): Promise<PageEdit> {
  return (await staffGet<{ data: PageEdit }>(page(id), signal)).body.data;
}

export const pageEditQuery = (id: string) => queryOptions({ queryKey: [...PAGES_KEY, 'edit', id], queryFn: ({ signal }) => getPageForEdit(id, signal), staleTime: 0 });

export function usePageForEdit(id: string) {
  return useQuery(pageEditQuery(id));
}

export async function savePageDraft(id: string, doc: PageDocBody, version: number): Promise<PageSaved> {
  return (await staffPut<{ data: PageSaved }>(page(id), { ...doc, version })).body.data;
}

export async function schedulePage(id: string, visibility: VisibilityRule | null, version: number): Promise<PageSaved> {
  return (await staffPost<{ data: PageSaved }>(`${page(id)}/schedule`, { visibility, version })).body.data;
}

export async function publishPage(id: string, version: number): Promise<PageSaved> {
  return (await staffPost<{ data: PageSaved }>(`${page(id)}/publish`, { version })).body.data;
}

export async function unpublishPage(id: string, version: number): Promise<PageSaved> {
  return (await staffPost<{ data: PageSaved }>(`${page(id)}/unpublish`, { version })).body.data;
}

export async function deletePage(id: string, version: number): Promise<PageSaved> {
  return (await staffCall(() => deleteJson<{ data: PageSaved }>(withQuery(page(id), { version })))).body.data;
}

/** POST /v1/admin/pages/{id}/restore {version, revision}: the old revision becomes a new draft revision. */
export async function restorePageVersion(id: string, revision: number, version: number): Promise<PageSaved> {
  return (await staffPost<{ data: PageSaved }>(`${page(id)}/restore`, { version, revision })).body.data;
}

export async function getPageVersion(id: string, revision: number, signal?: AbortSignal): Promise<PageVersionFull> {
  return (await staffGet<{ data: PageVersionFull }>(`${page(id)}/versions/${revision}`, signal)).body.data;
}

export function usePageVersion(id: string, revision: number | null) {
  return useQuery({
    queryKey: [...PAGES_KEY, 'version', id, revision],
    queryFn: ({ signal }) => getPageVersion(id, revision!, signal),
    enabled: revision !== null,
    staleTime: Infinity, // a saved version never changes
  });
}

export async function getPageAsOf(ref: string, at: string, signal?: AbortSignal): Promise<PageAsOf> {
  return (await staffGet<{ data: PageAsOf }>(withQuery(`${page(ref)}/as-of`, { at }), signal)).body.data;
}

export function usePageAsOf(ref: string, at: string | null) {
  return useQuery({ queryKey: [...PAGES_KEY, 'as-of', ref, at], queryFn: ({ signal }) => getPageAsOf(ref, at!, signal), enabled: at !== null, retry: false, staleTime: Infinity });
}

/** A save refused because someone saved meanwhile (409 `page.changed_meanwhile`; the message names who and when). */
export function isChangedMeanwhile(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === 'page.changed_meanwhile';
}

/** The menu entry named by a refused delete (409 `page.linked_from_menu`: errors[].field 'menu'), or null. */
export function linkingMenuEntry(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'page.linked_from_menu') return null;
  const errors = (error.body as { errors?: { field?: string; message?: string }[] } | undefined)?.errors ?? [];
  return errors.find((e) => e.field === 'menu')?.message ?? null;
}
