/**
 * Product visibility and the timed visibility rule (spec 3 "Visibility rule", spec 4 "Visibility rule" and
 * "Product availability and display").
 *
 * - visible: listed and buyable;
 * - hidden: not listed, but reachable and buyable by a direct link;
 * - inaccessible: hidden and not buyable (the product page answers 404 to shoppers).
 */
export const VISIBILITY_STATES = ['visible', 'hidden', 'inaccessible'] as const;
export type VisibilityState = (typeof VISIBILITY_STATES)[number];

/** Rule types of spec 3: static=0, timed=1, timeRange=2. */
export type VisibilityRule =
  | { type: 'static'; state: VisibilityState }
  /** From `rangeFrom` on the product takes `stateInRange`; before it `stateOutRange`. */
  | { type: 'timed'; rangeFrom: string; stateInRange: VisibilityState; stateOutRange: VisibilityState }
  /** Within [rangeFrom, rangeTo] `stateInRange`, else `stateOutRange`; from == to counts as in range from then on. */
  | { type: 'timeRange'; rangeFrom: string; rangeTo: string; stateInRange: VisibilityState; stateOutRange: VisibilityState };

export const DEFAULT_VISIBILITY_RULE: VisibilityRule = { type: 'static', state: 'visible' };

/**
 * The state a rule gives at `now` (ISO-8601). A missing rule counts as visible (spec 4).
 */
export function visibilityAt(rule: VisibilityRule | null | undefined, now: string): VisibilityState {
  if (!rule) return 'visible';
  const t = Date.parse(now);
  switch (rule.type) {
    case 'static':
      return rule.state;
    case 'timed':
      return t >= Date.parse(rule.rangeFrom) ? rule.stateInRange : rule.stateOutRange;
    case 'timeRange': {
      const from = Date.parse(rule.rangeFrom);
      const to = Date.parse(rule.rangeTo);
      const inRange = from === to ? t >= from : t >= from && t <= to;
      return inRange ? rule.stateInRange : rule.stateOutRange;
    }
  }
}

/** Problems with a rule (empty when valid): unparsable dates, a range that ends before it starts, unknown states. */
export function validateVisibilityRule(rule: VisibilityRule): string[] {
  const problems: string[] = [];
  const isState = (s: unknown) => (VISIBILITY_STATES as readonly unknown[]).includes(s);
  if (rule.type === 'static') {
    if (!isState(rule.state)) problems.push('state');
    return problems;
  }
  if (!isState(rule.stateInRange)) problems.push('stateInRange');
  if (!isState(rule.stateOutRange)) problems.push('stateOutRange');
  if (Number.isNaN(Date.parse(rule.rangeFrom))) problems.push('rangeFrom');
  if (rule.type === 'timeRange') {
    if (Number.isNaN(Date.parse(rule.rangeTo))) problems.push('rangeTo');
    else if (Date.parse(rule.rangeTo) < Date.parse(rule.rangeFrom)) problems.push('rangeTo');
  }
  return problems;
}
