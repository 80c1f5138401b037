/**
 * The shapes of the catalog's listing index (listing-index.ts): the rows it reads, the query it answers and the page
 * it returns, and the per-slot columns its parts share (every product has a dense slot number; a column holds one
 * value per slot).
 */
import type { ChosenVehicle, Fitment } from '../../domain/fitment/fitment.js';
import type { CategoryDoc } from './projection.js';

/** One `products` row as the index reads it (listing-index-source.ts selects exactly these). */
export interface IndexProductRow {
  id: string;
  /** Creation order (global position of ProductCreated), as a decimal string or number. */
  seq: string | number;
  listed: boolean;
  /** The normalised part numbers (code1, code2, OE numbers), space-separated. */
  code_text: string;
  /** Search aliases (staff-given words), space-separated; searched like name words. */
  alias_text: string;
  name_et: string;
  name_en: string;
  category_ids: string[];
  /** `name=value` facet pairs. */
  facets: string[];
  gross_cents: number | null;
  /** Milliseconds since the epoch, or null. */
  modified_ms: number | null;
  /** Visibility window in milliseconds since the epoch (±Infinity for open ends) and the states in and out of it. */
  vis_from_ms: number;
  vis_to_ms: number;
  vis_in: string;
  vis_out: string;
  /** Vehicle fitment (domain/fitment); null or absent: unknown. */
  fitment?: Fitment | null;
}

/** One `categories` row as the index reads it. */
export interface IndexCategoryRow {
  doc: CategoryDoc;
}

/** Sort options (spec 9), as in queries.ts. */
export type IndexSort = '-modified_at' | '-id' | 'id' | '-total_price' | 'total_price' | 'name' | '-name';

export interface IndexQuery {
  q?: string;
  categoryId?: string;
  filters?: Record<string, string[]>;
  priceMinCents?: number;
  priceMaxCents?: number;
  page: number;
  pageSize: number;
  sort?: IndexSort;
  language: 'et' | 'en';
  /** Milliseconds since the epoch the visibility rules are evaluated at. */
  nowMs: number;
  /** The shopper's vehicle: only parts that fit it or are universal (docs/architecture.md "Vehicle fitment"). */
  vehicle?: ChosenVehicle;
  /** With a vehicle: also the parts without fitment data (the storefront's toggle). */
  includeUnknown?: boolean;
}

export interface IndexPage {
  /** Product ids of the page, in order. */
  ids: string[];
  /** Ids on this page that match every applied filter. */
  exactIds: string[];
  /** Matching products on all pages. */
  total: number;
  availableFilters: { name: string; options: Record<string, number> }[];
  leftOutSearchKeywords: string[];
  /** With a vehicle and without `includeUnknown`: the matching parts left out for having no fitment data. */
  hiddenUnknown: number;
}

/**
 * The product columns the parts of the index share, one entry per slot. The arrays are made once and never replaced
 * (only their entries change), so a part may keep a reference to one.
 */
export interface SlotColumns {
  ids: string[];
  /** Creation order. */
  seq: number[];
  /** Last change in milliseconds since the epoch; -Infinity when unknown. */
  modified: number[];
  /** Gross price in euro cents; Infinity when the product has none. */
  gross: number[];
  nameEt: string[];
  nameEn: string[];
  aliasText: string[];
  /** Facet ids (listing-facets.ts) of each slot, without duplicates. */
  facetIdsOf: number[][];
  categoryIdsOf: string[][];
  visFrom: number[];
  visTo: number[];
  visIn: string[];
  visOut: string[];
}

/** Empty columns. */
export function emptySlotColumns(): SlotColumns {
  return { ids: [], seq: [], modified: [], gross: [], nameEt: [], nameEn: [], aliasText: [], facetIdsOf: [], categoryIdsOf: [], visFrom: [], visTo: [], visIn: [], visOut: [] };
}

/**
 * What a vehicle landing page lists (docs/architecture.md "Vehicle fitment", landing pages): a whole model (any application to the
 * make, the model, its generations or year ranges) or one chosen vehicle (a generation or model year, as `v=`).
 * Universal and not-vehicle-specific parts are not counted: they are not made for the vehicle.
 */
export type VehiclePageScope = { kind: 'model'; make: string; model: string } | { kind: 'vehicle'; vehicle: ChosenVehicle };

/** One category of a vehicle landing page: its listed, visible parts made for the vehicle, the first few by name. */
export interface VehiclePartsGroup {
  categoryId: string;
  count: number;
  /** The first parts by name in the request's language; `grossCents` in euro cents, null without a price. */
  products: { id: string; name: string; grossCents: number | null }[];
}

/** A vehicle landing page's parts: how many (each counted once), and per category (a part in two categories is in both). */
export interface VehicleParts {
  total: number;
  /** Most parts first, then by category id. */
  groups: VehiclePartsGroup[];
}
