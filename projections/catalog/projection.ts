/**
 * The catalog read model's pure mapping (conventions 5): events of the Product, Stock and Category aggregates to
 * the rows of `products` and `categories`. No I/O: the writer loads the rows a batch touches, folds the batch with
 * these functions and writes the rows back.
 *
 * Idempotent by stream position: a row remembers the last position it applied per stream (`product_version`,
 * `stock_version`, `version`) and ignores events at or below it, so replaying a batch changes nothing.
 */
import { applyFitmentDelta, type Fitment, UNKNOWN_FITMENT } from '../../domain/fitment/fitment.js';
import { shopperAvailability } from '../../domain/product/availability.js';
import { CATEGORY_EVENT_TYPES } from '../../domain/category/category.js';
import { parseCategoryEvent } from '../../domain/category/events.js';
import { parseProductEvent } from '../../domain/product/events.js';
import { PRODUCT_EVENT_TYPES, type ProductAttribute } from '../../domain/product/product.js';
import { STOCK_EVENT_TYPES } from '../../domain/stock/stock.js';
import { DEFAULT_VISIBILITY_RULE, type VisibilityRule } from '../../domain/product/visibility.js';
import { evolveStock, visibilityColumns } from '../product-doc-parts.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import { normalizeCode, oeNumberOnly } from './search-text.js';

export const CATALOG_EVENT_TYPES: readonly string[] = [...PRODUCT_EVENT_TYPES, ...STOCK_EVENT_TYPES, ...CATEGORY_EVENT_TYPES];

/** The folded state of one product as the read model keeps it. */
export interface ProductDoc {
  id: string;
  /** Global position of ProductCreated: the creation order ("id" sort). '0' while only stock is known. */
  seq: string;
  exists: boolean;
  code1: string;
  code2: string | null;
  name_et: string;
  name_en: string;
  description_et: string;
  description_en: string;
  unit: string;
  product_class: string;
  big_product: boolean;
  images: string[];
  category_ids: string[];
  vehicles: string[];
  attributes: ProductAttribute[];
  oe_numbers: string[];
  /** Search aliases (staff-given search words, searched like name words); absent in documents folded before they existed. */
  search_aliases?: string[];
  /** Compatible and similar products' ids (spec 3 "Product": compatible and similar products, edited in the product editor); absent in documents folded before they existed. */
  compatible_products?: string[];
  similar_products?: string[];
  /** Vehicle fitment (domain/fitment, ProductFitmentChanged); absent: unknown (documents folded before it existed). */
  fitment?: Fitment;
  gross_cents: number | null;
  net_cents: number | null;
  vat_rate: number;
  policy: 'available' | 'on_demand' | 'not_available' | 'non_stock';
  delivery_days: number | null;
  visibility: VisibilityRule;
  critical_stock_level: number | null;
  /** On-hand whole units per warehouse id. */
  stock: Record<string, number>;
  created_at: string | null;
  modified_at: string | null;
  product_version: number;
  stock_version: number;
  /**
   * `$all` checkpoint of the last Product event applied (opaque text whose order is `$all` order; '' before any):
   * what the listing index follows (listing-index-source.ts). Stock events leave it alone: no listing order,
   * membership or facet depends on stock.
   */
  listing_position: string;
}

export function emptyProductDoc(id: string): ProductDoc {
  return {
    id, seq: '0', exists: false, code1: '', code2: null, name_et: '', name_en: '', description_et: '', description_en: '',
    unit: 'pcs', product_class: 'product', big_product: false, images: [], category_ids: [], vehicles: [], attributes: [],
    oe_numbers: [], search_aliases: [], gross_cents: null, net_cents: null, vat_rate: 24, policy: 'available', delivery_days: null,
    visibility: DEFAULT_VISIBILITY_RULE, critical_stock_level: null, stock: {}, created_at: null, modified_at: null,
    product_version: 0, stock_version: 0, listing_position: '',
  };
}

/** Applies one Product or Stock event to a product document. */
export function evolveProductDoc(doc: ProductDoc, event: RecordedEvent): ProductDoc {
  if (event.streamId.startsWith('stock-')) return evolveStock(doc, event);
  const position = Number(event.streamPosition);
  if (position <= doc.product_version) return doc;
  const e = parseProductEvent(event);
  const next: ProductDoc = { ...doc, product_version: position, modified_at: event.metadata.time, listing_position: event.checkpoint };
  switch (e.type) {
    case 'ProductCreated':
      return {
        ...next, exists: true, seq: event.globalPosition.toString(), created_at: event.metadata.time, code1: e.data.code1, code2: e.data.code2,
        name_et: e.data.names.et, name_en: e.data.names.en, description_et: e.data.descriptions.et, description_en: e.data.descriptions.en,
        unit: e.data.unit, product_class: e.data.productClass, big_product: e.data.bigProduct,
      };
    case 'ProductDetailsChanged':
      return e.data.language === 'et'
        ? { ...next, name_et: e.data.name, description_et: e.data.description }
        : { ...next, name_en: e.data.name, description_en: e.data.description };
    case 'ProductCodesChanged':
      return { ...next, code1: e.data.code1, code2: e.data.code2 };
    case 'ProductUnitChanged':
      return { ...next, unit: e.data.unit };
    case 'ProductClassChanged':
      return { ...next, product_class: e.data.productClass };
    case 'ProductBigProductFlagChanged':
      return { ...next, big_product: e.data.bigProduct };
    case 'ProductImagesChanged':
      return { ...next, images: e.data.images };
    case 'ProductCategorised':
      return { ...next, category_ids: e.data.categoryIds };
    case 'ProductCompatibleVehiclesChanged':
      return { ...next, vehicles: e.data.vehicles };
    case 'ProductAttributesChanged':
      return { ...next, attributes: e.data.attributes };
    case 'ProductOeNumbersChanged':
      return { ...next, oe_numbers: e.data.oeNumbers };
    case 'ProductSearchAliasesChanged':
      return { ...next, search_aliases: e.data.aliases };
    case 'ProductRelatedProductsChanged':
      return { ...next, compatible_products: e.data.compatible, similar_products: e.data.similar };
    case 'ProductFitmentChanged':
      return { ...next, fitment: applyFitmentDelta(doc.fitment ?? UNKNOWN_FITMENT, e.data) };
    case 'ProductPriceChanged':
      return { ...next, gross_cents: e.data.grossCents, net_cents: e.data.netCents, vat_rate: e.data.vatRatePercent };
    case 'ProductAvailabilityChanged':
      return { ...next, policy: e.data.policy, delivery_days: e.data.deliveryDays };
    case 'ProductVisibilityChanged':
      return { ...next, visibility: e.data.rule };
    case 'ProductCriticalStockLevelSet':
      return { ...next, critical_stock_level: e.data.level };
    default:
      return doc;
  }
}

