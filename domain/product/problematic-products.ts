/**
 * The problematic products list's classifications (spec 2 "Admin area": "The product dashboard lists problematic, stale,
 * outdated, popular and low-stock products, and products without a category"; the admin model ProblematicProductsList).
 * Pure: the read model (projections/problematic-products) stores what these functions need, and its queries apply the
 * same rules at the request's `now` for the kinds that depend on time.
 *
 * The kinds:
 * - `problematic`: a product shoppers may see but cannot buy, or one missing what a product page needs: reasons
 *   `visible_not_purchasable` (visible now, spec 4, and no price or a limited amount with nothing free: spec 4
 *   "Product availability", spec 5 "Quantity and stock"), `no_price` (none set; a price of 0 is a price, reported
 *   as `zero_price`: such a product sells for nothing), `no_description_et` / `no_description_en` (spec 3: the
 *   description is per language), `no_image`.
 * - `stale`: not changed (no Product event) for at least `days` days (staff choose; default 180).
 * - `outdated`: its visibility rule has ended: a time range whose end is before now (spec 4 "Visibility rule": the
 *   range includes its end, so a rule ending exactly now has not ended; from == to never ends).
 * - `popular`: most units ordered in the last 30 days (OrderPlaced rows).
 * - `low-stock`: the first stock amount (the total free units, as the storefront's `stock[0]`) at or below
 *   critical_stock_level (spec 4: the staff low-stock icon); never without a level.
 * - `no-category`: in no category.
 *
 * Postage products (code `postikulu-...`, spec 3) are the shop's delivery fee lines, not goods: never listed here.
 * Times are ISO-8601 strings, amounts whole units, prices integer euro cents.
 */
import { isPostageCode } from '../delivery/providers.js';
import type { Language } from '../shared/localized.js';
import { type AvailabilityPolicy, shopperAvailability } from './availability.js';
import { type VisibilityRule, visibilityAt } from './visibility.js';

export const PROBLEMATIC_PRODUCTS_KINDS = ['problematic', 'stale', 'outdated', 'popular', 'low-stock', 'no-category'] as const;
export type ProblematicProductsKind = (typeof PROBLEMATIC_PRODUCTS_KINDS)[number];

/** Reasons a product is problematic, in the order they are shown. */
export const PROBLEM_REASONS = ['visible_not_purchasable', 'no_price', 'zero_price', 'no_description_et', 'no_description_en', 'no_image'] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];

/** Problem reasons that do not depend on the time (the read model stores them). */
export type StoredProblem = Exclude<ProblemReason, 'visible_not_purchasable'>;

/** Default `days` of the stale kind (not changed for half a year). */
export const DEFAULT_STALE_DAYS = 180;
/** Largest `days` staff may choose (ten years). */
export const MAX_STALE_DAYS = 3650;
/** The popular kind's window, in days (spec 2, the product dashboard: most ordered in the last 30 days). */
export const POPULAR_WINDOW_DAYS = 30;

const DAY_MS = 86_400_000;

/** What the classifications read of a product. */
export interface ProblematicProductsFacts {
  code1: string;
  /** Gross price in euro cents; null: no price set. */
  grossCents: number | null;
  /** Description text per language (only emptiness matters). */
  descriptions: Record<Language, string>;
  imageCount: number;
  categoryCount: number;
  policy: AvailabilityPolicy;
  deliveryDays: number | null;
  /** Free units over all warehouses (spec 4: the first stock amount). */
  stockTotal: number;
  /** Whole units; null: no level set. */
  criticalStockLevel: number | null;
  visibility: VisibilityRule;
}

/** Whether a product belongs on the problematic products list at all (postage items do not). */
export const isListed = (facts: Pick<ProblematicProductsFacts, 'code1'>): boolean => !isPostageCode(facts.code1);

/**
 * Whether a shopper could buy the product, whatever its visibility: it has a price, and it is not a limited-amount
 * product with no free unit (domain/product/availability.ts `shopperAvailability`).
 */
