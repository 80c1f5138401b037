/**
 * The anonymous shopper session of this browser tab (search-conversion analysis; api/plugins/shopper-session.ts): the
 * random uuid of the tab's visit that the page views use too (sessionStorage `pageViewSession`, ./page-views.ts),
 * sent with every storefront api call as the `X-Shopper-Session` header, so a search, the products opened after it,
 * the cart additions and the order of one tab can be followed. No cookie, no personal data; none on the server
 * render, on staff pages, or when the browser refuses sessionStorage.
 *
 * `recordShopperStep` posts a product opening or a cart addition (POST /v1/shopper-step), silently, and only in a tab
 * that searched (`noteSearch`, called by the api client for a search with text): a visit without a search says
 * nothing about search conversion, so it sends nothing.
 */
export const SESSION_KEY = 'pageViewSession';
const SEARCHED_KEY = 'shopperSearched';
const STAFF_PATH = /^\/(?:(?:et|en)\/)?(?:login\/?$|session\/login\/?$|password-reset\/|admin(?:\/|$))/i;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const randomId = () => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** The tab's session id (made on first use), or null on the server, on staff pages, or without sessionStorage. */
export function shopperSessionId(): string | null {
  const s = storage();
  if (!s || STAFF_PATH.test(window.location.pathname)) return null;
  try {
    const known = s.getItem(SESSION_KEY);
    if (known) return known;
    const id = randomId();
    s.setItem(SESSION_KEY, id);
    return id;
  } catch {
    return null;
  }
}

/** The header to send with a storefront api call (empty when there is no session). */
export function shopperSessionHeader(): Record<string, string> {
  const id = shopperSessionId();
  return id ? { 'X-Shopper-Session': id } : {};
}

/** Notes that the api call `url` is a search with text (GET /v1/products or /v1/search with `q`). */
export function noteSearch(url: string): void {
  if (!/^\/v1\/(?:products|search)\?(?:.*&)?q=[^&]/.test(url)) return;
  try {
    storage()?.setItem(SEARCHED_KEY, '1');
  } catch {
    // Without storage no step is sent: nothing lost but the statistic.
  }
}

/** Whether this tab searched (a step is worth sending). */
export function tabSearched(): boolean {
  try {
    return storage()?.getItem(SEARCHED_KEY) === '1';
  } catch {
    return false;
  }
}
