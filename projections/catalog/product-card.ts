/**
 * A product's listing card, pre-serialised when the catalog read model folds the product (docs/architecture.md
 * "The listing index", "Caches, hot routes and recorded searches"): the fields of a product answer (spec 3
 * "Product") that depend on the product document alone are kept as JSON text in `product_docs` (`card_et`,
 * `card_en`, `card_tail`, `card_attributes`, `card_categories`), read as `text` (pg parses nothing) and spliced into GET /v1/products'
 * answer (api/routes/products/to-product.ts `productCardJson`). What depends on the request stays per request:
 * visibility at `now`, the category paths (the category tree) and the attribute labels (the filters read model),
 * so a renamed category or a relabelled facet shows exactly as soon as before.
 *
 * The same functions build those fields for the api's `toProduct` (product page, cart), so both answers have one
 * mapping. A change to these fields or their mapping (e.g. image URLs) must bump `catalogReadModel.version`
 * (writer.ts): the stored cards are then rebuilt.
 */
import { imageSources } from '../../domain/file/image-ref.js';
import type { ProductDoc } from './projection.js';

/** Euro cents to a decimal string with 2 decimals: 1240 -> "12.40"; null stays null. */
export const centsToEuros = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

/** A product image reference (domain/file/image-ref.ts: an uploaded file or an imported URL) as the API shows it (spec 3 "Image"). */
export function toImage(ref: string): { url: string; inlinePreview: null; thumbnail: string; srcset: string | null } {
  const { url, thumbnail, srcset } = imageSources(ref);
  return { url, inlinePreview: null, thumbnail, srcset };
}

/** Whole units to the spec's amount text with 3 decimals: 4 -> "4.000". */
export const stockAmount = (units: number) => units.toFixed(3);

/** What the read model derives from a document that the card shows (projection.ts toProductRow). */
export interface ProductCardDerived {
  /** On-hand whole units over all warehouses. */
  stockTotal: number;
  /** Days until available (spec 3 available_in: 0 now, -1 on demand, -2 not available). */
  availableIn: number;
  hasLimitedAmount: boolean;
}

/**
 * The card's fields before `visibility` (spec 3 "Product", in the answer's order): id .. class, in `language`
 * (name and description fall back to the other language).
 */
export function productCardHead(d: ProductDoc, derived: ProductCardDerived, language: 'et' | 'en') {
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
    availableForSale: d.policy === 'non_stock' ? 0 : derived.stockTotal,
    hasLimitedAmount: derived.hasLimitedAmount,
    available_in: derived.availableIn,
    image: d.images[0] ? toImage(d.images[0]) : null,
    images: d.images.map(toImage),
    stock: [{ warehouse: null as string | null, amount: stockAmount(derived.stockTotal) }, ...warehouses.map((w) => ({ warehouse: w as string | null, amount: stockAmount(d.stock[w]) }))],
    critical_stock_level: d.critical_stock_level,
    big_product: d.big_product,
    class: d.product_class === 'service' ? ('service' as const) : ('product' as const),
  };
}

/** The card's fields after `attributes` (spec 3 "Product"): OE numbers, compatible vehicles, last change (ISO-8601, '' when unknown). */
export function productCardTail(d: ProductDoc) {
  return { oeNumbers: d.oe_numbers, compatibleVehicles: d.vehicles, modified_at: d.modified_at ?? d.created_at ?? '' };
}

/** The stored card texts of a product (columns of `product_docs`). */
export interface ProductCardTexts {
  /** `{"id":...,"class":"product"` in Estonian: the head's JSON without its closing brace. */
  card_et: string;
  card_en: string;
  /** `"oeNumbers":[...],...,"modified_at":"..."}`: the tail's JSON without its opening brace. */
  card_tail: string;
  /** The technical criteria `[{"name":...,"value":...}]` as JSON, labelled per request. */
  card_attributes: string;
  /** The document's category ids as JSON (`["id",...]`, as the events gave them), named with their paths per request. */
  card_categories: string;
}

export function productCardTexts(doc: ProductDoc, derived: ProductCardDerived): ProductCardTexts {
  return {
    card_et: JSON.stringify(productCardHead(doc, derived, 'et')).slice(0, -1),
    card_en: JSON.stringify(productCardHead(doc, derived, 'en')).slice(0, -1),
    card_tail: JSON.stringify(productCardTail(doc)).slice(1),
    card_attributes: JSON.stringify(doc.attributes),
    card_categories: JSON.stringify(doc.category_ids),
  };
}
