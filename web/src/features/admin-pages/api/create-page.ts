/**
 * POST /v1/admin/pages (spec 2 PageList "create"; pages.edit, CSRF): a new page from its first draft, here a title
 * per language and a layout (spec 1); the slug follows the title (spec 5, domain/page/slug.ts). Answers 201 with
 * the page's id (`pageSaved`), after the read model shows it; 400 with field errors (`title`, `slug.et`, `layout`)
 * in the envelope, in the staff member's language.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageState } from '../../../../../api/contracts/pages-admin';
import { staffPost } from '../../../lib/staff/session-expiry';
import { PAGES_KEY } from './get-pages';

export interface NewPage {
  title: { et: string; en: string };
  layout: string;
}

export interface PageSaved {
  pageId: string;
  version: number;
  draftRevision: number;
  publishedRevision: number | null;
  state?: PageState;
}

export async function createPage(page: NewPage): Promise<PageSaved> {
  const title = { ...(page.title.et.trim() ? { et: page.title.et.trim() } : {}), ...(page.title.en.trim() ? { en: page.title.en.trim() } : {}) };
  return (await staffPost<{ data: PageSaved }>('/v1/admin/pages', { title, layout: page.layout })).body.data;
}

export function useCreatePage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPage, onSuccess: () => queryClient.invalidateQueries({ queryKey: PAGES_KEY }) });
}
