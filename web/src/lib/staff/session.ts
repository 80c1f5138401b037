/**
 * The staff session as the browser sees it (spec 2 "/login", "/admin/...", spec 6 "Roles and
 * permissions"): GET /v1/session answers `{ data: { user } }` (api/contracts/session.ts `SessionView`) for a
 * signed-in user and 401 when nobody is signed in, which this module reads as `null`. Shared by the login screen
 * (which writes the answer of POST /v1/login-session into the same cache entry), the admin shell (guard, menu by
 * permission, logout) and the staff screens (who am I), so it lives in lib/ rather than in one feature.
 *
 * Types only from the contract: no schema library in this module (the storefront may import it).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser, SessionView } from '../../../../api/contracts/session';
import { ApiError, getJson } from '../api-client';

export type { SessionUser };

/** Query key of the session; the login screen and logout set or clear it. */
export const STAFF_SESSION_KEY = ['staff', 'session'] as const;

/**
 * Local storage flag 'staff' = '1': this browser signed in as staff lately. The session cookie is HttpOnly, so the
 * storefront cannot see it; it asks GET /v1/session only when this hint is set, and a shopper's pages never make
 * the call (the admin link for signed-in staff). Set by every answer naming a user, cleared by an answer
 * of nobody and by Logout.
 */
export const STAFF_HINT_KEY = 'staff';

export function hasStaffHint(): boolean {
  try {
    return localStorage.getItem(STAFF_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

export function setStaffHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(STAFF_HINT_KEY, '1');
    else localStorage.removeItem(STAFF_HINT_KEY);
  } catch {
    /* storage unavailable: no admin link on the shop's pages */
  }
}

/**
 * GET /v1/session. Resolves with the signed-in user, or null when the server answers 401 (nobody signed in).
 * @throws ApiError for any other failure (network, 5xx)
 */
export async function getStaffSession(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const res = await getJson<{ data: SessionView }>('/v1/session', signal);
    setStaffHint(true);
    return res.body.data.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setStaffHint(false);
      return null;
    }
    throw error;
  }
}

export const staffSessionQuery = () =>
  queryOptions({ queryKey: STAFF_SESSION_KEY, queryFn: ({ signal }) => getStaffSession(signal), staleTime: 30_000 });

/** The signed-in staff user (null: nobody), through the query cache. `enabled` false: no call (data undefined). */
export function useStaffSession(enabled = true) {
  return useQuery({ ...staffSessionQuery(), enabled });
}

/**
 * May the user do `permission` (a name of domain/user/permissions.ts, e.g. 'users.manage')? The server lists the
 * user's permissions in the session answer; false for nobody. The server checks again on every staff call.
 */
export function hasPermission(user: Pick<SessionUser, 'permissions'> | null | undefined, permission: string): boolean {
  return !!user && user.permissions.includes(permission);
}
