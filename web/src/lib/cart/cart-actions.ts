/**
 * Cart changes used only by the cart, checkout pages (kept out of store.ts, which the header's mini cart loads on
 * every page): the delivery fee line (spec 3 "Product": a code starting with postikulu marks a postage item; spec 7
 * GET /v1/delivery-provider/{id}: "added to the cart as the delivery fee line (quantity 1). Old postage lines are
 * removed first.") and the refresh of reloaded products (spec 4: "On a 404 when reloading a cart item, the item is
 * marked inaccessible"). Each is a replace of the store: persisted at once (spec 4 persistence delays).
 */
import { isPostageCode } from '../../../../domain/delivery/postage-code';
import { cart, type CartItem, cartLines, type CartProduct } from './store';

/** True for the delivery fee line's product: code1 starting with 'postikulu', any case (the domain's rule). */
export function isPostage(product: Pick<CartProduct, 'code1'>): boolean {
  return isPostageCode(product.code1);
}

/** Removes every postage line, then adds `postage` with quantity 1 as the last line; `null` only removes them. */
export function setPostage(postage: CartProduct | null): void {
  const lines: CartItem[] = cartLines(cart.get()).filter((l) => !isPostage(l.product));
  if (postage) lines.push({ product: postage, amount: 1 });
  cart.replaceAll(lines);
}

/** Replaces the product data of the lines of `products` (ids not in the cart are ignored), keeping amounts and order. */
export function refreshProducts(products: CartProduct[]): void {
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines = cartLines(cart.get());
  if (!lines.some((l) => byId.has(l.product.id))) return;
  cart.replaceAll(lines.map((l) => ({ ...l, product: byId.get(l.product.id) ?? l.product })));
}

/** Marks a line's product inaccessible (a 404 when it was reloaded). */
export function markInaccessible(productId: string): void {
  const lines = cartLines(cart.get());
  const line = lines.find((l) => l.product.id === productId);
  if (!line || line.product.visibility === 'inaccessible') return;
  cart.replaceAll(lines.map((l) => (l === line ? { ...l, product: { ...l.product, visibility: 'inaccessible' as const } } : l)));
}
