/**
 * Reorder suggestions (docs/analytics.md "Sell-through, days of cover and reorder suggestions"): the arithmetic, pure, per product and warehouse.
 *
 * - Average daily demand = units sold / demand days, where demand days are the days the warehouse had stock at
 *   some moment (a day with stock 0 all day does not count, analytics/sell-through/mapping.ts) plus days it sold
 *   without stock (backorders, rare); sigma = the population standard deviation of the units sold per demand day
 *   (a day in stock without a sale counts as 0).
 * - Safety stock = z x sigma x sqrt(lead time), z from the service level (SERVICE_LEVELS: 90 % 1.28, 95 % 1.645,
 *   98 % 2.05); reorder point = average daily demand x lead time + safety stock (units).
 * - A suggestion when the stock on hand (free units; below 0 when oversold) is at or below the reorder point and
 *   there is demand: the quantity brings the stock to the reorder point plus `cycleDays` of demand (0 by default:
 *   to the reorder point), rounded up to whole packs.
 * - Days of cover = stock on hand / average daily demand (null without demand; 0 with no stock).
 * Lead time and pack size come from the product (ProductReorderSettingsChanged), defaults 14 days and 1 unit
 * (domain/product/product.ts REORDER_DEFAULTS).
 */

/** z of the normal distribution per service level (percent of order cycles without a stock-out). */
export const SERVICE_LEVELS = { '90': 1.28, '95': 1.645, '98': 2.05 } as const;
export type ServiceLevel = keyof typeof SERVICE_LEVELS;
export const SERVICE_LEVEL_NAMES = Object.keys(SERVICE_LEVELS) as ServiceLevel[];
export const DEFAULT_SERVICE_LEVEL: ServiceLevel = '95';

/** What the sell-through analysis knows of one product in one warehouse over a window (units, days). */
export interface DemandFigures {
  /** Units sold in the window (reserved and not released). */
  sold: number;
  /** Sum over the demand days of (units sold that day)^2: the spread of daily demand. */
  soldSquares: number;
  /** Days the average is taken over (in-stock days, plus days it sold without stock). */
  demandDays: number;
  /** Free units now; below 0 when oversold. */
  onHand: number;
}

export interface ReorderSettings {
  /** The supplier's lead time, calendar days (>= 1). */
  leadTimeDays: number;
  /** Units per supplier pack (>= 1). */
  packSize: number;
}

export interface ReorderFigures {
  /** Units a day (0 without demand days). */
  dailyDemand: number;
  /** Standard deviation of units a day. */
  sigma: number;
  /** Units, rounded up to whole units. */
  safetyStock: number;
  /** Units: dailyDemand x lead time + safety stock, rounded up to whole units. */
  reorderPoint: number;
  /** Stock on hand / daily demand, days; null without demand. */
  daysOfCover: number | null;
  /** Units to order, a whole number of packs; 0: no suggestion. */
  quantity: number;
  packs: number;
}

/**
 * The figures and the suggestion of one product in one warehouse.
 * @param z the service level's z (SERVICE_LEVELS); `cycleDays` days of demand ordered beyond the reorder point (>= 0)
 * @throws RangeError when lead time or pack size is not a whole number >= 1, or `z`/`cycleDays` is negative
 */
export function reorderFigures(figures: DemandFigures, settings: ReorderSettings, z: number, cycleDays = 0): ReorderFigures {
  const { leadTimeDays, packSize } = settings;
  if (!Number.isInteger(leadTimeDays) || leadTimeDays < 1) throw new RangeError(`lead time must be a whole number >= 1, not ${leadTimeDays}`);
  if (!Number.isInteger(packSize) || packSize < 1) throw new RangeError(`pack size must be a whole number >= 1, not ${packSize}`);
  if (!(z >= 0) || !(cycleDays >= 0)) throw new RangeError('z and cycleDays must be >= 0');
  const days = Math.max(0, figures.demandDays);
  const dailyDemand = days > 0 ? Math.max(0, figures.sold) / days : 0;
  const variance = days > 0 ? Math.max(0, figures.soldSquares / days - dailyDemand * dailyDemand) : 0;
  const sigma = Math.sqrt(variance);
  // Rounded up after a tiny tolerance, so 20.000000001 of floating point stays 20.
  const up = (x: number) => Math.max(0, Math.ceil(x - 1e-9));
  const safetyStock = up(z * sigma * Math.sqrt(leadTimeDays));
  const reorderPoint = dailyDemand > 0 ? up(dailyDemand * leadTimeDays + z * sigma * Math.sqrt(leadTimeDays)) : 0;
  const onHand = figures.onHand;
  const daysOfCover = dailyDemand > 0 ? Math.max(0, onHand) / dailyDemand : null;
  let quantity = 0;
  if (dailyDemand > 0 && onHand <= reorderPoint) {
    const need = up(reorderPoint + dailyDemand * cycleDays - onHand);
    quantity = Math.ceil(need / packSize) * packSize;
  }
  return { dailyDemand, sigma, safetyStock, reorderPoint, daysOfCover, quantity, packs: quantity / packSize };
}

const number = (n: number, lang: 'et' | 'en', digits = 1) =>
  new Intl.NumberFormat(lang === 'et' ? 'et-EE' : 'en-GB', { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(n);

/**
 * The reason of a suggestion as a sentence, e.g. "2.1 a day over 56 days in stock, lead time 7 days, safety stock 6:
 * order 24, 2 packs" / "2,1 päevas 56 laopäeva jooksul, tarneaeg 7 päeva, kindlusvaru 6: tellida 24, 2 pakki".
 */
export function reorderReason(f: ReorderFigures, demandDays: number, settings: ReorderSettings, lang: 'et' | 'en'): string {
  const n = (x: number, d = 1) => number(x, lang, d);
  if (lang === 'et') {
    const head = `${n(f.dailyDemand)} päevas ${n(demandDays, 0)} laopäeva jooksul, tarneaeg ${n(settings.leadTimeDays, 0)} päeva, kindlusvaru ${n(f.safetyStock, 0)}`;
    if (!f.quantity) return `${head}: tellimispunkt ${n(f.reorderPoint, 0)}, praegu pole vaja tellida`;
    return `${head}: tellida ${n(f.quantity, 0)}, ${n(f.packs, 0)} ${f.packs === 1 ? 'pakk' : 'pakki'}`;
  }
  const head = `${n(f.dailyDemand)} a day over ${n(demandDays, 0)} ${demandDays === 1 ? 'day' : 'days'} in stock, lead time ${n(settings.leadTimeDays, 0)} ${settings.leadTimeDays === 1 ? 'day' : 'days'}, safety stock ${n(f.safetyStock, 0)}`;
  if (!f.quantity) return `${head}: reorder point ${n(f.reorderPoint, 0)}, nothing to order now`;
  return `${head}: order ${n(f.quantity, 0)}, ${n(f.packs, 0)} ${f.packs === 1 ? 'pack' : 'packs'}`;
}
