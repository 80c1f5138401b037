/**
 * Shopper step contract (POST /v1/shopper-step; domain/search/shopper-steps.ts): what an anonymous storefront tab
 * did after a search, for the search-conversion analysis. Imports nothing but zod.
 */
import { z } from 'zod';

/**
 * Body of POST /v1/shopper-step: `step` 'product-opened' (a product page shown) or 'cart-added' (units put in the
 * cart), the product's id, and for 'cart-added' the quantity (1..100000). The tab's session id travels in the
 * `X-Shopper-Session` header, as on every storefront request.
 */
export const shopperStepBodySchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('product-opened'), productId: z.string().min(1).max(100) }),
  z.object({ step: z.literal('cart-added'), productId: z.string().min(1).max(100), quantity: z.number().int().min(1).max(100_000) }),
]);
export type ShopperStepBody = z.input<typeof shopperStepBodySchema>;
