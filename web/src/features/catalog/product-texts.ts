/**
 * The product page's own texts (the page's labels and messages, the stock notification dialog: keys `product.*` beyond
 * the cards' and `notify.*` of namespace `shop`; its fitment table's `fitment.details`, `.engine`, `.noData`,
 * `.notVehicleSpecific`, `.universal` and the positions; add to cart's `cart.add`, `cart.added` and its does-not-fit
 * question `fitment.confirmTitle`, `.confirmText`, `.addAnyway`, `.cancel`: add to cart loads with this chunk,
 * app/router.tsx), loaded with the product page's chunk rather than in the first load (docs/architecture.md section
 * 6, "First load and crash safety").
 */
import en from '../../locales/en-US/shop-product.json';
import et from '../../locales/et/shop-product.json';
import { addChunkTexts } from '../../lib/i18n';

addChunkTexts('shop', et, en);
