/**
 * A product's visibility rule as the columns read models store for query-time evaluation (spec 3 and spec 4
 * "Visibility rule"): the product is in state `vis_in` from `vis_from` to `vis_to` (ISO-8601 timestamps, or the
 * PostgreSQL literals '-infinity' / 'infinity' for open ends), and in `vis_out` at any other time. Shared by the
 * catalog (projections/catalog/projection.ts) and the product dashboard (projections/product-dashboard/projection.ts),
 * whose queries compare these columns with the request's time.
 */
import type { VisibilityRule, VisibilityState } from '../domain/product/visibility.js';

/** The four visibility columns of a read-model row. */
export interface VisibilityColumns {
  vis_from: string;
  vis_to: string;
  vis_in: VisibilityState;
  vis_out: VisibilityState;
}

/**
 * The columns of one rule. A static rule holds its state always; a timed rule switches at `rangeFrom` for good; a
 * time range with `rangeFrom === rangeTo` counts as in range from then on (domain/product/visibility.ts `visibilityAt`).
 */
export function visibilityColumns(rule: VisibilityRule): VisibilityColumns {
  switch (rule.type) {
    case 'static':
      return { vis_from: '-infinity', vis_to: 'infinity', vis_in: rule.state, vis_out: rule.state };
    case 'timed':
      return { vis_from: rule.rangeFrom, vis_to: 'infinity', vis_in: rule.stateInRange, vis_out: rule.stateOutRange };
    case 'timeRange':
      return {
        vis_from: rule.rangeFrom,
        vis_to: rule.rangeFrom === rule.rangeTo ? 'infinity' : rule.rangeTo,
        vis_in: rule.stateInRange,
        vis_out: rule.stateOutRange,
      };
  }
}
