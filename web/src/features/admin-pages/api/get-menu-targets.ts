/**
 * What a menu entry can point at (spec 2 "Header": entries of kind page, menu link or category): the content pages
 * (GET /v1/admin/pages, every page in one answer: a shop has tens) and the category tree the storefront shows (GET
 * /v1/categories; a hidden category would drop out of the header anyway, api/routes/site). Loaded when the menu
 * editor opens its "add" form.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryNode } from '../../../../../api/contracts/catalog';
import { withQuery } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { staffGet } from '../../../lib/staff/session-expiry';
import type { PageList } from './get-pages';
import { PAGES_KEY } from './get-pages';

/** A page to link: its id, titles and Estonian URL name (the entry's target, as the seeded menu has it). */
export interface PageChoice {
  pageId: string;
  title: { et: string; en: string };
  slug: { et: string; en: string };
}

/** A category as an indented choice: depth-first in the storefront's order. */
export interface CategoryChoice {
  id: string;
  name: { et: string; en: string };
  depth: number;
}

export const pageChoicesQuery = (lang: Language) =>
  queryOptions({
    queryKey: [...PAGES_KEY, 'choices', lang],
    queryFn: async ({ signal }): Promise<PageChoice[]> => {
      const list = (await staffGet<{ data: PageList }>(withQuery('/v1/admin/pages', { lang, sort: 'title', pageSize: 200 }), signal)).body.data;
      return list.items.map((p) => ({ pageId: p.pageId, title: p.title, slug: p.slug }));
    },
    staleTime: 30_000,
  });

export const categoryChoicesQuery = (lang: Language) =>
  queryOptions({
    queryKey: ['admin', 'menu', 'categories', lang],
    queryFn: async ({ signal }): Promise<CategoryChoice[]> => {
      const tree = (await staffGet<{ data: CategoryNode[] }>(withQuery('/v1/categories', { lang }), signal)).body.data;
      const out: CategoryChoice[] = [];
      const walk = (nodes: CategoryNode[], depth: number) => {
        for (const n of nodes) {
          out.push({ id: n.id, name: n.name, depth });
          if (depth < 12) walk(n.children, depth + 1);
        }
      };
      walk(tree, 0);
      return out;
    },
    staleTime: 60_000,
  });

export function usePageChoices(lang: Language, enabled: boolean) {
  return useQuery({ ...pageChoicesQuery(lang), enabled });
}

export function useCategoryChoices(lang: Language, enabled: boolean) {
  return useQuery({ ...categoryChoicesQuery(lang), enabled });
}
