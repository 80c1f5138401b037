/**
 * GET /v1/admin/clients/{id} (spec 2 ClientEdit): the client's fields, orders and stream `version`, read from its
 * stream (no projection lag); 404 `client.not_found`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminClient } from '../../../../../api/contracts/admin-clients';
import { staffGet } from '../../../lib/staff/session-expiry';
import { CLIENTS_KEY } from './get-clients';

export const clientKey = (id: string) => [...CLIENTS_KEY, 'one', id] as const;

export async function getClient(id: string, signal?: AbortSignal): Promise<AdminClient> {
  return (await staffGet<{ data: AdminClient }>(`/v1/admin/clients/${encodeURIComponent(id)}`, signal)).body.data;
}

export const clientQuery = (id: string) => queryOptions({ queryKey: clientKey(id), queryFn: ({ signal }) => getClient(id, signal), staleTime: 0 });

export function useClient(id: string) {
  return useQuery(clientQuery(id));
}
