/**
 * The status of the single-page app's HTML for a browser path: 200 for a path a client route claims
 * (api/contracts/client-routes.ts, the same list web/src/app/router.tsx declares), a content page that exists by
 * name or id (`/page/{pageId}/{slug?}`: the route is declared, but an unknown, unpublished or hidden page is not
 * found), or a visible category's URL (spec 9); 404 for anything else. The HTML is the same either way, so the app's
 * not-found page renders, but search engines do not index an unknown path.
 */
import { type ClientPathMatch, contentPageRefOf, matchClientPath } from '../contracts/client-routes.js';
import type { CategoryNode } from '../contracts/catalog.js';

/** The lookups a dynamic path needs (the pages read model and the category tree the storefront shows). */
export interface SpaLookups {
  /** True when guests see a content page of this name or id now (projections/pages/queries.ts getPage). */
  pageExists(name: string): Promise<boolean>;
  /** The visible category tree (api/plugins/catalog-cache.ts), whose nodes carry their URLs in both languages. */
  categoryTree(): Promise<CategoryNode[]>;
}

/** A category URL as the web app compares it (category-tree.ts): decoded, no trailing slash, lower case. */
function normaliseCategoryPath(p: string): string {
  let decoded = p;
  try {
    decoded = decodeURIComponent(p);
  } catch {
    /* a stray '%': compared as typed */
  }
  return decoded.replace(/\/+$/, '').toLowerCase();
}

/** True when some node of `tree` has `pathname` as its URL in either language. */
function hasCategoryUrl(tree: readonly CategoryNode[], pathname: string): boolean {
  const wanted = normaliseCategoryPath(pathname);
  const visit = (nodes: readonly CategoryNode[]): boolean =>
    nodes.some((n) => normaliseCategoryPath(n.url.et) === wanted || normaliseCategoryPath(n.url.en) === wanted || visit(n.children));
  return visit(tree);
}

/**
 * HTTP status of the SPA's HTML for `url` (path and query as requested): 200 when the web app shows a page there,
 * 404 when it shows its not-found page.
 */
export async function spaStatus(url: string, lookups: SpaLookups): Promise<200 | 404> {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  const pageRef = contentPageRefOf(pathname);
  if (pageRef !== null) return (await lookups.pageExists(pageRef)) ? 200 : 404;
  const match: ClientPathMatch = matchClientPath(pathname);
  if (match.kind === 'route') return 200;
  if (match.kind === 'none') return 404;
  if (match.categoryUrl && hasCategoryUrl(await lookups.categoryTree(), match.categoryUrl)) return 200;
  if (match.pageName && (await lookups.pageExists(match.pageName))) return 200;
  return 404;
}
