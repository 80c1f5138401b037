/** ChangeCategoryClassName: see `ChangeCategoryClassName` in domain/category/category.ts for its rules and errors. */
import { categoryHandler } from './category-handler.js';

export const changeCategoryClassName = categoryHandler('ChangeCategoryClassName');
