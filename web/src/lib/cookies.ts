/**
 * The storefront's own preference cookies (the theme, the remembered listing options): readable by scripts (they are
 * no secret), sent on every path so the server render (api/ssr/storefront-renderer.ts) draws the page in them,
 * SameSite=Lax, kept a year.
 */

const YEAR_SECONDS = 31_536_000;

/** The cookie pairs of this document, e.g. ['theme=ConjLight', 'pageSize=48']. */
export function cookiePairs(): string[] {
  return document.cookie ? document.cookie.split(/;\s*/) : [];
}

/** Sets preference cookie `name` to `value` (plain ASCII from a fixed list: no encoding needed) unless it already is. */
export function writePreferenceCookie(name: string, value: string): void {
  if (cookiePairs().includes(`${name}=${value}`)) return;
  document.cookie = `${name}=${value}; path=/; max-age=${YEAR_SECONDS}; SameSite=Lax`;
}

/** Removes preference cookie `name` (when the stored option it mirrored is gone). */
export function deletePreferenceCookie(name: string): void {
  if (!cookiePairs().some((c) => c.startsWith(`${name}=`))) return;
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
}
