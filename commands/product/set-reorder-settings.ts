/** SetReorderSettings: see `SetReorderSettings` in domain/product/product.ts for its rules and errors. */
import { productHandler } from './product-handler.js';

export const setReorderSettings = productHandler('SetReorderSettings');
