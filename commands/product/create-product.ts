/** CreateProduct: see `CreateProduct` in domain/product/product.ts for its rules and errors. */
import { productHandler } from './product-handler.js';

export const createProduct = productHandler('CreateProduct');
