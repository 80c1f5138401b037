/**
 * DeleteCategory: see `DeleteCategory` in domain/category/category.ts for its rules and errors. The caller gives
 * `childCount` (live subcategories) and `productCount` (products filed under the category), read from the catalog
 * read model (projections/catalog/admin-category-queries.ts `categoryUsage`); the decider refuses a delete while
 * either is above 0 (`category.has_children`, `category.has_products`). The read model may lag a moment behind a
 * move made just before; the worst case is a refusal that a reload resolves, or a subcategory created in that moment
 * whose branch the storefront then hides (a child of a deleted category is not shown).
 */
import { categoryHandler } from './category-handler.js';

export const deleteCategory = categoryHandler('DeleteCategory');
