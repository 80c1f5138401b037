/** SetProductSearchAliases: see `SetProductSearchAliases` in domain/product/product.ts for its rules and errors. */
import { productHandler } from './product-handler.js';

export const setProductSearchAliases = productHandler('SetProductSearchAliases');
