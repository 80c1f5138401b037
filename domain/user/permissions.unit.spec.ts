import { describe, expect, it } from 'vitest';
import { can, isGuest, PERMISSIONS, permissionsOf, ROLE_PERMISSIONS, ROLES, type Permission } from './permissions.js';

const staffWork: Permission[] = ['products.view', 'products.edit', 'stock.edit', 'orders.view', 'orders.edit', 'clients.view', 'clients.edit', 'pages.view', 'pages.edit', 'statistics.view', 'stock_notifications.view', 'stock_notifications.edit', 'files.view', 'files.edit'];

describe('the roles-to-permissions table (spec 6)', () => {
  it('gives ADMIN the users and warehouses and the admin area, and none of the shop work', () => {
    expect(permissionsOf(['ADMIN'])).toEqual(['admin.access', 'history.view', 'users.manage', 'warehouses.manage']);
    for (const p of staffWork) expect(can({ roles: ['ADMIN'], active: true }, p), p).toBe(false);
  });

  it('gives CLIENT (the shop staff) the shop work and the admin area, not users or warehouses', () => {
    expect(permissionsOf(['CLIENT'])).toEqual(['admin.access', 'history.view', ...staffWork]);
    expect(can({ roles: ['CLIENT'], active: true }, 'users.manage')).toBe(false);
    expect(can({ roles: ['CLIENT'], active: true }, 'warehouses.manage')).toBe(false);
    expect(can({ roles: ['CLIENT'], active: true }, 'orders.edit')).toBe(true);
  });

  it('unites the permissions of several roles, each once, in a stable order', () => {
    expect(permissionsOf(['CLIENT', 'ADMIN'])).toEqual([...PERMISSIONS]);
    expect(permissionsOf(['ADMIN', 'CLIENT', 'ADMIN'])).toEqual([...PERMISSIONS]);
    expect(permissionsOf([])).toEqual([]);
  });

  it('names only known permissions, and every permission belongs to some role', () => {
    for (const role of ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
    expect(new Set(ROLES.flatMap((r) => ROLE_PERMISSIONS[r]))).toEqual(new Set(PERMISSIONS));
  });
});

describe('history.view (the audit timeline)', () => {
  it('is given to both staff roles and to nobody inactive', () => {
    expect(can({ roles: ['ADMIN'], active: true }, 'history.view')).toBe(true);
    expect(can({ roles: ['CLIENT'], active: true }, 'history.view')).toBe(true);
    expect(can({ roles: [], active: true }, 'history.view')).toBe(false);
    expect(can({ roles: ['ADMIN', 'CLIENT'], active: false }, 'history.view')).toBe(false);
  });
});

describe('stock_notifications.edit (cancel a back-in-stock request)', () => {
  it('is the shop staff (CLIENT) permission, not ADMIN alone, and nobody inactive has it', () => {
    expect(can({ roles: ['CLIENT'], active: true }, 'stock_notifications.edit')).toBe(true);
    expect(can({ roles: ['ADMIN'], active: true }, 'stock_notifications.edit')).toBe(false);
    expect(can({ roles: ['CLIENT'], active: false }, 'stock_notifications.edit')).toBe(false);
  });
});

describe('can', () => {
  it('refuses everything to nobody, to a user without roles and to an inactive user', () => {
    for (const p of PERMISSIONS) {
      expect(can(null, p)).toBe(false);
      expect(can(undefined, p)).toBe(false);
      expect(can({ roles: [], active: true }, p)).toBe(false);
      expect(can({ roles: ['ADMIN', 'CLIENT'], active: false }, p)).toBe(false);
      expect(can({ roles: ['ADMIN', 'CLIENT'], active: true }, p)).toBe(true);
    }
  });

  it('ignores a role name it does not know (e.g. from an old session)', () => {
    expect(can({ roles: ['SUPERUSER' as never], active: true }, 'admin.access')).toBe(false);
    expect(permissionsOf(['SUPERUSER' as never])).toEqual([]);
  });
});

describe('isGuest (spec 6: no user, or a user without CLIENT)', () => {
  it('tells guests from staff', () => {
    expect(isGuest(null)).toBe(true);
    expect(isGuest({ roles: ['ADMIN'], active: true })).toBe(true);
    expect(isGuest({ roles: ['CLIENT'], active: false })).toBe(true);
    expect(isGuest({ roles: ['CLIENT'], active: true })).toBe(false);
  });
});