export function purchasableIgnoringVisibility(facts: Pick<ProblematicProductsFacts, 'grossCents' | 'policy' | 'deliveryDays' | 'stockTotal'>): boolean {
  if (facts.grossCents === null) return false;
  const { hasLimitedAmount } = shopperAvailability(facts.policy, facts.deliveryDays, facts.stockTotal);
  return !(hasLimitedAmount && facts.stockTotal <= 0);
}

/** The problem reasons that do not depend on the time, in PROBLEM_REASONS order. */
export function storedProblems(facts: Pick<ProblematicProductsFacts, 'grossCents' | 'descriptions' | 'imageCount'>): StoredProblem[] {
  const out: StoredProblem[] = [];
  if (facts.grossCents === null) out.push('no_price');
  else if (facts.grossCents === 0) out.push('zero_price');
  if (!facts.descriptions.et.trim()) out.push('no_description_et');
  if (!facts.descriptions.en.trim()) out.push('no_description_en');
  if (facts.imageCount === 0) out.push('no_image');
  return out;
}

/**
 * Every problem reason of a product at `now` (ISO-8601), in PROBLEM_REASONS order; empty: not problematic.
 * @param stored what `storedProblems` gave; @param purchasable what `purchasableIgnoringVisibility` gave
 */
export function problemsAt(stored: readonly StoredProblem[], purchasable: boolean, rule: VisibilityRule, now: string): ProblemReason[] {
  const visibleNotPurchasable = !purchasable && visibilityAt(rule, now) === 'visible';
  return visibleNotPurchasable ? ['visible_not_purchasable', ...stored] : [...stored];
}

/** All problem reasons of a product at `now` from its facts (the two steps above in one). */
export const problemReasons = (facts: ProblematicProductsFacts, now: string): ProblemReason[] =>
  problemsAt(storedProblems(facts), purchasableIgnoringVisibility(facts), facts.visibility, now);

/** The moment a visibility rule ends (ISO-8601), or null for a rule that never ends (static, timed, from == to). */
export function visibilityRuleEnd(rule: VisibilityRule): string | null {
  if (rule.type !== 'timeRange') return null;
  return Date.parse(rule.rangeFrom) === Date.parse(rule.rangeTo) ? null : rule.rangeTo;
}

/** Outdated at `now`: the rule has an end and `now` is after it (a rule ending exactly now is still in range). */
export function isOutdated(rule: VisibilityRule, now: string): boolean {
  const end = visibilityRuleEnd(rule);
  return end !== null && Date.parse(now) > Date.parse(end);
}

/** The instant before which a product is stale: `now` minus `days` days (ISO-8601). */
export const staleBefore = (now: string, days: number): string => new Date(Date.parse(now) - days * DAY_MS).toISOString();

/** Stale at `now`: last changed at or before `now` minus `days` days. A product never changed (null) is not. */
export function isStale(changedAt: string | null, now: string, days: number): boolean {
  return changedAt !== null && Date.parse(changedAt) <= Date.parse(staleBefore(now, days));
}

/** The start of the popular window: orders placed after it count (ISO-8601). */
export const popularSince = (now: string): string => new Date(Date.parse(now) - POPULAR_WINDOW_DAYS * DAY_MS).toISOString();

/** Whether an order placed at `placedAt` counts for the popular kind at `now`: within (now - 30 days, now]. */
export function inPopularWindow(placedAt: string, now: string): boolean {
  const t = Date.parse(placedAt);
  return t > Date.parse(popularSince(now)) && t <= Date.parse(now);
}

/** Low stock (spec 4): a critical level is set and the first stock amount is at or below it. */
export function isLowStock(stockTotal: number, criticalStockLevel: number | null): boolean {
  return criticalStockLevel !== null && stockTotal <= criticalStockLevel;
}

/** Without a category. */
export const hasNoCategory = (facts: Pick<ProblematicProductsFacts, 'categoryCount'>): boolean => facts.categoryCount === 0;
