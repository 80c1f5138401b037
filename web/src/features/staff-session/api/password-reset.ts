/**
 * Forgot password (api/contracts/session.ts): POST /v1/password-reset {username} asks for a one-time link
 * by mail (a username or an e-mail address; the answer is the same whether or not the account exists), POST
 * /v1/password-reset/{token} {password, confirm} sets the new password with it (resolves with the username; rejects
 * with the ApiError whose envelope carries field errors on `password` / `confirm`, 410
 * `password_reset.token_invalid` for a used or expired link, 429 `rate_limited`). `lang` makes the mail and the
 * messages the interface's language.
 */
import type { PasswordResetBody, PasswordResetRequestBody } from '../../../../../api/contracts/session';
import { postJson } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';

export async function requestPasswordReset(body: PasswordResetRequestBody, lang: Language): Promise<void> {
  await postJson<{ data: { accepted: true } }>(`/v1/password-reset?lang=${lang}`, body);
}

export async function resetPassword(token: string, body: PasswordResetBody, lang: Language): Promise<{ username: string }> {
  return (await postJson<{ data: { username: string } }>(`/v1/password-reset/${encodeURIComponent(token)}?lang=${lang}`, body)).body.data;
}
