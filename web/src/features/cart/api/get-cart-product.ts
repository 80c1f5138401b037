/**
 * GET /product/view/{id}?lang (spec 7: "data with the product, for each cart item; 404 marks it inaccessible"):
 * the cart page reloads every line's product through it, so prices, stock and visibility are current.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Language, Product } from '../../../../../api/contracts/catalog';
import { ApiError, getJson, withQuery } from '../../../lib/api-client';
import { type CartProduct, toCartProduct } from '../store';

/**
 * The current product of a cart line as the cart keeps it.
 * @throws ApiError 404 when the product is unknown or inaccessible; other ApiErrors as `getJson`.
 */
export async function getCartProduct(id: string, lang: Language, signal?: AbortSignal): Promise<CartProduct> {
  const { body } = await getJson<{ data?: Product }>(withQuery(`/product/view/${encodeURIComponent(id)}`, { lang }), signal);
  if (!body.data) throw new ApiError(404, 'Product not found', 'not_found');
  return toCartProduct(body.data);
}

/** One query per line; always refetched when the cart page opens (staleTime 0); a 404 is not retried (the default). */
export const cartProductQueryOptions = (id: string, lang: Language) =>
  queryOptions({
    queryKey: ['cart', 'product', id, lang] as const,
    queryFn: ({ signal }) => getCartProduct(id, lang, signal),
    staleTime: 0,
    gcTime: 60_000,
  });
