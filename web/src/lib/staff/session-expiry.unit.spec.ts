import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { INVALID_CREDENTIALS_MESSAGE, loginPath, onSessionExpired, safeNextPath, sessionLoginPath, staffCall } from './session-expiry';

describe('a staff call whose session ended (spec 8) goes to /session/login', () => {
  let off: (() => void) | undefined;
  afterEach(() => off?.());

  it('a 401 "invalid credentials" answer calls the handler and still rejects', async () => {
    const seen: ApiError[] = [];
    off = onSessionExpired((e) => seen.push(e));
    const expired = new ApiError(401, INVALID_CREDENTIALS_MESSAGE, 'session.expired');
    await expect(staffCall(() => Promise.reject(expired))).rejects.toBe(expired);
    expect(seen).toEqual([expired]);
  });

  it('other failures and successes do not', async () => {
    const handler = vi.fn();
    off = onSessionExpired(handler);
    await expect(staffCall(() => Promise.reject(new ApiError(403, 'forbidden', 'forbidden')))).rejects.toBeInstanceOf(ApiError);
    await expect(staffCall(() => Promise.reject(new ApiError(400, 'bad', 'validation')))).rejects.toBeInstanceOf(ApiError);
    await expect(staffCall(() => Promise.resolve(7))).resolves.toBe(7);
    expect(handler).not.toHaveBeenCalled();
  });

  it('builds /session/login?error=session_expired with where the user was going', () => {
    expect(sessionLoginPath('/admin/user/edit/5?x=1')).toBe('/session/login?error=session_expired&next=%2Fadmin%2Fuser%2Fedit%2F5%3Fx%3D1');
    expect(sessionLoginPath(null, '/en')).toBe('/en/session/login?error=session_expired');
    expect(loginPath('/admin')).toBe('/login?next=%2Fadmin');
  });

  it('returns only to same-origin paths, never to the login screens', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'admin', '', null, '/login', '/en/login?next=/x', '/session/login', '/a\nb'])
      expect(safeNextPath(bad), String(bad)).toBeNull();
    expect(safeNextPath('/admin/warehouse?page=2')).toBe('/admin/warehouse?page=2');
    expect(safeNextPath('/loginhelp')).toBe('/loginhelp');
  });
});
