/**
 * The anonymous shopper session of a storefront request: the `X-Shopper-Session` header the storefront sends
 * (web/src/lib/page-views.ts `shopperSessionId`: a random uuid of the browser tab, kept in sessionStorage, also the
 * page views' session). No cookie and no personal data; it lets the search-conversion analysis follow one tab from
 * a search to a product, the cart and an order. Anything but a uuid is ignored (undefined).
 */
import type { FastifyRequest } from 'fastify';

export const SHOPPER_SESSION_HEADER = 'x-shopper-session';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The request's shopper session id (lower case uuid), or undefined when absent or malformed. */
export function shopperSessionOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const raw = request.headers[SHOPPER_SESSION_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && UUID.test(value) ? value.toLowerCase() : undefined;
}
