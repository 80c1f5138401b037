/**
 * The problematic products read model's tables (schema `rm_problematic_products`, or `..__rebuild` during a rebuild; the
 * queries name the schema). Column types are what pg returns: timestamptz as Date, jsonb as parsed JSON. See
 * writer.ts createTables and projection.ts for what each column means.
 */
import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { AvailabilityPolicy } from '../../domain/product/availability.js';
import type { VisibilityRule, VisibilityState } from '../../domain/product/visibility.js';
import type { ReadModelTables } from '../read-model.js';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type ProblematicProductsTables = ReadModelTables & {
  /** One row per product id: the facts the classifications read (domain/product/problematic-products.ts) and their results. */
  products: {
    id: string;
    product_exists: boolean;
    /** False for postage products (never listed). */
    listed: boolean;
    code1: string;
    name_et: string;
    name_en: string;
    /** Gross price in euro cents; null: none set. */
    gross_cents: number | null;
    has_description_et: boolean;
    has_description_en: boolean;
    image_count: number;
    category_count: number;
    policy: AvailabilityPolicy;
    delivery_days: number | null;
    /** Free units per warehouse id. */
    stock: Record<string, number>;
    /** Free units over all warehouses (the first stock amount of spec 4). */
    stock_total: number;
    critical_stock_level: number | null;
    visibility: VisibilityRule;
    /** The rule as query-time columns: `vis_in` within [vis_from, vis_to], else `vis_out`. */
    vis_from: Timestamp;
    vis_to: Timestamp;
    vis_in: VisibilityState;
    vis_out: VisibilityState;
    /** When the rule ends (a time range with from != to), else null: the outdated kind. */
    vis_end: Timestamp | null;
    /** Time of the last Product event: the stale kind. */
    changed_at: Timestamp | null;
    /** The problem reasons that do not depend on the time (domain/product/problematic-products.ts storedProblems). */
    problems: string[];
    /** Priced, and not a limited product with nothing free (purchasableIgnoringVisibility). */
    purchasable: boolean;
    /** Stream positions last applied of `product-{id}` and `stock-{id}`. */
    product_version: number;
    stock_version: number;
  };
  /** Units of a product per placed order (OrderPlaced rows summed per product): the popular kind. */
  order_lines: { order_id: string; product_id: string; quantity: number; placed_at: Timestamp };
};

export type ProblematicProductsDb = Kysely<ProblematicProductsTables>;
export type ProblematicProductsTransaction = Transaction<ProblematicProductsTables>;
