/**
 * Multi-select of the finder's files (spec 2 "File manager: pick folders and files"), pure, in the way desktop file
 * managers and the WAI-ARIA listbox pattern agree on:
 *
 * - click: only that file; Ctrl/Cmd+click: toggles it; Shift+click: the range from the anchor to it (Ctrl+Shift adds
 *   the range to what is selected);
 * - arrow keys (`moveTo`): the focus moves and only the new file is selected; with Shift the range from the anchor;
 *   with Ctrl the focus moves alone (Space then toggles the focused file);
 * - Ctrl+A: every file of the page.
 *
 * `single` (the picker's single-file mode, spec 5) keeps at most one file selected whatever the keys. `ids` is kept
 * in the listing's order. State: `{ ids, anchor, focus }`, ids of the page's files.
 */
export interface Selection {
  /** Selected file ids in the listing's order. */
  ids: readonly string[];
  /** Where a Shift range starts. */
  anchor: string | null;
  /** The file with the keyboard focus. */
  focus: string | null;
}

export interface Modifiers {
  /** Shift: a range from the anchor. */
  range?: boolean;
  /** Ctrl or Cmd: toggle, or move the focus alone. */
  toggle?: boolean;
}

export const EMPTY_SELECTION: Selection = { ids: [], anchor: null, focus: null };

const inOrder = (order: readonly string[], ids: Iterable<string>): string[] => {
  const set = new Set(ids);
  return order.filter((id) => set.has(id));
};

function rangeOf(order: readonly string[], from: string | null, to: string): string[] {
  const end = order.indexOf(to);
  const start = from === null ? -1 : order.indexOf(from);
  if (end < 0) return [];
  if (start < 0) return [to];
  return order.slice(Math.min(start, end), Math.max(start, end) + 1);
}

/** A pointer click on `id` with the keys held. */
export function clickSelect(selection: Selection, order: readonly string[], id: string, keys: Modifiers = {}, single = false): Selection {
  if (!order.includes(id)) return selection;
  if (single) return { ids: keys.toggle && selection.ids.includes(id) ? [] : [id], anchor: id, focus: id };
  if (keys.range) {
    const range = rangeOf(order, selection.anchor, id);
    return { ids: keys.toggle ? inOrder(order, [...selection.ids, ...range]) : range, anchor: selection.anchor ?? id, focus: id };
  }
  if (keys.toggle) {
    const has = selection.ids.includes(id);
    return { ids: has ? selection.ids.filter((x) => x !== id) : inOrder(order, [...selection.ids, id]), anchor: id, focus: id };
  }
  return { ids: [id], anchor: id, focus: id };
}

/** The focus moved to `id` by an arrow, Home or End key with the keys held. */
export function moveTo(selection: Selection, order: readonly string[], id: string, keys: Modifiers = {}, single = false): Selection {
  if (!order.includes(id)) return selection;
  if (keys.toggle && !keys.range) return { ...selection, focus: id };
  if (keys.range && !single) return { ids: rangeOf(order, selection.anchor ?? selection.focus, id), anchor: selection.anchor ?? selection.focus ?? id, focus: id };
  return { ids: [id], anchor: id, focus: id };
}

/** Space: toggles the focused file. */
export function toggleFocused(selection: Selection, order: readonly string[], single = false): Selection {
  const id = selection.focus;
  if (id === null || !order.includes(id)) return selection;
  return clickSelect(selection, order, id, { toggle: true }, single);
}

/** Ctrl+A: every file of the page (the first one only in single-file mode). */
export function selectAll(order: readonly string[], single = false): Selection {
  if (order.length === 0) return EMPTY_SELECTION;
  return { ids: single ? [order[0]!] : [...order], anchor: order[0]!, focus: order[order.length - 1]! };
}

/** The selection limited to the files still listed (after a delete, a move or another page). */
export function keepListed(selection: Selection, order: readonly string[]): Selection {
  const ids = inOrder(order, selection.ids);
  const keep = (id: string | null) => (id !== null && order.includes(id) ? id : null);
  if (ids.length === selection.ids.length && keep(selection.anchor) === selection.anchor && keep(selection.focus) === selection.focus) return selection;
  return { ids, anchor: keep(selection.anchor), focus: keep(selection.focus) };
}

/**
 * The index the focus moves to for a key in a grid of `columns` per row (1 for the list view): arrows, Home, End;
 * null for any other key.
 */
export function nextIndex(key: string, at: number, count: number, columns: number): number | null {
  if (count === 0) return null;
  const cols = Math.max(1, columns);
  const from = at < 0 ? 0 : at;
  switch (key) {
    case 'ArrowRight':
      return Math.min(count - 1, at < 0 ? 0 : from + 1);
    case 'ArrowLeft':
      return Math.max(0, from - 1);
    case 'ArrowDown':
      return at < 0 ? 0 : Math.min(count - 1, from + cols);
    case 'ArrowUp':
      return Math.max(0, from - cols);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
