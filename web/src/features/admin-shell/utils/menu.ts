/**
 * The admin side menu (spec 2 "Admin area": back to the site, Products, Orders with a badge for unfilled orders,
 * Clients as a full page load to /admin/client, Users, Warehouses, Search keywords /admin/statistics, Problematic
 * products /admin/ProblematicProducts, bulk fitment /admin/fitment, the analyses Search conversion /admin/SearchConversion and Order funnel
 * /admin/OrderFunnel, Sell-through /admin/SellThrough and Reorder suggestions /admin/ReorderSuggestions (statistics.view), Stock notifications /admin/StockNotifications with a count badge), in the
 * spec's order; the content back office's Pages (PageList) and Menu (menu edit), which spec 2 names among the admin
 * models and labels but not in the menu's list, after Clients; the file manager (spec 2 "File manager (finder)",
 * /admin/files) and the gallery's albums (spec 2 "Gallery") after them.
 *
 * An entry shows when its screen exists (`model` is one of the models the route table has, passed in by
 * app/admin) and the signed-in user holds its permission (the session lists them; names of
 * domain/user/permissions.ts). 'Back to the site' always shows. Entries of later issues stay hidden: no placeholder
 * screens.
 */

export type MenuBadge = 'unfilledOrders' | 'stockNotifications';

export interface MenuEntry {
  /** Stable key, also the label's key under `admin.menu.` in the cms bundle. */
  key: 'site' | 'products' | 'orders' | 'clients' | 'pages' | 'menu' | 'files' | 'gallery' | 'users' | 'warehouses' | 'statistics' | 'problematicProducts' | 'fitment' | 'searchConversion' | 'orderFunnel' | 'sellThrough' | 'reorderSuggestions' | 'stockNotifications';
  /** Path without the language prefix. */
  path: string;
  /** The route table's model name the entry opens; null for the storefront. */
  model: string | null;
  /** Permission needed to see the entry; null: every staff user. */
  permission: string | null;
  /** A count shown beside the label. */
  badge?: MenuBadge;
  /** A full page load rather than an in-app navigation (spec 2: Clients). */
  fullPageLoad?: boolean;
}

export const ADMIN_MENU: readonly MenuEntry[] = [
  { key: 'site', path: '/', model: null, permission: null },
  { key: 'products', path: '/admin/product', model: 'product', permission: 'products.view' },
  { key: 'orders', path: '/admin/order', model: 'order', permission: 'orders.view', badge: 'unfilledOrders' },
  { key: 'clients', path: '/admin/client', model: 'client', permission: 'clients.view', fullPageLoad: true },
  { key: 'pages', path: '/admin/page', model: 'page', permission: 'pages.view' },
  { key: 'menu', path: '/admin/menu', model: 'menu', permission: 'pages.view' },
  { key: 'files', path: '/admin/files', model: 'files', permission: 'files.view' },
  { key: 'gallery', path: '/admin/gallery', model: 'gallery', permission: 'files.view' },
  { key: 'users', path: '/admin/user', model: 'user', permission: 'users.manage' },
  { key: 'warehouses', path: '/admin/warehouse', model: 'warehouse', permission: 'warehouses.manage' },
  { key: 'statistics', path: '/admin/statistics', model: 'statistics', permission: 'statistics.view' },
  { key: 'problematicProducts', path: '/admin/ProblematicProducts', model: 'ProblematicProducts', permission: 'products.view' },
  { key: 'fitment', path: '/admin/fitment', model: 'fitment', permission: 'products.view' },
  { key: 'searchConversion', path: '/admin/SearchConversion', model: 'SearchConversion', permission: 'statistics.view' },
  { key: 'orderFunnel', path: '/admin/OrderFunnel', model: 'OrderFunnel', permission: 'statistics.view' },
  { key: 'sellThrough', path: '/admin/SellThrough', model: 'SellThrough', permission: 'statistics.view' },
  { key: 'reorderSuggestions', path: '/admin/ReorderSuggestions', model: 'ReorderSuggestions', permission: 'statistics.view' },
  { key: 'stockNotifications', path: '/admin/StockNotifications', model: 'StockNotifications', permission: 'stock_notifications.view', badge: 'stockNotifications' },
];

/**
 * The entries `permissions` may see whose screens exist (`availableModels`, compared case-insensitively), in menu
 * order. 'Back to the site' (no model) is always there.
 */
export function visibleMenu(entries: readonly MenuEntry[], permissions: readonly string[], availableModels: ReadonlySet<string>): MenuEntry[] {
  const available = new Set([...availableModels].map((m) => m.toLowerCase()));
  return entries.filter(
    (e) => (e.model === null || available.has(e.model.toLowerCase())) && (e.permission === null || permissions.includes(e.permission)),
  );
}

/** Badge counts the user may see (shown in the shell's header while their menu entries are hidden). */
export function visibleBadges(permissions: readonly string[]): MenuBadge[] {
  return ADMIN_MENU.filter((e) => e.badge && e.permission !== null && permissions.includes(e.permission)).map((e) => e.badge!);
}

/** Local storage key of the remembered menu choice ('open' | 'closed'). */
export const MENU_STORAGE_KEY = 'adminMenu';
/** Spec 9 "small 768": below it the menu starts closed. */
export const SMALL_SCREEN_PX = 768;

/**
 * Whether the menu starts open (spec 2: "The menu can be collapsed, the choice is remembered, and it starts closed on
 * small screens"): the remembered choice when there is one, else open from 768 px up.
 */
export function initialMenuOpen(stored: string | null, viewportWidth: number): boolean {
  if (stored === 'open') return true;
  if (stored === 'closed') return false;
  return viewportWidth >= SMALL_SCREEN_PX;
}
