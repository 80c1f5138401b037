/**
 * GET /v1/site?lang: the global fields (footer) and the main navigation (header) of the storefront, in the route's
 * language with the Estonian fallback done by the server (api/routes/site/index.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '../../../../api/contracts/catalog-constants';
import { getJson, withQuery } from '../api-client';

export interface MenuItem {
  kind: 'page' | 'link' | 'category';
  label: string;
  href: string;
  categoryId: string | null;
  /** The drop-down: a category's subcategories, or a page's or link's child entries (`categoryId` null for a page or link). */
  children: { label: string; href: string; categoryId: string | null }[];
  /** Spec 2 "Header": left out of the navigation (the Galerii entry, in every language). */
  hidden: boolean;
}

export interface SiteContent {
  language: Language;
  /** Field key -> text in the language (see commands/site/seed-site-content.ts for the keys). */
  globalFields: Record<string, string>;
  menu: MenuItem[];
}

export async function getSite(lang: Language, signal?: AbortSignal): Promise<SiteContent> {
  const { body } = await getJson<{ data: SiteContent }>(withQuery('/v1/site', { lang }), signal);
  return body.data;
}

export const siteQueryOptions = (lang: Language) =>
  queryOptions({
    queryKey: ['site', lang] as const,
    queryFn: ({ signal }) => getSite(lang, signal),
    staleTime: 5 * 60_000,
  });

export function useSite(lang: Language) {
  return useQuery(siteQueryOptions(lang));
}
