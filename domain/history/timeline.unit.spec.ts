import { describe, expect, it } from 'vitest';
import { anonymousActor, diffStates, flattenState, foldTimeline, parseHistoryStream, withoutSecrets } from './timeline.js';

const P = '3f2a9c1e-0000-4000-8000-000000000001';

describe('parseHistoryStream', () => {
  it('accepts exactly {kind}-{uuid} of the aggregates it shows and refuses anything else', () => {
    expect(parseHistoryStream(`stock-${P}`)).toEqual({ kind: 'stock', id: P });
    expect(parseHistoryStream(`user-${P}`)).toEqual({ kind: 'user', id: P });
    expect(parseHistoryStream(`order-${P}`)).toEqual({ kind: 'order', id: P });
    expect(parseHistoryStream(`page-${P}`)).toEqual({ kind: 'page', id: P });
    // The content area's single streams, by their exact names.
    expect(parseHistoryStream('menu-main')).toEqual({ kind: 'menu', id: 'menu-main' });
    expect(parseHistoryStream('site')).toEqual({ kind: 'site', id: 'site' });
    const notStock = `stock-notification-${P}-0123456789abcdef`; // a back-in-stock request: holds a shopper's e-mail
    for (const bad of [notStock, 'user-abc_1', 'page-1', 'menu-other', 'menu', 'site-x', 'sites', 'constructor', 'toString', 'stock-', 'stock', 'stock-a/b', 'stock-a b', 'product-ä', `stock-${P}x`, "user-1'--", '$all']) {
      expect(parseHistoryStream(bad), bad).toBeNull();
    }
  });
});

describe('flattenState and diffStates', () => {
  it('diffs nested fields by dotted path, arrays whole, absent as null', () => {
    expect(flattenState({ a: { b: 1, c: { d: 'x' } }, e: [1, 2] })).toEqual({ 'a.b': 1, 'a.c.d': 'x', e: [1, 2] });
    expect(diffStates({ onHand: { tallinn: 4 }, e: [1] }, { onHand: { tallinn: 14, tartu: 2 }, e: [1] })).toEqual([
      { field: 'onHand.tallinn', before: 4, after: 14 },
      { field: 'onHand.tartu', before: null, after: 2 },
    ]);
    expect(diffStates({ x: 1 }, { x: 1 })).toEqual([]);
  });
});

describe('foldTimeline', () => {
  const stock = (type: string, data: object) => ({ type, data: { productId: P, warehouseId: 'tallinn', ...data } });

  it('folds a stock stream: per-warehouse onHand before and after each event, reservations by order', () => {
    const { entries, state } = foldTimeline('stock', [
      stock('StockReceived', { quantity: 4, onHand: 4 }),
      stock('StockCounted', { quantity: 14, onHand: 14 }),
      stock('StockReserved', { orderId: 'o1', quantity: 2, onHand: 12 }),
      stock('ReservationReleased', { orderId: 'o1', quantity: 2, onHand: 14, reason: 'expired' }),
    ]);
    expect(entries[0]!.changes).toEqual([
      { field: 'productId', before: null, after: P },
      { field: 'onHand.tallinn', before: null, after: 4 },
    ]);
    expect(entries[1]!.changes).toEqual([{ field: 'onHand.tallinn', before: 4, after: 14 }]);
    expect(entries[2]!.changes).toEqual([
      { field: 'onHand.tallinn', before: 14, after: 12 },
      { field: 'reservations.o1.tallinn', before: null, after: 2 },
    ]);
    expect(entries[3]!.changes).toEqual([
      { field: 'onHand.tallinn', before: 12, after: 14 },
      { field: 'reservations.o1.tallinn', before: 2, after: null },
    ]);
    expect(state).toEqual({ productId: P, onHand: { tallinn: 14 }, reservations: {} });
  });

  it('folds a user stream without ever showing the password hash', () => {
    const { entries, state } = foldTimeline('user', [
      { type: 'UserCreated', data: { userId: 'u1', username: 'mari', passwordHash: '$argon2id$secret', roles: ['CLIENT'], createdAt: '2026-01-01T00:00:00Z' } },
      { type: 'RoleGranted', data: { userId: 'u1', role: 'ADMIN' } },
      { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: '$argon2id$other', changedAt: '2026-02-01T00:00:00Z' } },
    ]);
    expect(JSON.stringify({ entries: entries.map((e) => e.changes), state })).not.toContain('argon2');
    expect(entries[1]!.changes).toEqual([{ field: 'roles', before: ['CLIENT'], after: ['ADMIN', 'CLIENT'] }]);
    expect(entries[2]!.changes).toEqual([{ field: 'passwordChangedAt', before: '2026-01-01T00:00:00Z', after: '2026-02-01T00:00:00Z' }]);
    expect(state).toMatchObject({ status: 'active', username: 'mari', roles: ['ADMIN', 'CLIENT'] });
  });

  it('folds product and category streams with their own evolve', () => {
    const product = foldTimeline('product', [
      { type: 'ProductCreated', data: { productId: P, code1: 'BF1018/1', code2: null, names: { et: 'Filter', en: 'Filter' }, descriptions: { et: '', en: '' }, unit: 'pcs', productClass: 'product', bigProduct: false } },
      { type: 'ProductPriceChanged', data: { productId: P, grossCents: 1240, netCents: 1000, vatRatePercent: 24 } },
    ]);
    expect(product.entries[1]!.changes).toEqual([{ field: 'grossCents', before: null, after: 1240 }]);
    const category = foldTimeline('category', [
      { type: 'CategoryCreated', data: { categoryId: 'c1', parentId: null, names: { et: 'Filtrid', en: 'Filters' }, position: 0 } },
      { type: 'CategoryRenamed', data: { categoryId: 'c1', language: 'en', name: 'Oil filters' } },
      { type: 'CategoryHidden', data: { categoryId: 'c1' } },
    ]);
    expect(category.entries[1]!.changes).toEqual([{ field: 'names.en', before: 'Filters', after: 'Oil filters' }]);
    expect(category.entries[2]!.changes).toEqual([{ field: 'hidden', before: false, after: true }]);
  });

  it('keeps an unknown or malformed event in the timeline with no changes', () => {
    const { entries, state } = foldTimeline('stock', [stock('StockReceived', { quantity: 4, onHand: 4 }), { type: 'SomethingElse', data: {} }, stock('StockCounted', { quantity: 'x' })]);
    expect(entries.map((e) => e.changes.length)).toEqual([2, 0, 0]);
    expect(state).toMatchObject({ onHand: { tallinn: 4 } });
  });
});

describe('withoutSecrets and anonymousActor', () => {
  it('drops hash keys at any depth', () => {
    expect(withoutSecrets({ userId: 'u', passwordHash: 'h', nested: [{ resetToken: 't', ok: 1 }] })).toEqual({ userId: 'u', nested: [{ ok: 1 }] });
  });

  it('tells a shopper from the system when no user acted', () => {
    expect(anonymousActor({ type: 'StockReserved', data: {}, metadata: {} })).toBe('shopper');
    expect(anonymousActor({ type: 'ReservationReleased', data: { reason: 'expired' }, metadata: {} })).toBe('system');
    expect(anonymousActor({ type: 'ReservationReleased', data: { reason: 'cancelled' }, metadata: {} })).toBe('shopper');
    expect(anonymousActor({ type: 'StockCounted', data: {}, metadata: {} })).toBe('system');
    expect(anonymousActor({ type: 'StockCounted', data: {}, metadata: { actor: 'shopper' } })).toBe('shopper');
  });
});
