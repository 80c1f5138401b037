/**
 * POST /v1/login-session (spec 7: body username, password; spec 8 "Login failure: server field errors on the form").
 * Resolves with the signed-in user (api/contracts/session.ts `SessionView`); rejects with the ApiError whose
 * envelope carries `errors[].field` (`session.invalid_login` on `password`, `rate_limited`).
 */
import type { LoginBody, SessionUser, SessionView } from '../../../../../api/contracts/session';
import { postJson } from '../../../lib/api-client';

export async function login(body: LoginBody): Promise<SessionUser> {
  return (await postJson<{ data: SessionView }>('/v1/login-session', body)).body.data.user;
}
