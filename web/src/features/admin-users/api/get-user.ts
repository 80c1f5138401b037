/** GET /v1/admin/users/{id} (spec 2 UserEdit): one user (`AdminUser`); 404 when there is none. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '../../../../../api/contracts/admin-users';
import { staffGet } from '../../../lib/staff/session-expiry';
import { USERS_KEY } from './get-users';

export async function getUser(id: string, signal?: AbortSignal): Promise<AdminUser> {
  return (await staffGet<{ data: AdminUser }>(`/v1/admin/users/${encodeURIComponent(id)}`, signal)).body.data;
}

export const userQuery = (id: string) => queryOptions({ queryKey: [...USERS_KEY, id], queryFn: ({ signal }) => getUser(id, signal), staleTime: 0 });

export function useUser(id: string | undefined) {
  return useQuery({ ...userQuery(id ?? ''), enabled: id !== undefined });
}
