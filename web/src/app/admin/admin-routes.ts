/**
 * The route table of the admin area (spec 2 "/admin/{model}/{action?}/{id?}": the action defaults to list, and
 * create is treated as edit; conventions 13: one screen per admin model and action, each a lazy chunk).
 *
 * A path resolves to one of:
 * - `{ kind: 'home' }` for /admin itself;
 * - `{ kind: 'screen', model, screen, id }`, e.g. /admin/user/edit/42 -> UserEdit with id '42', /admin/user/create
 *   -> UserEdit without id, /admin/Warehouse -> WarehouseList (model names match in any case);
 * - `{ kind: 'not-found' }` for an unknown model, an action the model lacks, or extra segments: the shell shows the
 *   not-found page inside itself.
 *
 * Only models whose screens exist are in the table (Users, Warehouses, and the user's own password,
 * StatisticsList); the
 * side menu hides the entries of the others (features/admin-shell/utils/menu.ts `visibleMenu`). Screens are loaded
 * by `loadScreen`, so this module (imported by the admin chunk only) names them without loading them.
 */

/**
 * Admin models with screens, by their URL name (spec 2 model names without List/Edit). `product/categories` is the
 * category tree editor; `menu` is the main menu's editor (spec 2 "menu edit"), one screen at /admin/menu.
 */
export const ADMIN_MODELS = {
  user: { permission: 'users.manage', actions: { list: 'UserList', edit: 'UserEdit', password: 'UserPassword' } },
  warehouse: { permission: 'warehouses.manage', actions: { list: 'WarehouseList', edit: 'WarehouseEdit' } },
  statistics: { permission: 'statistics.view', actions: { list: 'StatisticsList' } },
  StockNotifications: { permission: 'stock_notifications.view', actions: { list: 'StockNotificationsList' } },
  product: { permission: 'products.view', actions: { list: 'ProductList', edit: 'ProductEdit', categories: 'CategoryTree' } },
  filter: { permission: 'products.view', actions: { list: 'FilterList' } },
  ProblematicProducts: { permission: 'products.view', actions: { list: 'ProblematicProductsList' } },
  /** Bulk vehicle fitment (docs/architecture.md "Vehicle fitment", back office): selection, operation, preview, apply, CSV. */
  fitment: { permission: 'products.view', actions: { list: 'FitmentBulk' } },
  /** The analyses (analytics/): search conversion and the order funnel, for whoever reads the statistics. */
  SearchConversion: { permission: 'statistics.view', actions: { list: 'SearchConversionList' } },
  OrderFunnel: { permission: 'statistics.view', actions: { list: 'OrderFunnelList' } },
  /** Sell-through and days of cover, and reorder suggestions with purchase lists (analytics/sell-through). */
  SellThrough: { permission: 'statistics.view', actions: { list: 'SellThroughList' } },
  ReorderSuggestions: { permission: 'statistics.view', actions: { list: 'ReorderSuggestionsList' } },
  order: { permission: 'orders.view', actions: { list: 'OrderList', edit: 'OrderEdit' } },
  client: { permission: 'clients.view', actions: { list: 'ClientList', edit: 'ClientEdit' } },
  /** PageList, PageEdit and a page as of an instant (/admin/page/as-of/{id or URL name}?at=). */
  page: { permission: 'pages.view', actions: { list: 'PageList', edit: 'PageEdit', 'as-of': 'PageAsOf' } },
  menu: { permission: 'pages.view', actions: { list: 'MenuEdit' } },
  /** The file manager (spec 2 "File manager (finder)"), /admin/files. */
  files: { permission: 'files.view', actions: { list: 'FileManager' } },
  /** The gallery's albums (spec 2 "Gallery"): AlbumList at /admin/gallery, AlbumEdit at /admin/gallery/edit/{id}. */
  gallery: { permission: 'files.view', actions: { list: 'AlbumList', edit: 'AlbumEdit' } },
} as const satisfies Record<string, { permission: string; actions: Partial<Record<AdminAction, string>> }>;

export type AdminModel = keyof typeof ADMIN_MODELS;
export type AdminAction = 'list' | 'edit' | 'password' | 'categories' | 'as-of';
export type AdminScreenName = 'UserList' | 'UserEdit' | 'UserPassword' | 'WarehouseList' | 'WarehouseEdit' | 'StatisticsList' | 'StockNotificationsList' | 'ProductEdit' | 'ProductList' | 'CategoryTree' | 'FilterList' | 'ProblematicProductsList' | 'FitmentBulk' | 'OrderList' | 'OrderEdit' | 'ClientList' | 'ClientEdit' | 'PageList' | 'MenuEdit' | 'PageEdit' | 'PageAsOf' | 'FileManager' | 'AlbumList' | 'AlbumEdit' | 'SearchConversionList' | 'OrderFunnelList' | 'SellThroughList' | 'ReorderSuggestionsList';

/**
 * Permission per screen where it differs from the model's: one's own password is for every staff user (spec 6
 * 'admin.access'), not only for those who manage users.
 */
const SCREEN_PERMISSION: Partial<Record<AdminScreenName, string>> = { UserPassword: 'admin.access' };

export type AdminRoute =
  | { kind: 'home' }
  | { kind: 'not-found' }
  | { kind: 'screen'; model: AdminModel; screen: AdminScreenName; id: string | undefined; permission: string };

/** The actions that need an id, take none, or take one optionally (edit: with an id edits, without creates). */
const ID_RULE: Record<AdminAction, 'none' | 'optional'> = { list: 'none', edit: 'optional', password: 'none', categories: 'none', 'as-of': 'optional' };

/**
 * Resolves the part of the path after /admin/ (e.g. 'user/edit/42', '' for /admin), case-insensitive in the model
 * name, exact in the action. Trailing slashes are ignored.
 */
export function resolveAdminPath(rest: string): AdminRoute {
  const segments = rest.split('/').filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  if (segments.length === 0) return { kind: 'home' };
  if (segments.length > 3) return { kind: 'not-found' };
  const [modelName, rawAction = 'list', id] = segments as [string, string?, string?];
  const model = (Object.keys(ADMIN_MODELS) as AdminModel[]).find((m) => m.toLowerCase() === modelName.toLowerCase());
  if (!model) return { kind: 'not-found' };
  const action = (rawAction === 'create' ? 'edit' : rawAction) as AdminAction;
  if (rawAction === 'create' && id !== undefined) return { kind: 'not-found' };
  const actions: Partial<Record<AdminAction, AdminScreenName>> = ADMIN_MODELS[model].actions;
  const screen = Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (!screen) return { kind: 'not-found' };
  if (ID_RULE[action] === 'none' && id !== undefined) return { kind: 'not-found' };
  return { kind: 'screen', model, screen, id, permission: SCREEN_PERMISSION[screen] ?? ADMIN_MODELS[model].permission };
}

/** The URL names of the models that have screens (the side menu shows only these). */
export const AVAILABLE_MODELS: ReadonlySet<string> = new Set(Object.keys(ADMIN_MODELS));
