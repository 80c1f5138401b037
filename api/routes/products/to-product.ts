/** Maps a listed product of the catalog read model to the API's Product (spec 3) in one language. */
import { imageSources } from '../../../domain/file/image-ref.js';
import { type Image, type Language, type Product, VISIBILITY_STATE_CODES } from '../../contracts/catalog.js';
import type { ListedProduct } from '../../../projections/catalog/queries.js';
import { type FilterLabelMap, labelAttribute } from '../../plugins/filter-labels.js';

/** Euro cents to a decimal string with 2 decimals: 1240 -> "12.40". */
export const centsToEuros = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));
/** A product image reference (domain/file/image-ref.ts: an uploaded file or an imported URL) as the API shows it. */
export function toImage(ref: string): Image {
  const { url, thumbnail, srcset } = imageSources(ref);
  return { url, inlinePreview: null, thumbnail, srcset };
}

/** Whole units to the spec's amount text with 3 decimals: 4 -> "4.000". */
const amount = (units: number) => units.toFixed(3);

/**
 * @param categoryPath names of a category and its ancestors, root first (empty when the category is unknown)
 * @param filterLabels labels of the technical criteria (none: each shown as the product carries it)
 */
export function toProduct(
  p: ListedProduct,
  language: Language,
  categoryPath: (id: string, language: Language) => string[],
  filterLabels: FilterLabelMap = new Map(),
): Product {
  const d = p.doc;
  const name = (language === 'en' ? d.name_en : d.name_et) || d.name_et || d.name_en;
  const description = (language === 'en' ? d.description_en : d.description_et) || d.description_et || d.description_en;
  const warehouses = Object.keys(d.stock).sort();
  return {
    id: d.id,
    content_id: d.id,
    name,
    names: { et: d.name_et || d.name_en, en: d.name_en || d.name_et },
    path: `/products/view/${d.id}`,
    code1: d.code1,
    code2: d.code2,
    price: centsToEuros(d.gross_cents),
    price_wo_vat: centsToEuros(d.net_cents),
    priceCents: d.gross_cents,
    priceWoVatCents: d.net_cents,
    vatRate: d.vat_rate,
    description,
    unit: d.unit,
    availableForSale: d.policy === 'non_stock' ? 0 : p.stockTotal,
    hasLimitedAmount: p.hasLimitedAmount,
    available_in: p.availableIn,
    image: d.images[0] ? toImage(d.images[0]) : null,
    images: d.images.map(toImage),
    stock: [{ warehouse: null, amount: amount(p.stockTotal) }, ...warehouses.map((w) => ({ warehouse: w, amount: amount(d.stock[w]) }))],
    critical_stock_level: d.critical_stock_level,
    big_product: d.big_product,
    class: d.product_class === 'service' ? 'service' : 'product',
    visibility: { currentState: p.visibility, currentStateCode: VISIBILITY_STATE_CODES[p.visibility] },
    // The whole path ("Pidurid › MG"): a leaf name alone (a marque) is ambiguous.
    categories: d.category_ids.flatMap((id) => {
      const path = categoryPath(id, language);
      return path.length ? [{ id, name: path.join(' › ') }] : [];
    }),
    attributes: d.attributes.map((a) => labelAttribute(a, filterLabels, language)),
    oeNumbers: d.oe_numbers,
    compatibleVehicles: d.vehicles,
    modified_at: d.modified_at ?? d.created_at ?? '',
  };
}

/**
 * The product with `content`, the nested wrapper of the same fields (spec 3 "content (nested wrapper of the same
 * fields)"), as GET /product/view/{id} and GET /v1/delivery-provider/{providerId} answer it (spec 7), and the server
 * render's in-process read of the product page (its data is the api's); not the listings.
 */
export function withContent(product: Product): Product {
  const { content: _content, ...fields } = product;
  return { ...fields, content: fields };
}
