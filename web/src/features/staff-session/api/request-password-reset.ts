/**
 * POST /v1/password-reset (spec 2 "forgot password"; api/contracts/session.ts `passwordResetRequestBodySchema`):
 * asks for a reset link for `username`. The answer is the same whether or not the user exists.
 */
import { postJson } from '../../../lib/api-client';

export async function requestPasswordReset(username: string): Promise<void> {
  await postJson<unknown>('/v1/password-reset', { username });
}
