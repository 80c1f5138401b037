/**
 * POST /v1/admin/statistics/search-keywords/assign (one click makes a zero-result keyword a category's
 * search keyword or a product's search alias; permission products.edit). Answers how many products the shoppers'
 * search finds for the keyword now; the keyword table is asked again so its 'Finds now' column shows it.
 * Errors: the api's envelope as an ApiError (400 bad keyword, 404 unknown category or product).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignKeywordBody, AssignKeywordResponse } from '../../../../../api/contracts/admin-statistics';
import type { Language } from '../../../lib/language';
import { staffPost } from '../../../lib/staff/session-expiry';

export async function assignKeyword(body: AssignKeywordBody, lang: Language): Promise<AssignKeywordResponse> {
  return (await staffPost<{ data: AssignKeywordResponse }>(`/v1/admin/statistics/search-keywords/assign?lang=${lang === 'en' ? 'en' : 'et'}`, body)).body.data;
}

export function useAssignKeyword(lang: Language) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignKeywordBody) => assignKeyword(body, lang),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'statistics'] }),
  });
}
