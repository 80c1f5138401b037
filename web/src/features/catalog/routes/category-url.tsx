/**
 * Prefixed paths no other route claims: a category URL (spec 9: two-letter language prefix + the last 3 names of the
 * category path, e.g. /et/filtrid/olifiltrid) shows that category's listing; a single name that is no category is a
 * content page (/en/muugitingimused, its own chunk); anything else is the not-found page.
 */
import { lazy } from 'react';
import { useLocation } from 'react-router';
import { NotFoundRoute } from '../../../app/routes/not-found-route';
import { trackLoading } from '../../../components/layout/loading-bar';
import { Spinner } from '../../../components/spinner';
import { useRouteLanguage } from '../../../lib/language';
import { useCategories } from '../api/get-categories';
import { findCategoryByUrl } from '../utils/category-tree';
import { ProductListingRoute } from './product-listing';

const ContentPageRoute = lazy(() => trackLoading(import('../../pages/routes/content-page')).then((m) => ({ default: m.ContentPageRoute })));

export function CategoryUrlRoute() {
  const { pathname } = useLocation();
  const { lang, prefix } = useRouteLanguage();
  const categories = useCategories(lang);
  // Category URLs always carry the language prefix.
  if (!prefix) return <NotFoundRoute />;
  if (categories.isPending) return <Spinner />;
  const node = categories.data ? findCategoryByUrl(categories.data, pathname) : undefined;
  if (!node) {
    // One segment after the prefix and no such category: a content page by name (/en/muugitingimused).
    const segments = pathname.slice(prefix.length).split('/').filter(Boolean);
    return segments.length === 1 ? <ContentPageRoute name={segments[0]} /> : <NotFoundRoute />;
  }
  return <ProductListingRoute key={node.id} categoryId={node.id} />;
}
