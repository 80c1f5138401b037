/**
 * The cart, kept in the browser (spec 3 "Cart": items keyed by product id, each with a product and an amount;
 * spec 4 "Cart"; spec 5 "Quantity and stock"). Persisted in local storage under 'cart' (the items) and
 * 'cartLatestProducts' (product ids, most recently added first), with the delays of spec 4: 1000 ms after add and
 * remove, 2000 ms after a quantity change, at once after replace and clear.
 *
 * Rules: adding to an existing line increases its amount unless `overwrite`; a resulting amount of 0 or less
 * removes the line; setting a quantity of 0 or less resets it to 1; amounts are whole numbers, capped at the
 * available amount of limited-stock products (adding counts what is already in the cart), and the cut is reported
 * so the page can warn 'Not enough items available.' for 5 s. Prices are euro cents, gross.
 */
import { useSyncExternalStore } from 'react';
import type { Product } from '../../../../api/contracts/catalog';
import { isPostageCode } from '../../../../domain/delivery/postage-code';
import { flushWrite, writeLater } from '../deferred-write';

/** What the cart keeps of a product (refreshed from GET /product/view/{id} by the cart page). */
export interface CartProduct {
  id: string;
  name: string;
  code1: string;
  /** Gross unit price in euro cents; null when the product has no price. */
  priceCents: number | null;
  unit: string;
  /** URL of the line's thumbnail (an uploaded image's 160 px rendition), or null. */
  image: string | null;
  hasLimitedAmount: boolean;
  availableForSale: number;
  big_product: boolean;
  visibility: 'visible' | 'hidden' | 'inaccessible';
  /** Net unit price in euro cents (spec 5 VAT rule); absent in carts stored before it was kept. */
  priceWoVatCents?: number | null;
  /** VAT rate in percent, e.g. 24. */
  vatRate?: number;
  /** Category ids: the line without an image shows the top-level category's pictogram; absent in older carts. */
  categoryIds?: string[];
}

export interface CartItem {
  product: CartProduct;
  /** Whole units, at least 1. */
  amount: number;
}

export interface CartState {
  items: Record<string, CartItem>;
  /** Product ids, most recently added first. */
  latest: string[];
}

/** The outcome of a change: how many units the line holds now, and whether stock cut the request. */
export interface CartChange {
  amount: number;
  /** Set when the requested amount exceeded a limited product's available amount. */
  capped: { requested: number; available: number } | null;
}

export const CART_KEY = 'cart';
export const LATEST_KEY = 'cartLatestProducts';
export const PERSIST_DELAY_MS = { add: 1000, remove: 1000, quantity: 2000, replace: 0, clear: 0 } as const;

export function toCartProduct(p: Product): CartProduct {
  return {
    id: p.id,
    name: p.name,
    code1: p.code1,
    priceCents: p.priceCents,
    unit: p.unit,
    // The small rendition of an uploaded image (cart lines are 72 px), else the image's own URL.
    image: p.image?.thumbnail ?? p.image?.url ?? null,
    hasLimitedAmount: p.hasLimitedAmount,
    availableForSale: p.availableForSale,
    big_product: p.big_product,
    visibility: p.visibility.currentState,
    priceWoVatCents: p.priceWoVatCents,
    vatRate: p.vatRate,
    categoryIds: p.categories.map((c) => c.id),
  };
}

/** Whole units from user input: non-digits stripped (spec 5); NaN when nothing is left. */
export function parseQuantity(input: string | number): number {
  if (typeof input === 'number') return Number.isFinite(input) ? Math.trunc(input) : Number.NaN;
  const digits = input.replace(/\D+/g, '');
  return digits === '' ? Number.NaN : Number.parseInt(digits, 10);
}

/** Caps `requested` at a limited product's available amount (spec 5), never below 1 when anything is available. */
export function capAmount(product: CartProduct, requested: number): CartChange {
  if (!product.hasLimitedAmount || requested <= product.availableForSale) return { amount: requested, capped: null };
  return { amount: Math.max(0, product.availableForSale), capped: { requested, available: Math.max(0, product.availableForSale) } };
}

/**
 * The stored cart; an empty one when storage is missing, blocked (a `localStorage` getter that throws a
 * SecurityError) or unreadable: the cart then lives in memory for this visit.
 */
