/**
 * PUT /v1/admin/filters (spec 2 FilterList; permission products.edit, CSRF): the changed facets' labels, shown and
 * order. Answers the saved facets as their streams hold them; the list query is refetched with them laid over.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminFilter, SavedFilter, UpdateFiltersBody } from '../../../../../api/contracts/admin-filters';
import { withQuery } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { staffPut } from '../../../lib/staff/session-expiry';
import { FILTERS_KEY, rememberSaved } from './get-filters';

export async function saveFilters(body: UpdateFiltersBody, lang: Language): Promise<SavedFilter[]> {
  return (await staffPut<{ data: { filters: SavedFilter[] } }>(withQuery('/v1/admin/filters', { lang }), body)).body.data.filters;
}

export function useSaveFilters(current: readonly AdminFilter[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, lang }: { body: UpdateFiltersBody; lang: Language }) => saveFilters(body, lang),
    onSuccess: async (saved) => {
      rememberSaved(saved, current);
      await queryClient.invalidateQueries({ queryKey: FILTERS_KEY });
    },
  });
}
