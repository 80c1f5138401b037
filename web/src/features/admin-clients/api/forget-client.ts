/**
 * 'Forget this client' (GDPR erasure): POST /v1/admin/clients/{id}/forget (clients.edit). The answer is
 * the blank client; the lists and the client's history refresh.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminClient } from '../../../../../api/contracts/admin-clients';
import { useRouteLanguage } from '../../../lib/language';
import { staffPost } from '../../../lib/staff/session-expiry';
import { clientKey } from './get-client';
import { CLIENTS_KEY } from './get-clients';

export async function forgetClient(id: string, lang: string): Promise<AdminClient> {
  return (await staffPost<{ data: AdminClient }>(`/v1/admin/clients/${encodeURIComponent(id)}/forget?lang=${lang}`, {})).body.data;
}

export function useForgetClient(id: string) {
  const queryClient = useQueryClient();
  const { lang } = useRouteLanguage();
  return useMutation({
    mutationFn: () => forgetClient(id, lang),
    onSuccess: async (forgotten) => {
      queryClient.setQueryData(clientKey(forgotten.id), forgotten);
      await queryClient.invalidateQueries({ queryKey: [...CLIENTS_KEY, 'list'] });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'history', `client-${id}`] });
    },
  });
}
