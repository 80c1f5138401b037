/**
 * GET /v1/delivery-provider/{providerId}?lang (spec 7): the provider's postage product, which the cart keeps as the
 * delivery fee line (quantity 1, after removing older postage lines; web/src/features/cart/cart-actions.ts setPostage).
 */
import type { Product } from '../../../../../api/contracts/catalog';
import type { Language } from '../../../lib/language';
import { ApiError, getJson, withQuery } from '../../../lib/api-client';

/**
 * @throws ApiError 404 `delivery.provider_not_found` / `delivery.postage_not_found`; others as `getJson`.
 */
export async function getPostageProduct(providerId: string, lang: Language, signal?: AbortSignal): Promise<Product> {
  const { body } = await getJson<{ data?: Product }>(withQuery(`/v1/delivery-provider/${encodeURIComponent(providerId)}`, { lang }), signal);
  if (!body.data) throw new ApiError(404, 'Postage not found', 'delivery.postage_not_found');
  return body.data;
}