/** The listing row of a product: the columns of `products` derived from its document. */
export function toProductRow(doc: ProductDoc) {
  const stockTotal = Object.values(doc.stock).reduce((a, b) => a + b, 0);
  const { available_in, hasLimitedAmount } = shopperAvailability(doc.policy, doc.delivery_days, stockTotal);
  const codes = [doc.code1, doc.code2 ?? '', ...doc.oe_numbers.map(oeNumberOnly)].map(normalizeCode).filter(Boolean);
  return {
    id: doc.id,
    seq: doc.seq,
    code1: doc.code1,
    code2: doc.code2,
    name_et: doc.name_et,
    name_en: doc.name_en,
    category_ids: doc.category_ids,
    gross_cents: doc.gross_cents,
    net_cents: doc.net_cents,
    modified_at: doc.modified_at,
    codes_norm: [...new Set(codes)],
    code_text: [...new Set(codes)].join(' '),
    alias_text: (doc.search_aliases ?? []).join(' '),
    facets: [...new Set(doc.attributes.map((a) => `${a.name}=${a.value}`))],
    stock_total: stockTotal,
    available_in,
    has_limited_amount: hasLimitedAmount,
    // Listed: a product (not a service) with a price (spec 5 "Other rules"); visibility is checked at query time.
    listed: doc.exists && doc.product_class === 'product' && doc.gross_cents !== null,
    listing_position: doc.listing_position ?? '',
    // The staff product list's filters: availability policy, without image, low stock (at or below the level).
    policy: doc.policy,
    image_count: doc.images.length,
    critical_level: doc.critical_stock_level,
    // Vehicle fitment for the listing index's vehicle filter; null while unknown (most rows), so the table stays narrow.
    fitment: doc.fitment && doc.fitment.mode !== 'unknown' ? doc.fitment : null,
    ...visibilityColumns(doc.visibility),
  };
}

/** The folded state of one category. */
export interface CategoryDoc {
  id: string;
  parent_id: string | null;
  name_et: string;
  name_en: string;
  position: number;
  hidden: boolean;
  deleted: boolean;
  keywords_et: string;
  keywords_en: string;
  /** The spec's `className` per language (spec 3 "Category"); absent in docs folded before it existed: null. */
  class_name?: { et: string; en: string } | null;
  seq: string;
  version: number;
  /** `$all` checkpoint of the last event applied (text in `$all` order): what the listing index follows. */
  listing_position: string;
}

/** Applies one Category event; returns null for an event about a category never created. */
export function evolveCategoryDoc(doc: CategoryDoc | null, event: RecordedEvent): CategoryDoc | null {
  const position = Number(event.streamPosition);
  if (doc && position <= doc.version) return doc;
  const e = parseCategoryEvent(event);
  if (e.type === 'CategoryCreated') {
    return {
      id: e.data.categoryId, parent_id: e.data.parentId, name_et: e.data.names.et, name_en: e.data.names.en, position: e.data.position,
      hidden: false, deleted: false, keywords_et: '', keywords_en: '', seq: event.globalPosition.toString(), version: position,
      listing_position: event.checkpoint,
    };
  }
  if (!doc) return null;
  const next = { ...doc, version: position, listing_position: event.checkpoint };
  switch (e.type) {
    case 'CategoryRenamed':
      return e.data.language === 'et' ? { ...next, name_et: e.data.name } : { ...next, name_en: e.data.name };
    case 'CategoryMoved':
      return { ...next, parent_id: e.data.parentId, position: e.data.position };
    case 'CategoryHidden':
      return { ...next, hidden: true };
    case 'CategoryShown':
      return { ...next, hidden: false };
    case 'CategorySearchKeywordsChanged':
      return e.data.language === 'et' ? { ...next, keywords_et: e.data.keywords } : { ...next, keywords_en: e.data.keywords };
    case 'CategoryClassNameChanged':
      return { ...next, class_name: e.data.className };
    case 'CategoryDeleted':
      return { ...next, deleted: true };
    default:
      return doc;
  }
}
