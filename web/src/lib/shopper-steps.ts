/**
 * Shopper steps for the search-conversion analysis (POST /v1/shopper-step, api/contracts/shopper-steps.ts): a product
 * page shown, units put in the cart. Sent silently (no flash or toast on failure), only in a tab that searched
 * (./shopper-session.ts `tabSearched`), with the tab's anonymous session in the `X-Shopper-Session` header the api
 * client adds to every call.
 */
import type { ShopperStepBody } from '../../../api/contracts/shopper-steps';
import { postJson } from './api-client';
import { tabSearched } from './shopper-session';

export function recordShopperStep(step: ShopperStepBody): void {
  if (typeof window === 'undefined' || !tabSearched()) return;
  postJson('/v1/shopper-step', step, { silent: true }).catch(() => undefined);
}
