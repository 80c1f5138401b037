/**
 * The catalog read model's tables (schema `rm_catalog`, or `rm_catalog__rebuild` during a rebuild: the queries name
 * the schema, so the types hold for both). Column types are what pg returns: bigint as a decimal string,
 * timestamptz as Date, jsonb as parsed JSON. See writer.ts createTables.
 */
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { ReadModelTables } from '../read-model.js';
import type { Fitment } from '../../domain/fitment/fitment.js';
import type { CategoryDoc, ProductDoc } from './projection.js';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type CatalogTables = ReadModelTables & {
  /** One listing row per product: the derived, indexed columns the listing, search and facets read. */
  products: {
    id: string;
    /** Stream position of the last event applied (bigint). */
    seq: ColumnType<string, string | bigint, string | bigint>;
    listed: boolean;
    code1: string;
    code2: string | null;
    name_et: string;
    name_en: string;
    codes_norm: string[];
    code_text: string;
    /** Search aliases, space-separated. */
    alias_text: string;
    category_ids: string[];
    /** `name=value` facet pairs. */
    facets: string[];
    gross_cents: number | null;
    net_cents: number | null;
    stock_total: number;
    available_in: number;
    has_limited_amount: boolean;
    vis_from: Timestamp;
    vis_to: Timestamp;
    vis_in: string;
    vis_out: string;
    modified_at: Timestamp | null;
    /** `$all` checkpoint of the last Product event applied (text, collation C: `$all` order): the listing index follows it. */
    listing_position: string;
    /** Availability policy (available, on_demand, not_available, non_stock): ProductList's filter. */
    policy: string;
    /** Number of images (0: ProductList's "without image"). */
    image_count: number;
    /** critical_stock_level in whole units, or null: "low stock" is 1..critical_level units. */
    critical_level: number | null;
    /** Vehicle fitment (domain/fitment `Fitment`), null while unknown. */
    fitment: ColumnType<Fitment | null, string | null, string | null>;
    search: Generated<string>;
  };
  /**
   * The folded product documents, apart from the narrow listing rows, with each one's listing card as JSON text
   * (product-card.ts ProductCardTexts: per language, the tail and the attributes).
   */
  product_docs: {
    id: string;
    doc: ProductDoc;
    card_et: string;
    card_en: string;
    card_tail: string;
    card_attributes: string;
    card_categories: string;
    /** `$all` checkpoint of the last event (product or stock) that changed the card (text, collation C): the api's listing cards follow it. */
    card_position: string;
  };
  categories: {
    id: string;
    doc: CategoryDoc;
    parent_id: string | null;
    seq: ColumnType<string, string | bigint, string | bigint>;
    deleted: boolean;
    /** `$all` checkpoint of the last Category event applied (text, collation C): the listing index follows it. */
    listing_position: string;
  };
};

export type CatalogDb = Kysely<CatalogTables>;
export type CatalogTransaction = Transaction<CatalogTables>;
