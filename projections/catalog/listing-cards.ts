/**
 * The listing cards in memory: every product's stored listing card (product-card.ts: `card_et`, `card_en`,
 * `card_tail`, `card_attributes`, `card_categories` of `product_docs`) as UTF-8 bytes, with what a listed product's
 * answer decides per request (visibility window, stock total, critical level), held by each api process beside the
 * listing index (listing-index-source.ts loads and follows both). A page of GET /v1/products is then answered from
 * memory: no PostgreSQL read of the page's rows, no text decoded from the driver and encoded again
 * (docs/architecture.md "Caches, hot routes and recorded searches", "The listing cards in memory").
 *
 * Not a cache: it holds every product from before the first answer and follows the read model by `card_position`
 * (the `$all` checkpoint of the last event, product or stock, that changed the card), read with the listing's head in
 * every request (queries.ts listProductCards), so an answer is never older than the read model it was asked of.
 * Memory: about the cards' UTF-8 size (~215 MB at 105,000 products: 2 KB a product, both languages), off the V8 heap.
 */
import type { ProductAttribute } from '../../domain/product/product.js';

/** A `product_docs` row joined with what its `products` row adds, as the source reads it (text columns, as stored). */
export interface CardRow {
  id: string;
  card_et: string;
  card_en: string;
  card_tail: string;
  card_attributes: string;
  card_categories: string;
  card_position: string;
  stock_total: number;
  critical_level: number | null;
  /** The visibility window in epoch milliseconds (±Infinity for an open end) and the states in and out of it. */
  vis_from_ms: number;
  vis_to_ms: number;
  vis_in: string;
  vis_out: string;
}

/** Visibility of a listed product at a time: visible, hidden or inaccessible (spec 3 "Product" visibility). */
export type CardVisibility = 'visible' | 'hidden' | 'inaccessible';

/** One product's card as the store keeps it. */
interface StoredCard {
  /** UTF-8 bytes: the Estonian head, the English head, then the tail without its closing brace. */
  bytes: Buffer;
  /** End of the Estonian head and of the English head in `bytes`. */
  etEnd: number;
  enEnd: number;
  attributes: readonly ProductAttribute[];
  categoryIds: readonly string[];
  stockTotal: number;
  criticalLevel: number | null;
  visFromMs: number;
  visToMs: number;
  visIn: CardVisibility;
  visOut: CardVisibility;
}

/** A listed product as a page shows it: its card's bytes in the page's language and what the request decided. */
export interface ListedCard {
  id: string;
  /** The card's head in the listing's language, UTF-8: `{"id":...,"class":"product"` (no closing brace). */
  head: Buffer;
  /** `"oeNumbers":...,"modified_at":"..."` (no opening or closing brace), UTF-8. */
  tail: Buffer;
  /** The technical criteria, labelled per request. */
  attributes: readonly ProductAttribute[];
  categoryIds: readonly string[];
  /** On-hand whole units over all warehouses. */
  stockTotal: number;
  /** critical_stock_level in whole units, or null (the staff fields). */
  criticalLevel: number | null;
  /** Visibility at the request's time. */
  visibility: CardVisibility;
}

const visibilityOf = (state: string): CardVisibility => (state === 'hidden' || state === 'inaccessible' ? state : 'visible');

/**
 * The criteria and category ids the cards share: each `name=value` criterion and each category id is one object or
 * string for every card that has it (a catalog has a few thousand of them, against ~200,000 criteria on its products),
 * so the cards' parsed parts cost a pointer each on the V8 heap. Never emptied: bounded by the facet values and
 * categories the catalog ever had while the process lives (as the listing index's facet ids are).
 */
export class SharedParts {
  private readonly attributes = new Map<string, Map<string, ProductAttribute>>();
  private readonly categoryIds = new Map<string, string>();

  attribute(a: ProductAttribute): ProductAttribute {
    let values = this.attributes.get(a.name);
    if (!values) this.attributes.set(a.name, (values = new Map()));
    let one = values.get(a.value);
    if (!one) values.set(a.value, (one = Object.freeze({ name: a.name, value: a.value })));
    return one;
  }

  categoryId(id: string): string {
    let one = this.categoryIds.get(id);
    if (one === undefined) this.categoryIds.set(id, (one = id));
    return one;
  }
}

/**
 * A row's card as kept in memory (`shared`: the criteria and category ids other cards already hold). The tail's closing brace is dropped here, so a page appends its own fields (fitment,
 * staff) before closing the object (api/routes/products/to-product.ts productCardPieces).
 * @throws SyntaxError when the stored attribute or category JSON is not JSON (the writer always stores JSON).
 */
export function storedCardOf(row: CardRow, shared: SharedParts = new SharedParts()): StoredCard {
  const tail = row.card_tail.endsWith('}') ? row.card_tail.slice(0, -1) : row.card_tail;
  const etLength = Buffer.byteLength(row.card_et);
  const enLength = Buffer.byteLength(row.card_en);
  const bytes = Buffer.allocUnsafeSlow(etLength + enLength + Buffer.byteLength(tail));
  bytes.write(row.card_et, 0);
  bytes.write(row.card_en, etLength);
  bytes.write(tail, etLength + enLength);
  return {
    bytes,
    etEnd: etLength,
    enEnd: etLength + enLength,
    attributes: (JSON.parse(row.card_attributes) as ProductAttribute[]).map((a) => shared.attribute(a)),
    categoryIds: (JSON.parse(row.card_categories) as string[]).map((id) => shared.categoryId(id)),
    stockTotal: row.stock_total,
    criticalLevel: row.critical_level,
    visFromMs: row.vis_from_ms,
    visToMs: row.vis_to_ms,
    visIn: visibilityOf(row.vis_in),
    visOut: visibilityOf(row.vis_out),
  };
}

/**
 * A stored card as one request lists it: the head in `language` (Estonian unless 'en') and the visibility at `nowMs`
 * (in the window, both ends included, as the read model's SQL `between` decides it: queries.ts visibleAt).
 */
export function listedCardOf(id: string, card: StoredCard, language: 'et' | 'en', nowMs: number): ListedCard {
  return {
    id,
    head: language === 'en' ? card.bytes.subarray(card.etEnd, card.enEnd) : card.bytes.subarray(0, card.etEnd),
    tail: card.bytes.subarray(card.enEnd),
    attributes: card.attributes,
    categoryIds: card.categoryIds,
    stockTotal: card.stockTotal,
    criticalLevel: card.criticalLevel,
    visibility: nowMs >= card.visFromMs && nowMs <= card.visToMs ? card.visIn : card.visOut,
  };
}

/** Every product's card by product id (listing-index-source.ts keeps it equal to the read model). */
export class ListingCards {
  private readonly cards = new Map<string, StoredCard>();
  private readonly shared = new SharedParts();

  /** Number of products held. */
  get size(): number {
    return this.cards.size;
  }

  /** Sets each row's card (a later row for the same product replaces the earlier one). */
  apply(rows: readonly CardRow[]): void {
    for (const row of rows) this.cards.set(row.id, storedCardOf(row, this.shared));
  }

  /** The product's card as listed at `nowMs` in `language`, or undefined for an unknown id. */
  listed(id: string, language: 'et' | 'en', nowMs: number): ListedCard | undefined {
    const card = this.cards.get(id);
    return card ? listedCardOf(id, card, language, nowMs) : undefined;
  }
}
