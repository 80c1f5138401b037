/**
 * Shopper steps (stream `shopper-steps-{yyyy-mm-dd}`, one per UTC day): what an anonymous storefront session did
 * after a search, for the search-conversion analysis (analytics/search-conversion; docs/architecture.md "Analyses: search conversion and the order funnel":
 * searches -> product opened -> added to cart -> ordered). The data holds no personal data: the session is a random
 * uuid of the browser tab, carried in the event metadata as `shopperSession` (commands/shared/command-handler.ts),
 * like the SearchPerformed and OrderPlaced of the same tab.
 *
 * - ShopperOpenedProduct: the tab opened a product page (`productId`).
 * - ShopperAddedToCart: the tab put `quantity` units of `productId` in its cart (the cart itself lives in the browser).
 */
import { z } from 'zod';
import type { Message } from '../shared/decider.js';
import { type EventDataSchemas, eventParser } from '../shared/events.js';

export type ShopperStepEvent =
  | Message<'ShopperOpenedProduct', { productId: string }>
  | Message<'ShopperAddedToCart', { productId: string; quantity: number }>;

export const SHOPPER_STEP_EVENT_TYPES = ['ShopperOpenedProduct', 'ShopperAddedToCart'] as const;

/** Stream of the shopper steps of the UTC day of `time` (ISO-8601). */
export const toShopperStepStreamId = (time: string) => `shopper-steps-${time.slice(0, 10)}`;

export const SHOPPER_STEP_EVENT_SCHEMAS: EventDataSchemas<ShopperStepEvent> = {
  ShopperOpenedProduct: z.object({ productId: z.string() }),
  ShopperAddedToCart: z.object({ productId: z.string(), quantity: z.number() }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseShopperStepEvent = eventParser<ShopperStepEvent>(SHOPPER_STEP_EVENT_SCHEMAS);
