import { describe, expect, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { normaliseUsername, userDecider, type UserCommand, type UserEvent } from './user.js';

const user = spec(userDecider);
const now = '2026-11-22T10:00:00.000Z';
const later = '2026-11-23T08:30:00.000Z';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNo';
const HASH2 = '$argon2id$v=19$m=19456,t=2,p=1$b3RoZXJzYWx0$b3RoZXJoYXNo';
const userId = 'u1';
const cmd = <T extends UserCommand['type']>(type: T, data: Extract<UserCommand, { type: T }>['data'], at = now) => ({ type, data, metadata: { now: at } }) as UserCommand;

const created: UserEvent = { type: 'UserCreated', data: { userId, username: 'mari', passwordHash: HASH, roles: ['CLIENT'], createdAt: now } };
const deactivated: UserEvent = { type: 'UserDeactivated', data: { userId } };

describe('CreateUser', () => {
  it('creates the user with the username normalised and the roles sorted, each once', () => {
    user.when(cmd('CreateUser', { userId, username: '  Mari ', passwordHash: HASH, roles: ['CLIENT'] })).then([created]);
    user
      .when(cmd('CreateUser', { userId, username: 'Admin@Shop.ee', passwordHash: HASH, roles: ['CLIENT', 'ADMIN', 'CLIENT'] }))
      .then([{ type: 'UserCreated', data: { userId, username: 'admin@shop.ee', passwordHash: HASH, roles: ['ADMIN', 'CLIENT'], createdAt: now } }]);
    user
      .when(cmd('CreateUser', { userId, username: 'guest.user', passwordHash: HASH, roles: [] }))
      .then([{ type: 'UserCreated', data: { userId, username: 'guest.user', passwordHash: HASH, roles: [], createdAt: now } }]);
  });

  it('refuses a second creation on the same stream (the id comes from the username)', () => {
    user.given([created]).when(cmd('CreateUser', { userId, username: 'mari', passwordHash: HASH, roles: [] })).thenThrows('user.exists', 'conflict');
  });

  it('refuses a username that is too short, too long or has other characters', () => {
    for (const username of ['ab', ' a ', 'x'.repeat(65), 'mari maasikas', 'mäří', 'a/b', '']) {
      user.when(cmd('CreateUser', { userId, username, passwordHash: HASH, roles: [] })).thenThrows('user.username_invalid', 'validation');
    }
  });

  it('refuses an unknown role and a password that is not an argon2 hash', () => {
    user.when(cmd('CreateUser', { userId, username: 'mari', passwordHash: HASH, roles: ['ROOT' as never] })).thenThrows('user.role_invalid', 'validation');
    user.when(cmd('CreateUser', { userId, username: 'mari', passwordHash: 'salasõna123', roles: [] })).thenThrows('user.password_hash_invalid', 'validation');
  });
});

describe('ChangePassword', () => {
  it('records the new hash with the time', () => {
    user.given([created]).when(cmd('ChangePassword', { userId, passwordHash: HASH2 }, later)).then([{ type: 'PasswordChanged', data: { userId, passwordHash: HASH2, changedAt: later } }]);
  });

  it('refuses an unknown user and a plain password', () => {
    user.when(cmd('ChangePassword', { userId, passwordHash: HASH2 })).thenThrows('user.not_found', 'not_found');
    user.given([created]).when(cmd('ChangePassword', { userId, passwordHash: 'plain text' })).thenThrows('user.password_hash_invalid');
  });
});

describe('GrantRole and RevokeRole', () => {
  it('grants a role not held and revokes a held one', () => {
    user.given([created]).when(cmd('GrantRole', { userId, role: 'ADMIN' })).then([{ type: 'RoleGranted', data: { userId, role: 'ADMIN' } }]);
    user.given([created]).when(cmd('RevokeRole', { userId, role: 'CLIENT' })).then([{ type: 'RoleRevoked', data: { userId, role: 'CLIENT' } }]);
  });

  it('decides nothing for a role already held or not held', () => {
    user.given([created]).when(cmd('GrantRole', { userId, role: 'CLIENT' })).then([]);
    user.given([created]).when(cmd('RevokeRole', { userId, role: 'ADMIN' })).then([]);
    user.given([created, { type: 'RoleRevoked', data: { userId, role: 'CLIENT' } }]).when(cmd('RevokeRole', { userId, role: 'CLIENT' })).then([]);
  });

  it('refuses an unknown role and an unknown user', () => {
    user.given([created]).when(cmd('GrantRole', { userId, role: 'OWNER' as never })).thenThrows('user.role_invalid');
    user.when(cmd('GrantRole', { userId, role: 'ADMIN' })).thenThrows('user.not_found', 'not_found');
  });
});

describe('DeactivateUser and ReactivateUser', () => {
  it('deactivates an active user and reactivates an inactive one, each once', () => {
    user.given([created]).when(cmd('DeactivateUser', { userId })).then([deactivated]);
    user.given([created, deactivated]).when(cmd('DeactivateUser', { userId })).then([]);
    user.given([created, deactivated]).when(cmd('ReactivateUser', { userId })).then([{ type: 'UserReactivated', data: { userId } }]);
    user.given([created]).when(cmd('ReactivateUser', { userId })).then([]);
  });

  it('refuses an unknown user', () => {
    user.when(cmd('DeactivateUser', { userId })).thenThrows('user.not_found');
  });
});

describe('RecordSignIn', () => {
  it('records a sign-in of an active user', () => {
    user.given([created]).when(cmd('RecordSignIn', { userId, at: later })).then([{ type: 'UserSignedIn', data: { userId, at: later } }]);
  });

  it('refuses a deactivated user, an unknown one, and a time that is not one', () => {
    user.given([created, deactivated]).when(cmd('RecordSignIn', { userId, at: later })).thenThrows('user.inactive', 'illegal_state');
    user.given([created, deactivated, { type: 'UserReactivated', data: { userId } }]).when(cmd('RecordSignIn', { userId, at: later })).then([{ type: 'UserSignedIn', data: { userId, at: later } }]);
    user.when(cmd('RecordSignIn', { userId, at: later })).thenThrows('user.not_found');
    user.given([created]).when(cmd('RecordSignIn', { userId, at: 'yesterday' })).thenThrows('user.time_invalid');
  });
});

describe('e-mail addresses', () => {
  const withEmail: UserEvent = { type: 'UserCreated', data: { userId, username: 'mari', passwordHash: HASH, roles: ['CLIENT'], createdAt: now, email: 'Mari@Pood.ee' } };

  it('CreateUser takes an optional address, trimmed with its case kept; blank or absent is none', () => {
    user.when(cmd('CreateUser', { userId, username: 'mari', passwordHash: HASH, roles: ['CLIENT'], email: ' Mari@Pood.ee ' })).then([withEmail]);
    for (const email of [null, '', '   ', undefined]) user.when(cmd('CreateUser', { userId, username: 'mari', passwordHash: HASH, roles: ['CLIENT'], email })).then([created]);
  });

  it('refuses an address that is not exactly one', () => {
    for (const email of ['mari', 'a@b', 'a@pood.ee, b@pood.ee', 'a@pood.ee\r\nBcc: x@y.ee']) {
      user.when(cmd('CreateUser', { userId, username: 'mari', passwordHash: HASH, roles: [], email })).thenThrows('user.email_invalid', 'validation');
      user.given([created]).when(cmd('ChangeEmail', { userId, email })).thenThrows('user.email_invalid', 'validation');
    }
  });

  it('ChangeEmail sets, changes and clears the address; the same address decides nothing', () => {
    user.given([created]).when(cmd('ChangeEmail', { userId, email: 'mari@pood.ee' })).then([{ type: 'UserEmailChanged', data: { userId, email: 'mari@pood.ee' } }]);
    user.given([withEmail]).when(cmd('ChangeEmail', { userId, email: ' Mari@Pood.ee' })).then([]);
    user.given([withEmail]).when(cmd('ChangeEmail', { userId, email: '' })).then([{ type: 'UserEmailChanged', data: { userId, email: null } }]);
    user.given([created]).when(cmd('ChangeEmail', { userId, email: null })).then([]);
    user.when(cmd('ChangeEmail', { userId, email: 'mari@pood.ee' })).thenThrows('user.not_found', 'not_found');
  });

  it('an old UserCreated without an address folds to a user without one', () => {
    const state = [created].reduce(userDecider.evolve, userDecider.initialState);
    expect(state).toMatchObject({ status: 'active', email: null });
    const changed = [withEmail, { type: 'UserEmailChanged', data: { userId, email: 'uus@pood.ee' } } as UserEvent].reduce(userDecider.evolve, userDecider.initialState);
    expect(changed).toMatchObject({ email: 'uus@pood.ee' });
  });
});

describe('RequestPasswordReset', () => {
  const withEmail: UserEvent = { type: 'UserCreated', data: { userId, username: 'mari', passwordHash: HASH, roles: ['CLIENT'], createdAt: now, email: 'mari@pood.ee' } };

  it('records the request with the address, the mail language and the time', () => {
    user.given([withEmail]).when(cmd('RequestPasswordReset', { userId, language: 'en' }, later)).then([{ type: 'PasswordResetRequested', data: { userId, email: 'mari@pood.ee', language: 'en', requestedAt: later } }]);
    user
      .given([created, { type: 'UserEmailChanged', data: { userId, email: 'uus@pood.ee' } }])
      .when(cmd('RequestPasswordReset', { userId, language: 'et' }))
      .then([{ type: 'PasswordResetRequested', data: { userId, email: 'uus@pood.ee', language: 'et', requestedAt: now } }]);
  });

  it('refuses a user without an address, a deactivated user, an unknown one and an unknown language', () => {
    user.given([created]).when(cmd('RequestPasswordReset', { userId, language: 'et' })).thenThrows('user.email_missing', 'illegal_state');
    user.given([withEmail, { type: 'UserEmailChanged', data: { userId, email: null } }]).when(cmd('RequestPasswordReset', { userId, language: 'et' })).thenThrows('user.email_missing', 'illegal_state');
    user.given([withEmail, deactivated]).when(cmd('RequestPasswordReset', { userId, language: 'et' })).thenThrows('user.inactive', 'illegal_state');
    user.when(cmd('RequestPasswordReset', { userId, language: 'et' })).thenThrows('user.not_found', 'not_found');
    user.given([withEmail]).when(cmd('RequestPasswordReset', { userId, language: 'fi' as never })).thenThrows('user.language_invalid', 'validation');
  });

  it('changes nothing in the state', () => {
    const before = [withEmail].reduce(userDecider.evolve, userDecider.initialState);
    const after = userDecider.evolve(before, { type: 'PasswordResetRequested', data: { userId, email: 'mari@pood.ee', language: 'et', requestedAt: later } });
    expect(after).toEqual(before);
  });
});

describe('evolve', () => {
  it('folds the account: roles, hash and its time, activity, last sign-in', () => {
    const events: UserEvent[] = [
      created,
      { type: 'RoleGranted', data: { userId, role: 'ADMIN' } },
      { type: 'PasswordChanged', data: { userId, passwordHash: HASH2, changedAt: later } },
      { type: 'UserSignedIn', data: { userId, at: later } },
      deactivated,
    ];
    const state = events.reduce(userDecider.evolve, userDecider.initialState);
    expect(state).toEqual({ status: 'inactive', userId, username: 'mari', passwordHash: HASH2, roles: ['ADMIN', 'CLIENT'], email: null, passwordChangedAt: later, lastSignInAt: later });
  });
});

describe('normaliseUsername', () => {
  it('trims and lower-cases, and keeps 3-64 of a-z 0-9 . _ @ -', () => {
    expect(normaliseUsername(' Mari.Maasikas@Pood.EE ')).toBe('mari.maasikas@pood.ee');
    expect(normaliseUsername('a_b-c')).toBe('a_b-c');
    expect(normaliseUsername('x'.repeat(64))).toBe('x'.repeat(64));
    expect(normaliseUsername('x'.repeat(65))).toBeNull();
    expect(normaliseUsername('ab')).toBeNull();
  });
});
