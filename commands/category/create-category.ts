/** CreateCategory: see `CreateCategory` in domain/category/category.ts for its rules and errors. */
import { categoryHandler } from './category-handler.js';

export const createCategory = categoryHandler('CreateCategory');
