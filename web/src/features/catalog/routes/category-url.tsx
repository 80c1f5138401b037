/**
 * Prefixed paths no other route claims: a category URL (spec 9: two-letter language prefix + the last 3 names of the
 * category path, e.g. /et/filtrid/olifiltrid) shows that category's listing; a single name that is no category is a
 * content page (/en/muugitingimused); anything else is the not-found page. What shows for a path that is no category
 * is `notCategory`'s (app/router.tsx composes the content page and not-found routes: features do not import each
 * other).
 */
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { useRouteLanguage } from '../../../lib/language';
import { useCategories } from '../api/get-categories';
import { findCategoryByUrl } from '../utils/category-tree';
import { ProductListingRoute } from './product-listing';

/** `notCategory(pageName)`: the page for a path that is no category; `pageName` is its one segment, or null. */
export function CategoryUrlRoute({ notCategory }: { notCategory: (pageName: string | null) => ReactNode }) {
  const { pathname } = useLocation();
  const { lang, prefix } = useRouteLanguage();
  const categories = useCategories(lang);
  // Category URLs always carry the language prefix.
  if (!prefix) return notCategory(null);
  if (categories.isPending) return <Spinner />;
  const node = categories.data ? findCategoryByUrl(categories.data, pathname) : undefined;
  if (!node) {
    // One segment after the prefix and no such category: a content page by name (/en/muugitingimused).
    const segments = pathname.slice(prefix.length).split('/').filter(Boolean);
    return notCategory(segments.length === 1 ? segments[0]! : null);
  }
  return <ProductListingRoute key={node.id} categoryId={node.id} />;
}
