/**
 * Paths no other route claims: a category URL (spec 9: two-letter language prefix + the last 3 names of the
 * category path, e.g. /et/filtrid/olifiltrid) shows that category's listing; anything else is the not-found page.
 */
import { useLocation } from 'react-router';
import { NotFoundRoute } from '../../../app/routes/not-found-route';
import { Spinner } from '../../../components/spinner';
import { useRouteLanguage } from '../../../lib/language';
import { useCategories } from '../api/get-categories';
import { findCategoryByUrl } from '../utils/category-tree';
import { ProductListingRoute } from './product-listing';

export function CategoryUrlRoute() {
  const { pathname } = useLocation();
  const { lang, prefix } = useRouteLanguage();
  const categories = useCategories(lang);
  // Category URLs always carry the language prefix.
  if (!prefix) return <NotFoundRoute />;
  if (categories.isPending) return <Spinner />;
  const node = categories.data ? findCategoryByUrl(categories.data, pathname) : undefined;
  if (!node) return <NotFoundRoute />;
  return <ProductListingRoute key={node.id} categoryId={node.id} />;
}
