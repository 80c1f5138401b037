/**
 * The client of an order (the order client info block links to the client): GET /v1/admin/clients?q=<the
 * order's e-mail> (clients.view; api/contracts/admin-clients.ts) and the client whose e-mail is the order's (in any
 * case: a later order with the same e-mail joins the same client). Null when none matches (not registered yet, or
 * forgotten).
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminClientListItem } from '../../../../../api/contracts/admin-clients';
import { staffGet } from '../../../lib/staff/session-expiry';
import { ORDERS_KEY } from './get-orders';

export async function findClientByEmail(email: string, signal?: AbortSignal): Promise<string | null> {
  const query = new URLSearchParams({ q: email.slice(0, 100), pageSize: '24' });
  const body = (await staffGet<{ data: { clients: AdminClientListItem[] } }>(`/v1/admin/clients?${query}`, signal)).body.data;
  const wanted = email.trim().toLowerCase();
  return body.clients.find((c) => !c.forgotten && c.email.trim().toLowerCase() === wanted)?.id ?? null;
}

/** The client id of `email`, asked only when `enabled` (the client screens exist and the user may see clients). */
export function useClientOfOrder(email: string, enabled: boolean) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'client-of', email.toLowerCase()],
    queryFn: ({ signal }) => findClientByEmail(email, signal),
    enabled: enabled && email.trim() !== '',
    staleTime: 60_000,
  });
}
