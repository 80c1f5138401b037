/** The handler factory of the Product aggregate (stream `product-{productId}`). */
import { productDecider, toProductStreamId } from '../../domain/product/product.js';
import { aggregateHandler } from '../shared/aggregate-handler.js';

export const productHandler = aggregateHandler(productDecider, (data: { productId: string }) => toProductStreamId(data.productId));
