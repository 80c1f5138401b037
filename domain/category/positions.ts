/**
 * Sibling order of the category tree (spec 3 "Category" `position`, reorder): a category's `position`
 * orders it among the children of its parent (smaller first; equal positions by name, as the storefront's tree
 * sorts them: api/plugins/catalog-cache.ts). Placing a category at an index renumbers the children 0..n-1, so after any
 * placement no two siblings share a position and "up"/"down" always moves by exactly one place. Pure.
 */

/** One sibling as the tree shows it. */
export interface SiblingSlot {
  id: string;
  position: number;
}

/** What a placement changes: the placed category's new position, and the other siblings whose position changes. */
export interface Placement {
  /** The placed category's position (= its index among the children, 0-based). */
  position: number;
  /** Other children whose position changes (renumbered 0..n-1 in the shown order); unchanged ones are left out. */
  others: SiblingSlot[];
}

/**
 * Places `movedId` at `index` among `siblings` (the parent's other children in their shown order; `movedId` in the
 * list is ignored). `index` is clamped to 0..siblings.length (a whole number; a fraction is floored).
 */
export function placeAmongSiblings(siblings: readonly SiblingSlot[], movedId: string, index: number): Placement {
  const others = siblings.filter((s) => s.id !== movedId);
  const at = Math.max(0, Math.min(others.length, Number.isFinite(index) ? Math.floor(index) : others.length));
  const order = [...others.slice(0, at).map((s) => s.id), movedId, ...others.slice(at).map((s) => s.id)];
  const before = new Map(others.map((s) => [s.id, s.position]));
  const changed: SiblingSlot[] = [];
  order.forEach((id, position) => {
    if (id !== movedId && before.get(id) !== position) changed.push({ id, position });
  });
  return { position: at, others: changed };
}

/**
 * Children of `parentId` in the shown order: by position, then by Estonian name (api/plugins/catalog-cache.ts buildTree
 * sorts the storefront's tree the same way).
 */
export function sortSiblings<T extends SiblingSlot & { name: string }>(children: readonly T[]): T[] {
  return [...children].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name, 'et'));
}
