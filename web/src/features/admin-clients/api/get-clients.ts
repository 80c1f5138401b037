/**
 * GET /v1/admin/clients (spec 2 ClientList; permission clients.view): one page of clients, latest buyers first,
 * with the total (api/contracts/admin-clients.ts `AdminClientList`), from the clients read model; `q` searches
 * names, business name, e-mail and phone; `type` private or business.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminClientList } from '../../../../../api/contracts/admin-clients';
import { staffGet } from '../../../lib/staff/session-expiry';

export const CLIENTS_KEY = ['admin', 'clients'] as const;

/** The list's URL state: search words, type ('' for both) and 1-based page. */
export interface ClientListParams {
  q: string;
  type: '' | 'private' | 'business';
  page: number;
}

export async function getClients(params: ClientListParams, signal?: AbortSignal): Promise<AdminClientList> {
  const query = new URLSearchParams();
  if (params.q.trim()) query.set('q', params.q.trim());
  if (params.type) query.set('type', params.type);
  if (params.page > 1) query.set('page', String(params.page));
  return (await staffGet<{ data: AdminClientList }>(`/v1/admin/clients${query.size ? `?${query}` : ''}`, signal)).body.data;
}

export const clientsQuery = (params: ClientListParams) =>
  queryOptions({ queryKey: [...CLIENTS_KEY, 'list', params], queryFn: ({ signal }) => getClients(params, signal), staleTime: 5_000, placeholderData: keepPreviousData });

export function useClients(params: ClientListParams) {
  return useQuery(clientsQuery(params));
}
