/**
 * The pictogram of a product's top-level category, drawn where the product has no image (listing
 * cards, product page, search results, cart lines): the lucide icon lib/category-pictograms.ts maps the category to,
 * in currentColor (so it follows the theme's text colours), decorative (aria-hidden: the card or line names the
 * product in text). The svg carries `data-pictogram` (the lucide icon name) and `data-category` (the slug of the
 * top-level category, '' when unknown). The icons are one SVG sprite made at build time (web/build/pictogram-sprite.ts,
 * a cached file beside the bundles): each pictogram is `<use>` of its symbol, so no icon is JavaScript.
 */
import spriteUrl from 'virtual:pictogram-sprite';
import { useCategories } from '../lib/categories';
import { pictogramFor, pictogramKeyName, topCategoryByName, topCategoryOf } from '../lib/category-pictograms';
import { useRouteLanguage } from '../lib/language';

export interface CategoryPictogramProps {
  /** The product's category ids (Product.categories[].id); the first one found in the tree decides. */
  categoryIds?: readonly string[];
  /** Or the top-level category's name in the route's language (a search result's first breadcrumb). */
  topCategoryName?: string;
  className?: string;
}

/**
 * The pictogram of the product's top-level category, found in the category tree (GET /v1/categories, usually in the
 * cache already); nothing while the tree loads (no flash of the fallback icon); the fallback pictogram for a
 * product whose category the tree or the table does not know.
 */
export function CategoryPictogram({ categoryIds, topCategoryName, className }: CategoryPictogramProps) {
  const { lang } = useRouteLanguage();
  const tree = useCategories(lang);
  if (tree.isPending) return null;
  const nodes = tree.data ?? [];
  const top = categoryIds?.length ? topCategoryOf(nodes, categoryIds) : topCategoryName ? topCategoryByName(nodes, topCategoryName, lang) : undefined;
  const { category, icon } = pictogramFor(top ? pictogramKeyName(top) : null);
  return (
    <svg
      className={`lucide lucide-${icon} category-pictogram${className ? ` ${className}` : ''}`}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.25}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-pictogram={icon}
      data-category={category}
    >
      <use href={`${spriteUrl}#${icon}`} />
    </svg>
  );
}
