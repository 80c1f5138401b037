/**
 * Saving users (spec 2 UserEdit; api/contracts/admin-users.ts): POST /v1/admin/users creates one (username,
 * password twice, roles; 201 the user), PUT /v1/admin/users/{id} replaces its roles, POST .../{id}/password sets a
 * new password (administrators), POST .../{id}/deactivate deactivates it and .../{id}/reactivate lets it sign in again. Each answers the user and refreshes the
 * users' queries. Errors: ApiError with the envelope's field errors (`username`, `password`, `confirm`, `roles`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, CreateUserBody, SetPasswordBody, UpdateUserBody } from '../../../../../api/contracts/admin-users';
import { staffPost, staffPut } from '../../../lib/staff/session-expiry';
import { savedUsers, USERS_KEY } from './get-users';

const userPath = (id: string) => `/v1/admin/users/${encodeURIComponent(id)}`;

export async function createUser(body: CreateUserBody): Promise<AdminUser> {
  return (await staffPost<{ data: AdminUser }>('/v1/admin/users', body)).body.data;
}

export async function updateUser(id: string, body: UpdateUserBody): Promise<AdminUser> {
  return (await staffPut<{ data: AdminUser }>(userPath(id), body)).body.data;
}

export async function setUserPassword(id: string, body: SetPasswordBody): Promise<void> {
  await staffPost<unknown>(`${userPath(id)}/password`, body);
}

export async function deactivateUser(id: string): Promise<AdminUser> {
  return (await staffPost<{ data: AdminUser }>(`${userPath(id)}/deactivate`, {})).body.data;
}

/** POST /v1/admin/users/{id}/reactivate: the user can sign in again; answers the user. */
export async function reactivateUser(id: string): Promise<AdminUser> {
  return (await staffPost<{ data: AdminUser }>(`${userPath(id)}/reactivate`, {})).body.data;
}

/** Runs `save`, keeps its answer over the (possibly lagging) list, and refreshes every users query. */
export function useUserMutation<A>(save: (args: A) => Promise<AdminUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      savedUsers.remember(saved);
      return queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
