/** ChangeProductFitment: see `ChangeProductFitment` in domain/product/product.ts and `decideFitmentChange` in domain/fitment. */
import { productHandler } from './product-handler.js';

export const changeProductFitment = productHandler('ChangeProductFitment');
