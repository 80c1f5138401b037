import { describe, expect, it } from 'vitest';
import { AVAILABLE_MODELS, resolveAdminPath } from './admin-routes';

describe('admin route table (spec 2 /admin/{model}/{action?}/{id?})', () => {
  it('/admin itself is the home of the area', () => {
    expect(resolveAdminPath('')).toEqual({ kind: 'home' });
    expect(resolveAdminPath('/')).toEqual({ kind: 'home' });
  });

  it('the action defaults to list', () => {
    expect(resolveAdminPath('user')).toMatchObject({ kind: 'screen', screen: 'UserList', id: undefined, permission: 'users.manage' });
    expect(resolveAdminPath('warehouse/list')).toMatchObject({ kind: 'screen', screen: 'WarehouseList', permission: 'warehouses.manage' });
  });

  it('create is edit without an id; edit takes the id', () => {
    expect(resolveAdminPath('user/create')).toMatchObject({ kind: 'screen', screen: 'UserEdit', id: undefined });
    expect(resolveAdminPath('user/edit/42')).toMatchObject({ kind: 'screen', screen: 'UserEdit', id: '42' });
    expect(resolveAdminPath('warehouse/edit/w%201/')).toMatchObject({ kind: 'screen', screen: 'WarehouseEdit', id: 'w 1' });
  });

  it('model names match in any case', () => {
    expect(resolveAdminPath('User/edit/7')).toMatchObject({ model: 'user', screen: 'UserEdit', id: '7' });
    expect(resolveAdminPath('WAREHOUSE')).toMatchObject({ model: 'warehouse', screen: 'WarehouseList' });
  });

  it('StatisticsList needs statistics.view and has only a list', () => {
    expect(resolveAdminPath('statistics')).toMatchObject({ kind: 'screen', screen: 'StatisticsList', permission: 'statistics.view' });
    expect(resolveAdminPath('Statistics/list')).toMatchObject({ screen: 'StatisticsList' });
    expect(resolveAdminPath('statistics/edit/1')).toEqual({ kind: 'not-found' });
  });

  it('StockNotificationsList needs stock_notifications.view and has only a list', () => {
    expect(resolveAdminPath('StockNotifications')).toMatchObject({ kind: 'screen', screen: 'StockNotificationsList', permission: 'stock_notifications.view' });
    expect(resolveAdminPath('stocknotifications/list')).toMatchObject({ screen: 'StockNotificationsList' });
    expect(resolveAdminPath('StockNotifications/edit/1')).toEqual({ kind: 'not-found' });
  });

  it('one\'s own password is open to every staff user', () => {
    expect(resolveAdminPath('user/password')).toMatchObject({ screen: 'UserPassword', permission: 'admin.access' });
  });

  it('unknown models, unknown actions and extra segments are not found', () => {
    for (const path of ['nope', 'product/list/1', 'clients', 'StockNotifications/edit/1', 'user/delete/1', 'user/list/1', 'user/create/1', 'user/edit/1/x', 'user/password/1', 'user/constructor', 'user/__proto__', 'toString'])
      expect(resolveAdminPath(path), path).toEqual({ kind: 'not-found' });
  });

  it('lists the models with screens', () => {
    expect([...AVAILABLE_MODELS].sort()).toEqual(['OrderFunnel', 'ProblematicProducts', 'ReorderSuggestions', 'SearchConversion', 'SellThrough', 'StockNotifications', 'client', 'files', 'filter', 'fitment', 'gallery', 'menu', 'order', 'page', 'product', 'statistics', 'user', 'warehouse']);
  });

  it('opens ProductEdit for /admin/product/edit/{id} and /admin/product/create with products.view', () => {
    expect(resolveAdminPath('product/edit/0b8f1c52-43c8-4f0b-9c52-7f1d8f1c1e11')).toEqual({ kind: 'screen', model: 'product', screen: 'ProductEdit', id: '0b8f1c52-43c8-4f0b-9c52-7f1d8f1c1e11', permission: 'products.view' });
    expect(resolveAdminPath('product/create')).toEqual({ kind: 'screen', model: 'product', screen: 'ProductEdit', id: undefined, permission: 'products.view' });
  });

  it('opens ProductList for /admin/product and /admin/Product/list with products.view', () => {
    expect(resolveAdminPath('product')).toEqual({ kind: 'screen', model: 'product', screen: 'ProductList', id: undefined, permission: 'products.view' });
    expect(resolveAdminPath('Product/list/')).toEqual({ kind: 'screen', model: 'product', screen: 'ProductList', id: undefined, permission: 'products.view' });
  });

  it('opens the category tree editor for /admin/product/categories (products.view; no id)', () => {
    expect(resolveAdminPath('product/categories')).toEqual({ kind: 'screen', model: 'product', screen: 'CategoryTree', id: undefined, permission: 'products.view' });
    expect(resolveAdminPath('product/categories/5')).toEqual({ kind: 'not-found' });
    expect(resolveAdminPath('user/categories')).toEqual({ kind: 'not-found' });
  });

  it('opens FilterList for /admin/filter and ProblematicProductsList for /admin/ProblematicProducts (products.view; lists only)', () => {
    expect(resolveAdminPath('filter')).toEqual({ kind: 'screen', model: 'filter', screen: 'FilterList', id: undefined, permission: 'products.view' });
    expect(resolveAdminPath('ProblematicProducts')).toEqual({ kind: 'screen', model: 'ProblematicProducts', screen: 'ProblematicProductsList', id: undefined, permission: 'products.view' });
    expect(resolveAdminPath('problematicproducts/list')).toMatchObject({ screen: 'ProblematicProductsList' });
    for (const path of ['filter/edit/1', 'filter/create', 'ProblematicProducts/edit', 'ProblematicProducts/list/1']) expect(resolveAdminPath(path), path).toEqual({ kind: 'not-found' });
  });

  it('opens OrderList for /admin/order and OrderEdit for /admin/order/edit/{id} with orders.view', () => {
    expect(resolveAdminPath('order')).toEqual({ kind: 'screen', model: 'order', screen: 'OrderList', id: undefined, permission: 'orders.view' });
    expect(resolveAdminPath('Order/list')).toMatchObject({ screen: 'OrderList' });
    expect(resolveAdminPath('order/edit/0b8f1c52-43c8-4f0b-9c52-7f1d8f1c1e11')).toEqual({ kind: 'screen', model: 'order', screen: 'OrderEdit', id: '0b8f1c52-43c8-4f0b-9c52-7f1d8f1c1e11', permission: 'orders.view' });
    expect(resolveAdminPath('order/list/1')).toEqual({ kind: 'not-found' });
  });

  it('opens ClientList for /admin/client and ClientEdit for /admin/client/edit/{id} with clients.view', () => {
    expect(resolveAdminPath('client')).toEqual({ kind: 'screen', model: 'client', screen: 'ClientList', id: undefined, permission: 'clients.view' });
    expect(resolveAdminPath('Client/list')).toMatchObject({ screen: 'ClientList' });
    expect(resolveAdminPath('client/edit/6582aaba-0558-5317-9bde-e8afb955e8d1')).toEqual({ kind: 'screen', model: 'client', screen: 'ClientEdit', id: '6582aaba-0558-5317-9bde-e8afb955e8d1', permission: 'clients.view' });
    expect(resolveAdminPath('client/list/1')).toEqual({ kind: 'not-found' });
  });

  it('opens the file manager for /admin/files with files.view', () => {
    expect(resolveAdminPath('files')).toEqual({ kind: 'screen', model: 'files', screen: 'FileManager', id: undefined, permission: 'files.view' });
    expect(resolveAdminPath('files/edit/1')).toEqual({ kind: 'not-found' });
  });

  it('opens PageList for /admin/page and the menu editor for /admin/menu with pages.view', () => {
    expect(resolveAdminPath('page')).toEqual({ kind: 'screen', model: 'page', screen: 'PageList', id: undefined, permission: 'pages.view' });
    expect(resolveAdminPath('Page/list/')).toMatchObject({ screen: 'PageList' });
    expect(resolveAdminPath('menu')).toEqual({ kind: 'screen', model: 'menu', screen: 'MenuEdit', id: undefined, permission: 'pages.view' });
    for (const path of ['page/list/1', 'menu/list/1', 'menu/edit/1', 'menu/create']) expect(resolveAdminPath(path), path).toEqual({ kind: 'not-found' });
  });

  it('opens AlbumList for /admin/gallery and AlbumEdit for /admin/gallery/edit/{id} with files.view', () => {
    expect(resolveAdminPath('gallery')).toEqual({ kind: 'screen', model: 'gallery', screen: 'AlbumList', id: undefined, permission: 'files.view' });
    expect(resolveAdminPath('gallery/edit/0b8f1c52-43c8-4f0b-9c52-7f1d8f1c1e11')).toEqual({ kind: 'screen', model: 'gallery', screen: 'AlbumEdit', id: '0b8f1c52-43c8-4f0b-9c52-7f1d8f1c1e11', permission: 'files.view' });
    expect(resolveAdminPath('gallery/list/1')).toEqual({ kind: 'not-found' });
  });

  it('opens PageEdit for /admin/page/edit/{id} and a page as of an instant for /admin/page/as-of/{ref} (pages.view)', () => {
    expect(resolveAdminPath('page/edit/0b8f1c52-43c8-4f0b-9c52-7f1d8f1c1e11')).toEqual({ kind: 'screen', model: 'page', screen: 'PageEdit', id: '0b8f1c52-43c8-4f0b-9c52-7f1d8f1c1e11', permission: 'pages.view' });
    expect(resolveAdminPath('page/as-of/muugitingimused')).toEqual({ kind: 'screen', model: 'page', screen: 'PageAsOf', id: 'muugitingimused', permission: 'pages.view' });
    expect(resolveAdminPath('page/as-of/a/b')).toEqual({ kind: 'not-found' });
  });
});
