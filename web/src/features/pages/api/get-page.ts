/**
 * GET /v1/page/{pageName|pageId}?lang (spec 7, spec 2 "Page loading"): a content page in the route's language
 * (api/routes/pages). Guests request the default fields preset.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '../../../../../api/contracts/catalog';
import { getJson, withQuery } from '../../../lib/api-client';

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
}

/** @throws ApiError 404 for an unknown page; other ApiErrors as `getJson`. */
export async function getPage(ref: string, lang: Language, signal?: AbortSignal): Promise<ContentPage> {
  const { body } = await getJson<{ data: ContentPage }>(withQuery(`/v1/page/${encodeURIComponent(ref)}`, { lang, fieldsPreset: 'default' }), signal);
  return body.data;
}

export function usePage(ref: string, lang: Language) {
  return useQuery(queryOptions({ queryKey: ['page', ref, lang] as const, queryFn: ({ signal }) => getPage(ref, lang, signal), staleTime: 60_000 }));
}
