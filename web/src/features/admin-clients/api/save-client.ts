/**
 * Saving ClientEdit (api/contracts/admin-clients.ts): PUT /v1/admin/clients/{id} with the form and the
 * `version` it read (200 the client with its new version). Errors: ApiError with field errors (`first_name`,
 * `email`, `address.area_code`, ...), 409 `client.changed_meanwhile` (someone saved since; the message says who and
 * when) or `client.forgotten`. Refreshes the client lists.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminClient, ClientForm } from '../../../../../api/contracts/admin-clients';
import { ApiError } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { staffPut } from '../../../lib/staff/session-expiry';
import { clientKey } from './get-client';
import { CLIENTS_KEY } from './get-clients';

export async function updateClient(id: string, form: ClientForm, version: number, lang: string): Promise<AdminClient> {
  return (await staffPut<{ data: AdminClient }>(`/v1/admin/clients/${encodeURIComponent(id)}?lang=${lang}`, { ...form, version })).body.data;
}

/** True when a save was refused because the client changed since the form read it (offer a reload). */
export function isChangedMeanwhile(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  const errors = (error.body as { errors?: { code?: string }[] } | undefined)?.errors;
  return Array.isArray(errors) && errors.some((e) => e?.code === 'client.changed_meanwhile');
}

export function useSaveClient(id: string) {
  const queryClient = useQueryClient();
  const { lang } = useRouteLanguage();
  return useMutation({
    mutationFn: ({ form, version }: { form: ClientForm; version: number }) => updateClient(id, form, version, lang),
    onSuccess: (saved) => {
      queryClient.setQueryData(clientKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'history', `client-${saved.id}`] });
      return queryClient.invalidateQueries({ queryKey: [...CLIENTS_KEY, 'list'] });
    },
  });
}
