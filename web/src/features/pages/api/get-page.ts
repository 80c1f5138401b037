/**
 * GET /v1/page/{pageName|pageId}?lang (spec 7, spec 2 "Page loading"): a content page in the route's language
 * (api/routes/pages). Guests request the default fields preset. Staff who may `pages.view` request `frontEdit`
 * (spec 2 "Staff request the frontEdit fields preset"): the draft's fields and `edit` (draft, versions, settings with
 * the version a save sends); a shopper's browser (no staff hint, lib/staff/storefront.ts) asks at once and makes no
 * staff call.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '../../../../../api/contracts/catalog';
import type { PageEdit } from '../../../../../api/contracts/pages-admin';
import { getJson, withQuery } from '../../../lib/api-client';
import { hasPermission } from '../../../lib/staff/session';
import { useStorefrontStaff } from '../../../lib/staff/storefront';

export type { PageEdit };

export interface ContentPage {
  id: string;
  name: string;
  title: string;
  /** Sanitised HTML (commands/page/sanitize-page-html.ts). */
  content: string;
  meta_description: string;
  meta_keywords: string;
  canonical: string;
  alternates: { et: string; en: string };
  /** Staff with frontEdit only: the draft, versions and settings (`edit.settings.version` is what a save sends). */
  edit?: PageEdit;
}

/** @throws ApiError 404 for an unknown page; other ApiErrors as `getJson`. */
export async function getPage(ref: string, lang: Language, signal?: AbortSignal, frontEdit = false): Promise<ContentPage> {
  const { body } = await getJson<{ data: ContentPage }>(withQuery(`/v1/page/${encodeURIComponent(ref)}`, { lang, fieldsPreset: frontEdit ? 'frontEdit' : 'default' }), signal);
  return body.data;
}

/** A guest's query key is ['page', ref, lang] (the server render fills it); staff's adds 'frontEdit'. */
export const pageQueryOptions = (ref: string, lang: Language, frontEdit = false) =>
  queryOptions({
    queryKey: (frontEdit ? ['page', ref, lang, 'frontEdit'] : ['page', ref, lang]) as readonly string[],
    queryFn: ({ signal }) => getPage(ref, lang, signal, frontEdit),
    staleTime: frontEdit ? 0 : 60_000,
  });

export function usePage(ref: string, lang: Language) {
  const staff = useStorefrontStaff();
  const frontEdit = hasPermission(staff.user, 'pages.view');
  return useQuery({ ...pageQueryOptions(ref, lang, frontEdit), enabled: staff.ready });
}
