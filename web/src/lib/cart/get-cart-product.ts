/**
 * GET /product/view/{id}?lang (spec 7: "data with the product, for each cart item; 404 marks it inaccessible"):
 * the cart page reloads every line's product through it, so prices, stock and visibility are current, with the
 * load progress of spec 4 ("Cart load progress goes 0, then 30, then up to 100 across product reloads").
 * Plain fetches rather than TanStack queries: nothing else reads these answers, they go straight into the store.
 */
import { useEffect, useState } from 'react';
import type { Language, Product } from '../../../../api/contracts/catalog';
import { ApiError, getJson, isNotFound, withQuery } from '../api-client';
import { markInaccessible, refreshProducts } from './cart-actions';
import { type CartProduct, toCartProduct } from './store';

/**
 * Cart load progress in percent (spec 4 "Cart": 0, then 30, then up to 100 across product reloads):
 * 0 before the reload starts, then 30 + 70 x settled / total; 100 for an empty cart.
 */
export function loadProgress(started: boolean, settled: number, total: number): number {
  if (total === 0) return 100;
  if (!started) return 0;
  return 30 + Math.round((70 * Math.min(settled, total)) / total);
}

/**
 * The current product of a cart line as the cart keeps it.
 * @throws ApiError 404 when the product is unknown or inaccessible; other ApiErrors as `getJson`.
 */
export async function getCartProduct(id: string, lang: Language, signal?: AbortSignal): Promise<CartProduct> {
  const { body } = await getJson<{ data?: Product }>(withQuery(`/product/view/${encodeURIComponent(id)}`, { lang }), signal);
  if (!body.data) throw new ApiError(404, 'Product not found', 'not_found');
  return toCartProduct(body.data);
}

export interface CartReload {
  /** Load progress in percent: 0, 30, then up to 100. */
  progress: number;
  /** Ids whose reload has finished (successfully or not). */
  settled: ReadonlySet<string>;
}

/**
 * Reloads the products of `ids` once when the calling page mounts (or the language changes): each answer refreshes
 * the line in the cart store; a 404 marks the line inaccessible; any other failure keeps the stored product.
 */
export function useCartReload(ids: readonly string[], lang: Language): CartReload {
  const [started, setStarted] = useState(false);
  const [settled, setSettled] = useState<ReadonlySet<string>>(() => new Set());
  const key = ids.join(',');
  useEffect(() => {
    const controller = new AbortController();
    setStarted(true);
    setSettled(new Set());
    for (const id of ids) {
      getCartProduct(id, lang, controller.signal)
        .then((product) => refreshProducts([product]))
        .catch((error: unknown) => {
          if (isNotFound(error)) markInaccessible(id);
        })
        .finally(() => {
          if (!controller.signal.aborted) setSettled((s) => new Set(s).add(id));
        });
    }
    return () => controller.abort();
    // `key` stands for `ids` (a new array with the same ids reloads nothing).
  }, [key, lang]);
  return { progress: loadProgress(started, settled.size, ids.length), settled };
}
