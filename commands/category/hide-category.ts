/** HideCategory: see `HideCategory` in domain/category/category.ts for its rules and errors. */
import { categoryHandler } from './category-handler.js';

export const hideCategory = categoryHandler('HideCategory');
