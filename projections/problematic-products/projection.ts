/**
 * The problematic products read model's pure mapping (conventions 5): Product and Stock events to the facts a
 * `products` row keeps, and OrderPlaced to `order_lines`. No I/O: writer.ts loads the rows a batch touches, folds
 * the batch with these functions and writes the rows back. The classifications themselves are
 * domain/product/problematic-products.ts; the derived columns are made by `toProblematicProductsRow`.
 *
 * Idempotent by stream position: a row remembers the last position applied of its product and stock streams
 * (`product_version`, `stock_version`) and ignores events at or below it; an order's lines are keyed by order and
 * product, and OrderPlaced happens once per order.
 */
import { isListed, purchasableIgnoringVisibility, storedProblems, visibilityRuleEnd } from '../../domain/product/problematic-products.js';
import { parseOrderEvent } from '../../domain/order/events.js';
import { parseProductEvent } from '../../domain/product/events.js';
import { PRODUCT_EVENT_TYPES } from '../../domain/product/product.js';
import { DEFAULT_VISIBILITY_RULE, type VisibilityRule } from '../../domain/product/visibility.js';
import { evolveStock, visibilityColumns } from '../product-doc-parts.js';
import { STOCK_EVENT_TYPES } from '../../domain/stock/stock.js';
import type { RecordedEvent } from '../../platform/event-store/port.js';
import type { ProblematicProductsTables } from './schema.js';

export const PROBLEMATIC_PRODUCTS_EVENT_TYPES: readonly string[] = [...PRODUCT_EVENT_TYPES, ...STOCK_EVENT_TYPES, 'OrderPlaced'];

/** The folded facts of one product (times ISO-8601 text). */
export interface ProblematicProductsDoc {
  id: string;
  product_exists: boolean;
  code1: string;
  name_et: string;
  name_en: string;
  gross_cents: number | null;
  has_description_et: boolean;
  has_description_en: boolean;
  image_count: number;
  category_count: number;
  policy: ProblematicProductsTables['products']['policy'];
  delivery_days: number | null;
  stock: Record<string, number>;
  critical_stock_level: number | null;
  visibility: VisibilityRule;
  changed_at: string | null;
  product_version: number;
  stock_version: number;
}

export function emptyProblematicProductsDoc(id: string): ProblematicProductsDoc {
  return {
    id, product_exists: false, code1: '', name_et: '', name_en: '', gross_cents: null, has_description_et: false, has_description_en: false,
    image_count: 0, category_count: 0, policy: 'available', delivery_days: null, stock: {}, critical_stock_level: null,
    visibility: DEFAULT_VISIBILITY_RULE, changed_at: null, product_version: 0, stock_version: 0,
  };
}

/** Applies one Product or Stock event (returns `doc` itself when the event was applied already). */
export function evolveProblematicProductsDoc(doc: ProblematicProductsDoc, event: RecordedEvent): ProblematicProductsDoc {
  if (event.streamId.startsWith('stock-')) return evolveStock(doc, event);
  const position = Number(event.streamPosition);
  if (position <= doc.product_version) return doc;
  const e = parseProductEvent(event);
  const next: ProblematicProductsDoc = { ...doc, product_version: position, changed_at: event.metadata.time };
  switch (e.type) {
    case 'ProductCreated':
      return {
        ...next, product_exists: true, code1: e.data.code1, name_et: e.data.names.et, name_en: e.data.names.en,
        has_description_et: e.data.descriptions.et.trim() !== '', has_description_en: e.data.descriptions.en.trim() !== '',
      };
    case 'ProductDetailsChanged':
      return e.data.language === 'et'
        ? { ...next, name_et: e.data.name, has_description_et: e.data.description.trim() !== '' }
        : { ...next, name_en: e.data.name, has_description_en: e.data.description.trim() !== '' };
    case 'ProductCodesChanged':
      return { ...next, code1: e.data.code1 };
    case 'ProductImagesChanged':
      return { ...next, image_count: e.data.images.length };
    case 'ProductCategorised':
      return { ...next, category_count: e.data.categoryIds.length };
    case 'ProductPriceChanged':
      return { ...next, gross_cents: e.data.grossCents };
    case 'ProductAvailabilityChanged':
      return { ...next, policy: e.data.policy, delivery_days: e.data.deliveryDays };
    case 'ProductVisibilityChanged':
      return { ...next, visibility: e.data.rule };
    case 'ProductCriticalStockLevelSet':
      return { ...next, critical_stock_level: e.data.level };
    default:
      // Other changes (unit, class, codes2, vehicles, attributes, ...) still make the product "changed" (stale kind).
      return next;
  }
}

/** The `products` row of a folded product: its facts plus the derived columns the queries filter on. */
export function toProblematicProductsRow(doc: ProblematicProductsDoc) {
  const stockTotal = Object.values(doc.stock).reduce((a, b) => a + b, 0);
  const facts = { grossCents: doc.gross_cents, policy: doc.policy, deliveryDays: doc.delivery_days, stockTotal };
  return {
    ...doc,
    listed: doc.product_exists && isListed({ code1: doc.code1 }),
    stock_total: stockTotal,
    problems: storedProblems({
      grossCents: doc.gross_cents,
      descriptions: { et: doc.has_description_et ? 'x' : '', en: doc.has_description_en ? 'x' : '' },
      imageCount: doc.image_count,
    }),
    purchasable: purchasableIgnoringVisibility(facts),
    vis_end: visibilityRuleEnd(doc.visibility),
    ...visibilityColumns(doc.visibility),
  };
}

/** An order's units per product (rows of one product summed), for `order_lines`; null for other events. */
export function orderLinesOf(event: RecordedEvent): { order_id: string; product_id: string; quantity: number; placed_at: string }[] | null {
  if (event.type !== 'OrderPlaced') return null;
  const e = parseOrderEvent(event);
  if (e.type !== 'OrderPlaced') return null;
  const units = new Map<string, number>();
  for (const row of e.data.rows) units.set(row.productId, (units.get(row.productId) ?? 0) + row.quantity);
  return [...units].map(([product_id, quantity]) => ({ order_id: e.data.orderId, product_id, quantity, placed_at: e.data.placedAt }));
}