function readState(): CartState {
  try {
    if (typeof localStorage === 'undefined') return { items: {}, latest: [] };
    const items = JSON.parse(localStorage.getItem(CART_KEY) ?? '{}') as Record<string, CartItem>;
    const latest = JSON.parse(localStorage.getItem(LATEST_KEY) ?? '[]') as string[];
    const valid: Record<string, CartItem> = {};
    for (const [id, item] of Object.entries(items && typeof items === 'object' ? items : {})) {
      if (item?.product?.id === id && Number.isInteger(item.amount) && item.amount >= 1) valid[id] = item;
    }
    return { items: valid, latest: Array.isArray(latest) ? latest.filter((id) => id in valid) : [] };
  } catch {
    return { items: {}, latest: [] };
  }
}

let state: CartState = readState();
const listeners = new Set<() => void>();

/** Writes the cart after `delayMs` (spec 4), or when the page is left first (lib/deferred-write.ts). */
function persistAfter(delayMs: number) {
  writeLater(
    CART_KEY,
    () => {
      try {
        localStorage.setItem(CART_KEY, JSON.stringify(state.items));
        localStorage.setItem(LATEST_KEY, JSON.stringify(state.latest));
      } catch {
        /* storage unavailable: the cart lasts for this visit */
      }
    },
    delayMs,
  );
}

function commit(next: CartState, delayMs: number) {
  state = next;
  persistAfter(delayMs);
  for (const listener of listeners) listener();
}

/** Writes a pending change at once (e.g. before leaving for the payment page); nothing when none is pending. */
export function flushCart() {
  flushWrite(CART_KEY);
}

export const cart = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Adds `amount` units (or sets them with `overwrite`); 0 or less removes the line. */
  add(product: CartProduct, amount: number, overwrite = false): CartChange {
    const current = state.items[product.id]?.amount ?? 0;
    const requested = overwrite ? amount : current + amount;
    if (!Number.isFinite(requested) || requested <= 0) {
      cart.remove(product.id);
      return { amount: 0, capped: null };
    }
    const change = capAmount(product, requested);
    if (change.amount <= 0) {
      cart.remove(product.id);
      return change;
    }
    const items = { ...state.items, [product.id]: { product, amount: change.amount } };
    const latest = [product.id, ...state.latest.filter((id) => id !== product.id)];
    commit({ items, latest }, PERSIST_DELAY_MS.add);
    return change;
  },

  /** Sets a line's quantity; 0 or less (or no digits) resets it to 1 (spec 4). */
  setQuantity(productId: string, input: string | number): CartChange {
    const item = state.items[productId];
    if (!item) return { amount: 0, capped: null };
    const parsed = parseQuantity(input);
    const requested = !Number.isFinite(parsed) || parsed <= 0 ? 1 : parsed;
    const change = capAmount(item.product, requested);
    const amount = Math.max(1, change.amount);
    commit({ ...state, items: { ...state.items, [productId]: { ...item, amount } } }, PERSIST_DELAY_MS.quantity);
    return { amount, capped: change.capped };
  },

  remove(productId: string) {
    if (!(productId in state.items)) return;
    const items = { ...state.items };
    delete items[productId];
    commit({ items, latest: state.latest.filter((id) => id !== productId) }, PERSIST_DELAY_MS.remove);
  },

  /** Replaces every line (e.g. after reloading the products). */
  replaceAll(items: CartItem[]) {
    const next: Record<string, CartItem> = {};
    for (const item of items) if (item.amount >= 1) next[item.product.id] = item;
    commit({ items: next, latest: state.latest.filter((id) => id in next) }, PERSIST_DELAY_MS.replace);
  },

  clear() {
    commit({ items: {}, latest: [] }, PERSIST_DELAY_MS.clear);
  },
};

/** Lines in the order they were added, newest first. */
export function cartLines(s: CartState): CartItem[] {
  const ordered = s.latest.map((id) => s.items[id]).filter((i): i is CartItem => i !== undefined);
  const rest = Object.values(s.items).filter((i) => !s.latest.includes(i.product.id));
  return [...ordered, ...rest];
}

/**
 * Total in euro cents (gross, the postage line included) and the number of product units: the delivery fee line
 * (a code starting with postikulu, spec 3 "Product") is no product, so the mini cart's '1 toode' stays 1 after
 * checkout adds it.
 */
export function cartTotals(s: CartState): { totalCents: number; count: number } {
  let totalCents = 0;
  let count = 0;
  for (const item of Object.values(s.items)) {
    totalCents += (item.product.priceCents ?? 0) * item.amount;
    if (!isPostageCode(item.product.code1)) count += item.amount;
  }
  return { totalCents, count };
}

/** The cart a server render shows and a hydration starts from: the server never sees local storage. */
const SERVER_CART: CartState = { items: {}, latest: [] };

/** The cart, re-rendering on change; empty in a server render and while hydrating, then the stored one. */
export function useCart(): CartState {
  return useSyncExternalStore(cart.subscribe, cart.get, () => SERVER_CART);
}
