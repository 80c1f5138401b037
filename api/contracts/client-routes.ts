/**
 * The web app's client routes (web/src/app/router.tsx; spec 2 "Screens and routes"), shared by the api and the web
 * app without zod, so the api can answer a path no route claims with HTTP 404 (the SPA's HTML still, so the
 * not-found page renders) instead of 200, and search engines do not index it.
 * web/src/app/client-routes.unit.spec.ts checks that the router declares exactly these patterns.
 *
 * Patterns use react-router's syntax, relative to a language prefix ('', 'et' or 'en'): `:name` is one segment,
 * `:name?` an optional one, a trailing `*` any rest. Matching is case-insensitive and ignores a trailing slash, as
 * react-router's.
 */

/** Language prefixes every path may carry (spec 9): /et/..., /en/... */
export const CLIENT_LANGUAGE_PREFIXES = ['et', 'en'] as const;

/** The shop's pages under each prefix (RootLayout's children in router.tsx), '' being the index (the listing). */
export const STOREFRONT_ROUTE_PATTERNS = [
  '',
  'products',
  'tooted',
  'products/view/:id',
  'searchresults',
  'clear-storage',
  'cart',
  'checkout',
  'payment/:token',
  'payment-success',
  'page/:pageId/:slug?',
  'gallery',
  'gallery/:galleryId',
  'vehicles/:make',
  'vehicles/:make/:model/:generation?',
] as const;

/** The staff side under each prefix (staffRoutes in router.tsx). */
export const STAFF_ROUTE_PATTERNS = ['login', 'session/login', 'password-reset/:token', 'admin/*'] as const;

/**
 * What decides a path none of the patterns above claims (router.tsx's fallbacks): without a prefix one segment is a
 * content page by name (`:pageName`, /muugitingimused); with a prefix the rest is a category URL (spec 9,
 * /et/filtrid/olifiltrid) or, as one segment, a content page by name (/en/muugitingimused); else the not-found page.
 */
export type ClientPathMatch =
  | { kind: 'route' }
  | { kind: 'dynamic'; pageName: string | null; categoryUrl: string | null }
  | { kind: 'none' };

/** Segments of a pattern or path, without empty ones (a trailing slash). */
const segmentsOf = (p: string) => p.split('/').filter(Boolean);

/** True when `pattern` (react-router syntax, relative) matches the path `segments` (case-insensitive). */
export function matchesPattern(pattern: string, segments: readonly string[]): boolean {
  const parts = segmentsOf(pattern);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === '*') return true;
    const segment = segments[i];
    if (part.startsWith(':')) {
      if (segment === undefined) return part.endsWith('?') && i === parts.length - 1;
      continue;
    }
    if (segment === undefined || segment.toLowerCase() !== part.toLowerCase()) return false;
  }
  return segments.length === parts.length;
}

/** Decodes a path segment; a malformed escape (a stray '%') is kept as typed. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Which client route `pathname` (no query string) reaches: a declared route, a dynamic one to look up (a content page
 * name and/or a category URL, the whole path as the browser has it), or none (the not-found page).
 */
export function matchClientPath(pathname: string): ClientPathMatch {
  const segments = segmentsOf(pathname);
  const prefixed = segments.length > 0 && (CLIENT_LANGUAGE_PREFIXES as readonly string[]).includes(segments[0]!.toLowerCase());
  const rest = prefixed ? segments.slice(1) : segments;
  if ([...STOREFRONT_ROUTE_PATTERNS, ...STAFF_ROUTE_PATTERNS].some((p) => matchesPattern(p, rest))) return { kind: 'route' };
  const pageName = rest.length === 1 ? decodeSegment(rest[0]!) : null;
  if (!prefixed) return pageName ? { kind: 'dynamic', pageName, categoryUrl: null } : { kind: 'none' };
  return { kind: 'dynamic', pageName, categoryUrl: pathname };
}

/** The client route of a content page by id (spec 2 `/page/{pageId}/{slug}`). */
export const CONTENT_PAGE_ROUTE_PATTERN = 'page/:pageId/:slug?';

/**
 * The page id or name of a `/page/{pageId}/{slug?}` path (any language prefix), decoded; null for any other path.
 * The route is declared, but whether it shows a page depends on the page (an unknown or hidden one is not found).
 */
export function contentPageRefOf(pathname: string): string | null {
  const segments = segmentsOf(pathname);
  const rest = segments.length > 0 && (CLIENT_LANGUAGE_PREFIXES as readonly string[]).includes(segments[0]!.toLowerCase()) ? segments.slice(1) : segments;
  return matchesPattern(CONTENT_PAGE_ROUTE_PATTERN, rest) ? decodeSegment(rest[1]!) : null;
}
