/**
 * POST /logout (spec 2: the admin menu's Logout; api/routes/session/index.ts): a POST with the visit's CSRF token
 * (lib/api-client.ts), so a link on another site cannot sign staff out. Answers `{ data: { signedOut: true } }`
 * (api/contracts/session.ts `LogoutView`); the browser hint of a staff sign-in is cleared with it. The caller then
 * loads / afresh, so nothing of the staff screens stays in memory.
 * @throws ApiError when the call fails (network: 'Server did not respond', shown as a flash by the api client)
 */
import { useMutation } from '@tanstack/react-query';
import type { LogoutView } from '../../../../../api/contracts/session';
import { postJson } from '../../../lib/api-client';
import { setStaffHint } from '../../../lib/staff/session';

export async function logout(): Promise<LogoutView> {
  const res = await postJson<{ data: LogoutView }>('/logout', undefined);
  setStaffHint(false);
  return res.body.data;
}

/** The Logout control's mutation: on success the whole page goes to / (`onSignedOut`, default a full load of /). */
export function useLogout(onSignedOut: () => void = () => window.location.assign('/')) {
  return useMutation({ mutationFn: logout, onSuccess: onSignedOut });
}
