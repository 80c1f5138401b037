/**
 * The main menu as the menu editor changes it (spec 2 "menu edit", "Header": entries of kind page, menu link or
 * category, ordered, nested one level, a hidden flag, a label per language). Pure functions over the entry list the
 * api answers (GET /v1/admin/menu) and saves (PUT /v1/admin/menu with the version read); each returns a new list, or
 * the same list when the change is not allowed, so the screen can tell "nothing moved" by identity.
 *
 * The nesting rules are the domain's (domain/menu/menu.ts): one level only (a child has no children), a category
 * entry holds no children (its drop-down lists its subcategories), at most MAX_MENU_ENTRIES per level.
 */
import { MAX_MENU_ENTRIES, type MenuKind } from '../../../../../domain/menu/menu';

export interface MenuNode {
  id: string;
  kind: MenuKind;
  label: { et: string; en: string };
  target: string;
  hidden: boolean;
  children: MenuNode[];
}

/** Where an entry is: its parent's id (null at the top level) and its index among its siblings. */
export interface EntryPlace {
  entry: MenuNode;
  parentId: string | null;
  index: number;
  /** The number of siblings, itself included. */
  count: number;
}

/** One row of the editor: the entry, its depth (0 top, 1 child) and its parent's id. */
export interface FlatEntry {
  entry: MenuNode;
  depth: 0 | 1;
  parentId: string | null;
}

/** The entry `id` and where it is, or null. */
export function findEntry(tree: readonly MenuNode[], id: string): EntryPlace | null {
  for (const [index, entry] of tree.entries()) {
    if (entry.id === id) return { entry, parentId: null, index, count: tree.length };
    const child = entry.children.findIndex((c) => c.id === id);
    if (child >= 0) return { entry: entry.children[child]!, parentId: entry.id, index: child, count: entry.children.length };
  }
  return null;
}

/** Rows in display order: each top-level entry followed by its children. */
export function flattenMenu(tree: readonly MenuNode[]): FlatEntry[] {
  return tree.flatMap((entry) => [{ entry, depth: 0 as const, parentId: null }, ...entry.children.map((c) => ({ entry: c, depth: 1 as const, parentId: entry.id }))]);
}

/** `tree` with the siblings under `parentId` (null: the top level) replaced by `siblings`. */
function withSiblings(tree: readonly MenuNode[], parentId: string | null, siblings: MenuNode[]): MenuNode[] {
  if (parentId === null) return siblings;
  return tree.map((e) => (e.id === parentId ? { ...e, children: siblings } : e));
}

function siblingsOf(tree: readonly MenuNode[], parentId: string | null): MenuNode[] {
  return parentId === null ? [...tree] : [...(tree.find((e) => e.id === parentId)?.children ?? [])];
}

/** May `entry` sit under `parent`? One level only, and a category lists its subcategories itself. */
function mayHoldChild(parent: MenuNode, entry: MenuNode): boolean {
  return parent.kind !== 'category' && entry.children.length === 0 && parent.id !== entry.id && parent.children.length < MAX_MENU_ENTRIES;
}

/**
 * The drop of a drag (pointer or keyboard): `activeId` takes the place of `overId`. Among siblings it is arrayMove;
 * onto an entry of another level it joins that level there (after `overId` when it came from above in the rows,
 * before it when from below). An entry with children, or any entry dropped among a category's (none) or a full
 * level, cannot go one level down: it takes the place of `overId`'s parent instead.
 */
export function moveEntry(tree: readonly MenuNode[], activeId: string, overId: string): MenuNode[] {
  const from = findEntry(tree, activeId);
  let to = findEntry(tree, overId);
  if (!from || !to || activeId === overId) return tree as MenuNode[];
  if (from.parentId === to.parentId) {
    const siblings = siblingsOf(tree, from.parentId);
    const [moved] = siblings.splice(from.index, 1);
    siblings.splice(to.index, 0, moved!);
    return withSiblings(tree, from.parentId, siblings);
  }
  const rows = flattenMenu(tree).map((r) => r.entry.id);
  const downwards = rows.indexOf(activeId) < rows.indexOf(overId);
  if (to.parentId !== null) {
    const parent = tree.find((e) => e.id === to!.parentId)!;
    if (!mayHoldChild(parent, from.entry)) {
      // Cannot join a child level: the parent's place at the top level instead.
      if (from.parentId === null) return moveEntry(tree, activeId, parent.id);
      to = findEntry(tree, parent.id)!;
    }
  } else if (tree.length >= MAX_MENU_ENTRIES) {
    return tree as MenuNode[];
  }
  const removed = withSiblings(tree, from.parentId, siblingsOf(tree, from.parentId).filter((e) => e.id !== activeId));
  const target = siblingsOf(removed, to.parentId);
  const at = target.findIndex((e) => e.id === to!.entry.id);
  target.splice(downwards ? at + 1 : at, 0, from.entry);
  return withSiblings(removed, to.parentId, target);
}

/** The entry a "move in" would put `id` under: the top-level entry just above it, when it may hold it; else null. */
export function nestTarget(tree: readonly MenuNode[], id: string): MenuNode | null {
  const place = findEntry(tree, id);
  if (!place || place.parentId !== null || place.index === 0) return null;
  const above = tree[place.index - 1]!;
  return mayHoldChild(above, place.entry) ? above : null;
}

