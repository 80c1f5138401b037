import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH, passwordPolicyErrors } from './password-policy.js';

describe('passwordPolicyErrors', () => {
  it('accepts 8 characters or more with a matching confirmation', () => {
    expect(passwordPolicyErrors({ password: 'kaheksa8', confirm: 'kaheksa8' })).toEqual([]);
    expect(MIN_PASSWORD_LENGTH).toBe(8);
  });

  it('refuses fewer than 8 characters, counting an emoji as one', () => {
    expect(passwordPolicyErrors({ password: 'seitse7', confirm: 'seitse7' })).toEqual([{ field: 'password', code: 'user.password_too_short' }]);
    // 7 characters, but 8 UTF-16 units.
    expect(passwordPolicyErrors({ password: 'abcdef🚗', confirm: 'abcdef🚗' })).toEqual([{ field: 'password', code: 'user.password_too_short' }]);
    expect(passwordPolicyErrors({ password: '', confirm: '' })).toEqual([{ field: 'password', code: 'user.password_too_short' }]);
  });

  it('refuses a confirmation that differs, also only in letter case, and reports both problems at once', () => {
    expect(passwordPolicyErrors({ password: 'Vihmavari1', confirm: 'vihmavari1' })).toEqual([{ field: 'password_confirm', code: 'user.password_mismatch' }]);
    expect(passwordPolicyErrors({ password: 'lühike', confirm: 'muu' })).toEqual([
      { field: 'password', code: 'user.password_too_short' },
      { field: 'password_confirm', code: 'user.password_mismatch' },
    ]);
  });
});
