import { describe, expect, it } from 'vitest';
import { ADMIN_MENU, initialMenuOpen, visibleBadges, visibleMenu } from './menu';

const ADMIN = ['admin.access', 'users.manage', 'warehouses.manage'];
const CLIENT = ['admin.access', 'products.view', 'orders.view', 'clients.view', 'statistics.view', 'stock_notifications.view'];
const staffAccountScreens = new Set(['user', 'warehouse']);
const keys = (entries: { key: string }[]) => entries.map((e) => e.key);

describe('admin side menu (spec 2 "Admin area")', () => {
  it('lists the spec\'s entries in its order', () => {
    expect(keys([...ADMIN_MENU])).toEqual(['site', 'products', 'orders', 'clients', 'pages', 'menu', 'files', 'gallery', 'users', 'warehouses', 'statistics', 'problematicProducts', 'fitment', 'searchConversion', 'orderFunnel', 'sellThrough', 'reorderSuggestions', 'stockNotifications']);
    expect(ADMIN_MENU.find((e) => e.key === 'fitment')).toMatchObject({ path: '/admin/fitment', model: 'fitment', permission: 'products.view' });
    expect(ADMIN_MENU.find((e) => e.key === 'files')).toMatchObject({ path: '/admin/files', model: 'files', permission: 'files.view' });
    expect(ADMIN_MENU.find((e) => e.key === 'pages')).toMatchObject({ path: '/admin/page', model: 'page', permission: 'pages.view' });
    expect(ADMIN_MENU.find((e) => e.key === 'menu')).toMatchObject({ path: '/admin/menu', model: 'menu', permission: 'pages.view' });
    expect(ADMIN_MENU.find((e) => e.key === 'clients')).toMatchObject({ path: '/admin/client', fullPageLoad: true });
    expect(ADMIN_MENU.find((e) => e.key === 'statistics')?.path).toBe('/admin/statistics');
    expect(ADMIN_MENU.find((e) => e.key === 'problematicProducts')?.path).toBe('/admin/ProblematicProducts');
    expect(ADMIN_MENU.find((e) => e.key === 'stockNotifications')).toMatchObject({ path: '/admin/StockNotifications', badge: 'stockNotifications' });
    expect(ADMIN_MENU.find((e) => e.key === 'orders')?.badge).toBe('unfilledOrders');
  });

  it('an administrator sees the site, Users and Warehouses', () => {
    expect(keys(visibleMenu(ADMIN_MENU, ADMIN, staffAccountScreens))).toEqual(['site', 'users', 'warehouses']);
  });

  it('entries need their permission', () => {
    expect(keys(visibleMenu(ADMIN_MENU, ['admin.access', 'warehouses.manage'], staffAccountScreens))).toEqual(['site', 'warehouses']);
    expect(keys(visibleMenu(ADMIN_MENU, CLIENT, staffAccountScreens))).toEqual(['site']);
    expect(keys(visibleMenu(ADMIN_MENU, [], staffAccountScreens))).toEqual(['site']);
  });

  it('entries whose screens arrive later stay hidden until their model exists', () => {
    const all = [...CLIENT, ...ADMIN];
    expect(keys(visibleMenu(ADMIN_MENU, all, staffAccountScreens))).toEqual(['site', 'users', 'warehouses']);
    expect(keys(visibleMenu(ADMIN_MENU, all, new Set([...staffAccountScreens, 'order', 'stocknotifications'])))).toEqual(['site', 'orders', 'users', 'warehouses', 'stockNotifications']);
  });

  it('Pages and Menu show to those who may view pages, once their screens exist', () => {
    const screens = new Set(['page', 'menu']);
    expect(keys(visibleMenu(ADMIN_MENU, ['admin.access', 'pages.view'], screens))).toEqual(['site', 'pages', 'menu']);
    expect(keys(visibleMenu(ADMIN_MENU, ['admin.access', 'pages.view'], new Set()))).toEqual(['site']);
    expect(keys(visibleMenu(ADMIN_MENU, ADMIN, screens))).toEqual(['site']);
  });

  it('badge counts show to those who may see their lists', () => {
    expect(visibleBadges(CLIENT)).toEqual(['unfilledOrders', 'stockNotifications']);
    expect(visibleBadges(ADMIN)).toEqual([]);
  });

  it('starts closed under 768 px unless a choice is remembered', () => {
    expect(initialMenuOpen(null, 767)).toBe(false);
    expect(initialMenuOpen(null, 768)).toBe(true);
    expect(initialMenuOpen('open', 400)).toBe(true);
    expect(initialMenuOpen('closed', 1400)).toBe(false);
    expect(initialMenuOpen('garbage', 1400)).toBe(true);
  });
});