/** Move in: the top-level entry becomes the last child of the entry above it (see `nestTarget`). */
export function nestEntry(tree: readonly MenuNode[], id: string): MenuNode[] {
  const parent = nestTarget(tree, id);
  if (!parent) return tree as MenuNode[];
  const entry = findEntry(tree, id)!.entry;
  return tree.filter((e) => e.id !== id).map((e) => (e.id === parent.id ? { ...e, children: [...e.children, entry] } : e));
}

/** Move out: a child becomes a top-level entry right after its parent. */
export function unnestEntry(tree: readonly MenuNode[], id: string): MenuNode[] {
  const place = findEntry(tree, id);
  if (!place || place.parentId === null || tree.length >= MAX_MENU_ENTRIES) return tree as MenuNode[];
  const out: MenuNode[] = [];
  for (const e of tree) {
    if (e.id !== place.parentId) {
      out.push(e);
      continue;
    }
    out.push({ ...e, children: e.children.filter((c) => c.id !== id) }, place.entry);
  }
  return out;
}

/** Adds `entry` at the end of the top level (the same list when the level is full). */
export function addEntry(tree: readonly MenuNode[], entry: MenuNode): MenuNode[] {
  return tree.length >= MAX_MENU_ENTRIES ? (tree as MenuNode[]) : [...tree, entry];
}

/** Removes the entry (a top-level entry with its children). */
export function removeEntry(tree: readonly MenuNode[], id: string): MenuNode[] {
  return tree.filter((e) => e.id !== id).map((e) => (e.children.some((c) => c.id === id) ? { ...e, children: e.children.filter((c) => c.id !== id) } : e));
}

/** The entry with `patch` applied (its label merged per language). */
export function updateEntry(tree: readonly MenuNode[], id: string, patch: Partial<Pick<MenuNode, 'target' | 'hidden'>> & { label?: Partial<MenuNode['label']> }): MenuNode[] {
  const apply = (e: MenuNode): MenuNode => (e.id === id ? { ...e, ...patch, label: { ...e.label, ...patch.label }, children: e.children } : e);
  return tree.map((e) => ({ ...apply(e), children: e.children.map(apply) }));
}

/** An id no entry has yet: `{kind}-{n}` with the smallest free n (domain/menu/menu.ts: 1-64 of A-Z a-z 0-9 _ -). */
export function newEntryId(tree: readonly MenuNode[], kind: MenuKind): string {
  const taken = new Set(flattenMenu(tree).map((r) => r.entry.id));
  let n = 1;
  while (taken.has(`${kind}-${n}`)) n += 1;
  return `${kind}-${n}`;
}

/** The body's entries of PUT /v1/admin/menu (children only on top-level entries). */
export function menuSaveEntries(tree: readonly MenuNode[]) {
  const plain = (e: MenuNode) => ({ id: e.id, kind: e.kind, label: { et: e.label.et, en: e.label.en }, target: e.target, hidden: e.hidden });
  return tree.map((e) => ({ ...plain(e), children: e.children.map(plain) }));
}

/** Whether two menus save the same (order, nesting, labels, targets, hidden flags). */
export function sameMenu(a: readonly MenuNode[], b: readonly MenuNode[]): boolean {
  return JSON.stringify(menuSaveEntries(a)) === JSON.stringify(menuSaveEntries(b));
}

/** The menu as the api answers it, as editor nodes (a child's `children` is always empty). */
export function menuFromApi(entries: readonly { id: string; kind: string; label: { et: string; en: string }; target: string; hidden: boolean; children: readonly { id: string; kind: string; label: { et: string; en: string }; target: string; hidden: boolean }[] }[]): MenuNode[] {
  const node = (e: { id: string; kind: string; label: { et: string; en: string }; target: string; hidden: boolean }): MenuNode => ({ id: e.id, kind: e.kind as MenuKind, label: { et: e.label.et, en: e.label.en }, target: e.target, hidden: e.hidden, children: [] });
  return entries.map((e) => ({ ...node(e), children: e.children.map(node) }));
}

/**
 * The entry a field path of the api's envelope names (`entries.2.label.et`, `entries.0.children.1.target`), for a
 * message that says which row it is about; null when the path names none.
 */
export function entryAtPath(tree: readonly MenuNode[], field: string): MenuNode | null {
  const m = /^entries\.(\d+)(?:\.children\.(\d+))?(?:\.|$)/.exec(field);
  if (!m) return null;
  const top = tree[Number(m[1])];
  if (!top) return null;
  return m[2] === undefined ? top : (top.children[Number(m[2])] ?? null);
}

/** Where the entry is, as an announcement says it: 1-based position among its siblings, their count, the parent. */
export function placeOf(tree: readonly MenuNode[], id: string): { position: number; count: number; parent: MenuNode | null } | null {
  const place = findEntry(tree, id);
  if (!place) return null;
  return { position: place.index + 1, count: place.count, parent: place.parentId === null ? null : (tree.find((e) => e.id === place.parentId) ?? null) };
}
