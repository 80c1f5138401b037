/**
 * GET /v1/admin/users (spec 2 UserList; permission users.manage): every staff user with roles, state and last
 * sign-in (api/contracts/admin-users.ts `AdminUser`). Sorted and paged in the browser (./routes/user-list.tsx).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '../../../../../api/contracts/admin-users';
import { createRecentSaves } from '../../../lib/staff/recent-saves';
import { staffGet } from '../../../lib/staff/session-expiry';

export const USERS_KEY = ['admin', 'users'] as const;

/** Users this page saved, laid over a list whose read model may lag behind (lib/staff/recent-saves.ts). */
export const savedUsers = createRecentSaves<AdminUser>();

export async function getUsers(signal?: AbortSignal): Promise<AdminUser[]> {
  return savedUsers.merge((await staffGet<{ data: AdminUser[] }>('/v1/admin/users', signal)).body.data);
}

export const usersQuery = () => queryOptions({ queryKey: USERS_KEY, queryFn: ({ signal }) => getUsers(signal), staleTime: 10_000 });

export function useUsers() {
  return useQuery(usersQuery());
}
