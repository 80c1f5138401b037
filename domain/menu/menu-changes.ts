/**
 * What one menu save did to each entry, for the audit timeline (spec 2 "Admin area"; the menu editor's history):
 * the Menu aggregate records the whole entry list (domain/menu/menu.ts `MenuChanged`), and a person reads it as
 * entries added, removed, moved and renamed, one line each, not as one list before and one after.
 *
 * Pure: no I/O. domain/history/timeline.ts turns the result into the timeline's field changes (`entries.{id}`).
 */
import type { Localized } from '../shared/localized.js';
import type { MenuItem } from './menu.js';

/** What happened to one entry; an entry both moved and renamed has both. `changed`: its target, kind or hidden flag. */
export const MENU_ENTRY_CHANGE_KINDS = ['added', 'removed', 'moved', 'renamed', 'changed'] as const;
export type MenuEntryChangeKind = (typeof MENU_ENTRY_CHANGE_KINDS)[number];

/**
 * An entry as the timeline shows it: its label, its place in the menu (`'3'`: the third top entry; `'2.1'`: the first
 * child of the second top entry; 1-based), its parent entry's id (null at the top), kind, target and hidden flag.
 */
export interface MenuEntryView {
  label: Localized;
  place: string;
  parentId: string | null;
  kind: string;
  target: string;
  hidden: boolean;
}

/** One entry's change: before (null when added), after (null when removed), and what happened, in this order. */
export interface MenuEntryChange {
  entryId: string;
  kinds: MenuEntryChangeKind[];
  before: MenuEntryView | null;
  after: MenuEntryView | null;
}

/** Every entry of a menu by id, with its place and parent. */
function entryViews(entries: readonly MenuItem[]): Map<string, MenuEntryView> {
  const out = new Map<string, MenuEntryView>();
  entries.forEach((entry, i) => {
    out.set(entry.id, { label: entry.label, place: String(i + 1), parentId: null, kind: entry.kind, target: entry.target, hidden: entry.hidden });
    (entry.children ?? []).forEach((child, j) => {
      out.set(child.id, { label: child.label, place: `${i + 1}.${j + 1}`, parentId: entry.id, kind: child.kind, target: child.target, hidden: child.hidden });
    });
  });
  return out;
}

/** The ids of each sibling list (key: parent id, '' for the top), in menu order. */
function siblingOrders(entries: readonly MenuItem[]): Map<string, string[]> {
  const out = new Map<string, string[]>([['', entries.map((e) => e.id)]]);
  for (const entry of entries) out.set(entry.id, (entry.children ?? []).map((c) => c.id));
  return out;
}

/** The items of a longest common subsequence of `a` and `b` (at most 30 entries a list: quadratic is fine). */
function longestCommonSubsequence(a: readonly string[], b: readonly string[]): Set<string> {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  }
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! > lengths[i]![j + 1]!) i++;
    else j++; // on a tie the entry of the new order is the one left out: of two swapped entries, the one moved up
  }
  return kept;
}

/**
 * The changes from the menu `before` to the menu `after`, entries matched by id: in `after`'s order (then the removed
 * ones in `before`'s order). An entry is
 * - `added` / `removed` when only one side has it;
 * - `moved` when its parent changed, or when its order among the siblings that stayed under the same parent changed:
 *   the fewest such entries (those outside a longest common subsequence), so an entry added at the top does not
 *   make every entry below it 'moved', and swapping two entries moves one of them;
 * - `renamed` when a label (either language) changed;
 * - `changed` when its target, kind or hidden flag changed.
 * An entry nothing happened to is left out.
 */
export function menuEntryChanges(before: readonly MenuItem[], after: readonly MenuItem[]): MenuEntryChange[] {
  const was = entryViews(before);
  const now = entryViews(after);
  const wasOrders = siblingOrders(before);
  const nowOrders = siblingOrders(after);
  // Per parent, the entries under it on both sides, in each side's order; those outside the longest common
  // subsequence changed their order.
  const reordered = new Set<string>();
  for (const [parent, nowIds] of nowOrders) {
    const stayed = (id: string) => (was.get(id)?.parentId ?? null) === (parent || null) && (now.get(id)?.parentId ?? null) === (parent || null);
    const a = (wasOrders.get(parent) ?? []).filter((id) => now.has(id) && stayed(id));
    const b = nowIds.filter((id) => was.has(id) && stayed(id));
    const kept = longestCommonSubsequence(a, b);
    for (const id of b) if (!kept.has(id)) reordered.add(id);
  }
  const out: MenuEntryChange[] = [];
  for (const [entryId, view] of now) {
    const old = was.get(entryId);
    if (!old) {
      out.push({ entryId, kinds: ['added'], before: null, after: view });
      continue;
    }
    const kinds: MenuEntryChangeKind[] = [];
    if (old.parentId !== view.parentId || reordered.has(entryId)) kinds.push('moved');
    if (old.label.et !== view.label.et || old.label.en !== view.label.en) kinds.push('renamed');
    if (old.target !== view.target || old.kind !== view.kind || old.hidden !== view.hidden) kinds.push('changed');
    if (kinds.length) out.push({ entryId, kinds, before: old, after: view });
  }
  for (const [entryId, view] of was) if (!now.has(entryId)) out.push({ entryId, kinds: ['removed'], before: view, after: null });
  return out;
}
