/** The handler factory of the Category aggregate (stream `category-{categoryId}`). */
import { categoryDecider, toCategoryStreamId } from '../../domain/category/category.js';
import { aggregateHandler } from '../shared/aggregate-handler.js';

export const categoryHandler = aggregateHandler(categoryDecider, (data: { categoryId: string }) => toCategoryStreamId(data.categoryId));
