/**
 * POST /v1/session/password (a staff user changes their own password: current, new, confirm;
 * api/contracts/session.ts `OwnPasswordBody`). Errors: ApiError with field errors on `current`, `password`,
 * `confirm`.
 */
import type { OwnPasswordBody } from '../../../../../api/contracts/session';
import { staffPost } from '../../../lib/staff/session-expiry';

export async function changeOwnPassword(body: OwnPasswordBody): Promise<void> {
  await staffPost<unknown>('/v1/session/password', body);
}
