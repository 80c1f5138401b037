/**
 * Staff accounts against the real event store and the users and warehouses read models: registering
 * with the whole password policy, the uuid v5 id that makes a second creation of one name collide, changing a
 * password (one's own with the current one), roles, deactivation and sign-ins as the login reads them, the first
 * administrator (generated password printed once, ADMIN_USERNAME / ADMIN_PASSWORD, two processes at once), and the
 * Warehouse handlers.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/shared/errors.js';
import { createDatabase, type Database } from '../../platform/db/database.js';
import { migrate } from '../../platform/db/migrate.js';
import { PostgresEventStore } from '../../platform/event-store/postgres.js';
import { verifyPassword } from '../../platform/security/passwords.js';
import { createTestDatabase, type TestDatabase } from '../../platform/testing/database.js';
import { ensureReadModel, type RunningProjector, runProjector } from '../../projections/read-model.js';
import { countActiveAdministrators, countUsers, findUserByUsername, findUsersByEmail, getUser, listUsers, usernameTaken } from '../../projections/users/queries.js';
import { usersReadModel } from '../../projections/users/writer.js';
import { getWarehouse, listWarehouses } from '../../projections/warehouses/queries.js';
import { warehousesReadModel } from '../../projections/warehouses/writer.js';
import type { CommandContext } from '../shared/command-handler.js';
import { createWarehouse } from '../warehouse/create-warehouse.js';
import { deactivateWarehouse } from '../warehouse/deactivate-warehouse.js';
import { renameWarehouse } from '../warehouse/rename-warehouse.js';
import { seedWarehouses } from '../warehouse/seed-warehouses.js';
import { changeUserEmail } from './change-user-email.js';
import { deactivateUser } from './deactivate-user.js';
import { ensureFirstAdministrator } from './ensure-first-administrator.js';
import { grantRole } from './grant-role.js';
import { reactivateUser } from './reactivate-user.js';
import { recordSignIn } from './record-sign-in.js';
import { revokeRole } from './revoke-role.js';
import { changeOwnPassword, registerUser, setUserPassword, userIdForUsername } from './user-accounts.js';

let database: TestDatabase;
let db: Database;
let store: PostgresEventStore;
let projectors: RunningProjector[];
const now = '2026-11-22T10:00:00.000Z';
const ctx = (userId: string | null = null, at = now): CommandContext => ({ commandId: randomUUID(), correlationId: randomUUID(), userId, now: at });
const settle = () => Promise.all(projectors.map((p) => p.caughtUp()));
const taken = { usernameTaken: (name: string) => usernameTaken(db, name) };

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const error = await p.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}
const codes = (e: DomainError) => (e.details?.problems ?? []).map((p) => `${p.field}:${p.code}`);

beforeAll(async () => {
  database = await createTestDatabase('user_accounts');
  db = createDatabase(database.url, { max: 8 });
  await migrate(db);
  store = new PostgresEventStore(db, { listenConnectionString: database.url });
  projectors = [];
  for (const rm of [usersReadModel, warehousesReadModel]) {
    await ensureReadModel(db, store, rm);
    projectors.push(runProjector(db, store, rm, { retryMs: 200 }));
  }
});
afterAll(async () => {
  for (const p of projectors ?? []) await p.stop();
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('the first administrator', () => {
  it('is created on a start that finds no user, with a generated password printed once, and only once', async () => {
    const lines: string[] = [];
    const first = await ensureFirstAdministrator(store, db, {}, (l) => lines.push(l));
    expect(first.created).toBe(true);
    expect(lines).toHaveLength(1);
    const password = /^staff sign-in: user admin, password (\S{24}) {2}\(change it after signing in\)$/.exec(lines[0])?.[1];
    expect(password).toBe(first.generatedPassword);
    await settle();
    const admin = await findUserByUsername(db, 'admin');
    expect(admin).toMatchObject({ username: 'admin', roles: ['ADMIN', 'CLIENT'], active: true, lastSignInAt: null, version: 1 });
    expect(await verifyPassword(admin!.passwordHash, password!)).toBe(true);
    // A second start finds the user and prints nothing.
    expect(await ensureFirstAdministrator(store, db, {}, (l) => lines.push(l))).toEqual({ created: false });
    expect(lines).toHaveLength(1);
  });
});

describe('registerUser', () => {
  it('creates a user whose id is uuid v5 of the normalised name, readable by the login', async () => {
    const { userId } = await registerUser(store, { username: ' Mari.Maasikas ', password: 'vihmavari-2026', confirm: 'vihmavari-2026', roles: ['CLIENT'] }, ctx(), taken);
    expect(userId).toBe(userIdForUsername('mari.maasikas'));
    await settle();
    const mari = await findUserByUsername(db, 'MARI.maasikas');
    expect(mari).toEqual({ id: userId, username: 'mari.maasikas', roles: ['CLIENT'], active: true, email: null, passwordHash: expect.stringMatching(/^\$argon2id\$/), passwordChangedAt: now, lastSignInAt: null, version: 1 });
    expect(await verifyPassword(mari!.passwordHash, 'vihmavari-2026')).toBe(true);
    expect(await getUser(db, userId)).toEqual(mari);
    expect(await findUserByUsername(db, 'nobody')).toBeNull();
    expect(await findUserByUsername(db, '')).toBeNull();
  });

  it('refuses a taken name (read model or, when it lags, the stream), each policy problem, and reports them all', async () => {
    const readModel = await refusal(registerUser(store, { username: 'mari.maasikas', password: 'teine-parool-1', confirm: 'teine-parool-1', roles: [] }, ctx(), taken));
    expect([readModel.code, readModel.field]).toEqual(['user.username_taken', 'username']);
    const stream = await refusal(registerUser(store, { username: 'MARI.MAASIKAS', password: 'teine-parool-1', confirm: 'teine-parool-1', roles: [] }, ctx(), { usernameTaken: async () => false }));
    expect(stream.code).toBe('user.username_taken');

    const all = await refusal(registerUser(store, { username: 'x', password: 'short', confirm: 'other', roles: [] }, ctx(), taken));
    expect(all.category).toBe('validation');
    expect(codes(all)).toEqual(['username:user.username_invalid', 'password:user.password_too_short', 'password_confirm:user.password_mismatch']);
    expect(codes(await refusal(registerUser(store, { username: 'jaan', password: 'Password1', confirm: 'Password1', roles: [] }, ctx(), taken)))).toEqual(['password:user.password_common']);
    expect(codes(await refusal(registerUser(store, { username: 'jaan', password: 'x'.repeat(129), confirm: 'x'.repeat(129), roles: [] }, ctx(), taken)))).toEqual(['password:user.password_too_long']);
    expect(codes(await refusal(registerUser(store, { username: 'jaan', password: 'vihmavari-2026', confirm: 'vihmavari-2026', roles: ['ROOT' as never] }, ctx(), taken)))).toEqual(['roles:user.role_invalid']);
    expect((await store.readStream(`user-${userIdForUsername('jaan')}`)).exists).toBe(false);
  });
});

describe('passwords, roles, deactivation and sign-ins', () => {
  it('sets a password (policy applied), changes one\'s own only with the current one, and the read model follows', async () => {
    const userId = userIdForUsername('mari.maasikas');
    expect(codes(await refusal(setUserPassword(store, { userId, password: 'qwerty123', confirm: 'qwerty123' }, ctx())))).toEqual(['password:user.password_common']);
    await setUserPassword(store, { userId, password: 'kollane-vihmavari', confirm: 'kollane-vihmavari' }, ctx('admin', '2026-11-23T08:00:00.000Z'));
    const wrong = await refusal(changeOwnPassword(store, { userId, currentPassword: 'vihmavari-2026', password: 'sinine-vihmavari', confirm: 'sinine-vihmavari' }, ctx(userId)));
    expect(codes(wrong)).toEqual(['current_password:user.current_password_wrong']);
    await changeOwnPassword(store, { userId, currentPassword: 'kollane-vihmavari', password: 'sinine-vihmavari', confirm: 'sinine-vihmavari' }, ctx(userId, '2026-11-24T08:00:00.000Z'));
    expect((await refusal(setUserPassword(store, { userId: randomUUID(), password: 'sinine-vihmavari', confirm: 'sinine-vihmavari' }, ctx()))).code).toBe('user.not_found');
    await settle();
    const mari = (await getUser(db, userId))!;
    expect(await verifyPassword(mari.passwordHash, 'sinine-vihmavari')).toBe(true);
    expect(mari.passwordChangedAt).toBe('2026-11-24T08:00:00.000Z');
    expect(mari.version).toBe(3);
  });

  it('grants and revokes roles, deactivates and reactivates, records sign-ins; lists without hashes', async () => {
    const userId = userIdForUsername('mari.maasikas');
    await grantRole(store, { userId, role: 'ADMIN' }, ctx());
    await settle();
    expect((await getUser(db, userId))!.roles).toEqual(['ADMIN', 'CLIENT']);
    await revokeRole(store, { userId, role: 'CLIENT' }, ctx());
    await recordSignIn(store, { userId, at: '2026-11-25T09:15:00.000Z' }, ctx(userId));
    await deactivateUser(store, { userId }, ctx());
    expect((await refusal(recordSignIn(store, { userId, at: '2026-11-25T10:00:00.000Z' }, ctx(userId)))).code).toBe('user.inactive');
    await settle();
    expect(await getUser(db, userId)).toMatchObject({ roles: ['ADMIN'], active: false, lastSignInAt: '2026-11-25T09:15:00.000Z', version: 7 });
    await reactivateUser(store, { userId }, ctx());
    await settle();
    expect((await getUser(db, userId))!.active).toBe(true);

    const list = await listUsers(db);
    expect(list.map((u) => u.username)).toEqual(['admin', 'mari.maasikas']);
    expect(list.every((u) => !('passwordHash' in u))).toBe(true);
    expect(await countUsers(db)).toBe(2);
    // mari holds ADMIN and is active again: two administrators; without either of them, one.
    expect(await countActiveAdministrators(db)).toBe(2);
    expect(await countActiveAdministrators(db, { except: userIdForUsername('admin') })).toBe(1);
    await deactivateUser(store, { userId }, ctx());
    await settle();
    expect(await countActiveAdministrators(db, { except: userIdForUsername('admin') })).toBe(0);
    await reactivateUser(store, { userId }, ctx());
    await settle();
  });

  it('records the acting user in the events\' metadata', async () => {
    const userId = userIdForUsername('mari.maasikas');
    const admin = userIdForUsername('admin');
    await grantRole(store, { userId, role: 'CLIENT' }, ctx(admin));
    const { events } = await store.readStream(`user-${userId}`);
    expect(events.at(-1)!.metadata.userId).toBe(admin);
  });
});

describe('e-mail addresses', () => {
  it('are set at creation and changed by ChangeEmail; the read model finds users by address, case-insensitively', async () => {
    const { userId } = await registerUser(store, { username: 'kati', email: ' Kati.Kask@Pood.ee ', password: 'vihmavari-2026', confirm: 'vihmavari-2026', roles: ['CLIENT'] }, ctx(), taken);
    const bad = await refusal(registerUser(store, { username: 'toomas', email: 'toomas@pood', password: 'vihmavari-2026', confirm: 'vihmavari-2026', roles: [] }, ctx(), taken));
    expect(codes(bad)).toEqual(['email:user.email_invalid']);
    await settle();
    expect(await getUser(db, userId)).toMatchObject({ email: 'Kati.Kask@Pood.ee', version: 1 });
    expect((await findUsersByEmail(db, 'kati.kask@pood.ee ')).map((u) => u.username)).toEqual(['kati']);
    expect(await findUsersByEmail(db, '')).toEqual([]);
    await changeUserEmail(store, { userId, email: 'kati@pood.ee' }, ctx());
    expect((await refusal(changeUserEmail(store, { userId, email: 'a@pood.ee, b@pood.ee' }, ctx()))).code).toBe('user.email_invalid');
    await settle();
    expect(await findUsersByEmail(db, 'Kati.Kask@Pood.ee')).toEqual([]);
    expect((await findUsersByEmail(db, 'KATI@pood.ee')).map((u) => u.id)).toEqual([userId]);
    await changeUserEmail(store, { userId, email: null }, ctx());
    await settle();
    expect(await getUser(db, userId)).toMatchObject({ email: null, version: 3 });
  });
});

describe('ensureFirstAdministrator on a fresh database', () => {
  it('takes ADMIN_USERNAME / ADMIN_PASSWORD, refuses a weak ADMIN_PASSWORD, and creates once when two processes start at once', async () => {
    const other = await createTestDatabase('first_admin');
    const odb = createDatabase(other.url, { max: 4 });
    const ostore = new PostgresEventStore(odb);
    try {
      await migrate(odb);
      await expect(ensureFirstAdministrator(ostore, odb, { password: 'password1' }, () => {})).rejects.toThrow('ADMIN_PASSWORD refused (user.password_common)');
      const lines: string[] = [];
      const results = await Promise.all(
        [1, 2, 3].map(() => ensureFirstAdministrator(ostore, odb, { username: 'Juhan@Pood.ee', password: 'pikk-turvaline-lause' }, (l) => lines.push(l))),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(lines).toEqual(['staff sign-in: user juhan@pood.ee created with the password ADMIN_PASSWORD gives']);
      const { events } = await ostore.readStream(`user-${userIdForUsername('juhan@pood.ee')}`);
      expect(events.map((e) => e.type)).toEqual(['UserCreated']);
      expect(await verifyPassword((events[0].data as { passwordHash: string }).passwordHash, 'pikk-turvaline-lause')).toBe(true);
    } finally {
      await ostore.close();
      await odb.destroy();
      await other.drop();
    }
  });
});

describe('Warehouse handlers and the warehouses read model', () => {
  it('create, rename and deactivate warehouses', async () => {
    await createWarehouse(store, { warehouseId: 'tartu', name: 'Tartu' }, ctx());
    await createWarehouse(store, { warehouseId: 'tallinn', name: 'Tallinn' }, ctx());
    expect((await refusal(createWarehouse(store, { warehouseId: 'tallinn', name: 'Teine' }, ctx()))).code).toBe('warehouse.exists');
    await renameWarehouse(store, { warehouseId: 'tallinn', name: 'Tallinna keskladu' }, ctx());
    await deactivateWarehouse(store, { warehouseId: 'tartu' }, ctx());
    expect((await refusal(renameWarehouse(store, { warehouseId: 'narva', name: 'Narva' }, ctx()))).code).toBe('warehouse.not_found');
    await settle();
    expect(await listWarehouses(db)).toEqual([
      { id: 'tallinn', name: 'Tallinna keskladu', active: true },
      { id: 'tartu', name: 'Tartu', active: false },
    ]);
    expect(await getWarehouse(db, 'tallinn')).toEqual({ id: 'tallinn', name: 'Tallinna keskladu', active: true, version: 2 });
    expect(await getWarehouse(db, 'narva')).toBeNull();
  });

  it('seeds the demo stock\'s warehouses only where missing, keeping a name or deactivation staff chose', async () => {
    expect(await seedWarehouses(store, now, [...[{ warehouseId: 'tallinn', name: 'Tallinn' }, { warehouseId: 'tartu', name: 'Tartu' }], { warehouseId: 'parnu', name: 'Pärnu' }])).toEqual(['parnu']);
    expect(await seedWarehouses(store, now)).toEqual([]);
    await settle();
    expect(await listWarehouses(db)).toEqual([
      { id: 'parnu', name: 'Pärnu', active: true },
      { id: 'tallinn', name: 'Tallinna keskladu', active: true },
      { id: 'tartu', name: 'Tartu', active: false },
    ]);
  });
});
