/**
 * Roles and permissions of the staff side (spec 6 "Roles and permissions"). The one table that says which
 * role may do what; every staff route of the api and every staff screen asks `can(user, permission)` by name.
 *
 * Source of the table, spec 6:
 * - "Guest: no user, or a user without the role CLIENT. Logged-in staff are not guests and get the admin area,
 *   editing tools, the low-stock icon and hidden-product badges." So CLIENT is the shop's staff role: products,
 *   stock, orders, clients, content pages, search statistics and stock notifications (spec 2 "Admin area" models:
 *   ProductEdit/List, OrderEdit/List, ClientEdit/List, PageEdit/List, StatisticsList, StockNotificationsList,
 *   ProblematicProductsList, FilterList).
 * - "An administrator role is implied": ADMIN manages what is not the shop's daily work, the users and the
 *   warehouses (spec 2: UserEdit/List, WarehouseEdit/List). ADMIN alone does not make a user staff of the shop;
 *   the first administrator gets both roles (commands/user/ensure-first-administrator.ts).
 * - `admin.access` is the admin area itself (spec 2 `/admin/...`): either role opens it.
 * - `history.view` is the audit timeline (GET /v1/admin/history/{stream}): both roles read the history of what they
 *   manage. It is its own permission, not `products.view`, because ADMIN (users, warehouses) holds no product
 *   permission; the route asks in addition the view permission of the stream's area
 *   (domain/history/timeline.ts HISTORY_VIEW_PERMISSIONS: products, stock and categories `products.view`, users
 *   `users.manage`, clients `clients.view`, orders `orders.view`), so ADMIN alone reads no shop history and shop staff
 *   without ADMIN never read staff accounts' histories.
 * - `stock_notifications.edit` cancels a waiting back-in-stock request (DELETE
 *   /v1/admin/stock-notifications/{id}); the shop staff (CLIENT) hold it beside `stock_notifications.view`.
 * - `pages.view` reads the content back office (PageList, a page's draft and versions, the menu, the global item
 *   containers; the frontEdit fields of GET /v1/page/{id}); `pages.edit` saves, publishes, schedules, restores and
 *   deletes pages and saves the menu and the global content (spec 4 "Editor", spec 7 page and global-field calls).
 *   Content pages are the shop's daily work (spec 2 PageEdit/List), so CLIENT holds both.
 * - `files.view` reads the finder (folders, files, tags, usage, downloads; spec 2 "File manager", spec 7's folder,
 *   file and file-tag calls) and the staff's gallery albums; `files.edit` uploads, renames, captions, tags, moves and
 *   deletes files and folders and edits albums. Images of products and pages and the gallery are the shop's daily
 *   work (spec 2 "Gallery", "File manager"), so CLIENT holds both.
 * - An inactive (deactivated) user can nothing, whatever roles it holds.
 *
 * Pure: no I/O; the storefront and the admin shell may import it.
 */

/** The roles a user may hold (spec 6: CLIENT; ADMIN implied). */
export const ROLES = ['ADMIN', 'CLIENT'] as const;
export type Role = (typeof ROLES)[number];

/** Every permission name, `<area>.<action>`. */
export const PERMISSIONS = [
  'admin.access',
  'history.view',
  'users.manage',
  'warehouses.manage',
  'products.view',
  'products.edit',
  'stock.edit',
  'orders.view',
  'orders.edit',
  'clients.view',
  'clients.edit',
  'pages.view',
  'pages.edit',
  'statistics.view',
  'stock_notifications.view',
  'stock_notifications.edit',
  'files.view',
  'files.edit',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The roles-to-permissions table (spec 6; see the module's comment). */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  ADMIN: ['admin.access', 'history.view', 'users.manage', 'warehouses.manage'],
  CLIENT: [
    'admin.access',
    'history.view',
    'products.view',
    'products.edit',
    'stock.edit',
    'orders.view',
    'orders.edit',
    'clients.view',
    'clients.edit',
    'pages.view',
    'pages.edit',
    'statistics.view',
    'stock_notifications.view',
    'stock_notifications.edit',
    'files.view',
    'files.edit',
  ],
};

/** True when `value` is one of ROLES (a role name from input or a stored event). */
export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** True when `value` is one of PERMISSIONS. */
export const isPermission = (value: unknown): value is Permission => typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);

/**
 * The permissions the roles give together, each once, in the order of PERMISSIONS. Unknown role names give none.
 */
export function permissionsOf(roles: readonly Role[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of roles) for (const p of (isRole(role) ? ROLE_PERMISSIONS[role] : [])) granted.add(p);
  return PERMISSIONS.filter((p) => granted.has(p));
}

/**
 * May `user` do `permission`? False for no user (a guest) and for an inactive user (spec 6).
 * @param user the signed-in user's roles and whether the account is active; null/undefined: nobody signed in
 */
export function can(user: { roles: readonly Role[]; active: boolean } | null | undefined, permission: Permission): boolean {
  if (!user || !user.active) return false;
  return user.roles.some((role) => isRole(role) && ROLE_PERMISSIONS[role].includes(permission));
}

/** Spec 6: a guest is nobody signed in, or a user without the role CLIENT (or an inactive one). */
export const isGuest = (user: { roles: readonly Role[]; active: boolean } | null | undefined): boolean => !user || !user.active || !user.roles.includes('CLIENT');
