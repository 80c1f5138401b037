/** GET /v1/categories?lang: the category tree with product counts (spec 3 "Category"); shared, in lib/categories. */
export { categoriesQueryOptions, getCategories, useCategories } from '../../../lib/categories';
