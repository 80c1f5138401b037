/**
 * The visibility rule (spec 3 "Visibility rule", spec 4 "Visibility rule"): when a page is shown.
 *
 * - `static`: always `stateInRange` (a page simply visible, hidden or inaccessible).
 * - `timed`: in range from `rangeFrom` onward (no end): before it `stateOutRange`, from it `stateInRange`.
 * - `timeRange`: in range from `rangeFrom` to `rangeTo`, both ends included (a missing end is open). If from equals
 *   to, the range counts as in range from that moment onward (spec 4).
 * - No rule (null) counts as visible (spec 4).
 *
 * States: visible (0), hidden (1), inaccessible (2); defaults stateInRange visible, stateOutRange hidden (spec 3).
 * A guest sees a page only while its state is `visible` (projections/pages/queries.ts evaluates the rule with the
 * query's `now`, so a timed page disappears at its end without any event).
 */

export const VISIBILITY_STATES = ['visible', 'hidden', 'inaccessible'] as const;
export type VisibilityState = (typeof VISIBILITY_STATES)[number];
export const VISIBILITY_TYPES = ['static', 'timed', 'timeRange'] as const;
export type VisibilityType = (typeof VISIBILITY_TYPES)[number];

export interface VisibilityRule {
  type: VisibilityType;
  /** ISO-8601 UTC instant, or null (open start; `timed` needs one). */
  rangeFrom: string | null;
  /** ISO-8601 UTC instant, or null (open end; ignored by `timed`). */
  rangeTo: string | null;
  stateInRange: VisibilityState;
  stateOutRange: VisibilityState;
}

/** Is `now` (ISO-8601) within the rule's range? Static rules are always in range. */
export function isInRange(rule: VisibilityRule, now: string): boolean {
  const t = Date.parse(now);
  const from = rule.rangeFrom === null ? -Infinity : Date.parse(rule.rangeFrom);
  if (rule.type === 'static') return true;
  if (rule.type === 'timed') return t >= from;
  const to = rule.rangeTo === null ? Infinity : Date.parse(rule.rangeTo);
  if (from === to) return t >= from; // spec 4: from equals to counts as in range from then on
  return t >= from && t <= to;
}

/** The page's state at `now` (ISO-8601 UTC): visible when there is no rule. */
export function visibilityAt(rule: VisibilityRule | null, now: string): VisibilityState {
  if (rule === null) return 'visible';
  return isInRange(rule, now) ? rule.stateInRange : rule.stateOutRange;
}
