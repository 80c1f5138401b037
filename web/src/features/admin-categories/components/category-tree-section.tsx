/**
 * The tree section of the category editor (spec 3 "Category"), the WAI-ARIA tree pattern: every category under its
 * parent, ordered by position then Estonian name as the storefront orders them, hidden ones marked, each with its
 * direct product count. Keyboard: Up/Down move between the visible rows, Right opens a branch (or goes to its first
 * child), Left closes it (or goes to the parent), Home/End, Enter or Space opens the category in the panel. Staff
 * with products.edit drag a row onto another to move it under that one, or onto the top-level strip to move it to
 * the top level (the editor refuses a move into the row's own subtree).
 */
import { ChevronDown, ChevronRight, EyeOff, Plus } from 'lucide-react';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { AdminCategory } from '../../../../../api/contracts/admin-categories';
import type { Language } from '../../../lib/language';
import { type CategoryTree, nameOf, ROOT } from '../utils/category-tree-model';

interface Props {
  tree: CategoryTree;
  /** Ids of the open branches, and how to open (true), close (false) or flip (undefined) one. */
  expanded: ReadonlySet<string>;
  toggle: (id: string, open?: boolean) => void;
  selectedId: string | null;
  /** The row in the Tab order (roving tabindex); the first visible row when it is not shown. */
  focusId: string | null;
  setFocusId: (id: string) => void;
  canEdit: boolean;
  lang: Language;
  /** A row was opened (click, Enter, Space): the panel shows it. */
  onOpen: (id: string) => void;
  onAddTop: () => void;
  /** A row `draggedId` was dropped on `targetId` (null: the top-level strip). */
  onDropOn: (draggedId: string, targetId: string | null) => void;
}

export function CategoryTreeSection({ tree, expanded, toggle, selectedId, focusId, setFocusId, canEdit, lang, onOpen, onAddTop, onDropOn }: Props) {
  const { t } = useTranslation('cms');
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const dragged = useRef<string | null>(null);
  const rows = useRef(new Map<string, HTMLDivElement>());

  /** The rows as shown: depth-first through the open branches. */
  const visible = useMemo(() => {
    const out: { c: AdminCategory; level: number }[] = [];
    const walk = (parent: string, level: number) => {
      for (const c of tree.children.get(parent) ?? []) {
        out.push({ c, level });
        if (expanded.has(c.id)) walk(c.id, level + 1);
      }
    };
    walk(ROOT, 1);
    return out;
  }, [tree, expanded]);

  const focusable = focusId && visible.some((r) => r.c.id === focusId) ? focusId : (visible[0]?.c.id ?? null);
  const moveFocus = (id: string | null | undefined) => {
    if (!id) return;
    setFocusId(id);
    rows.current.get(id)?.focus();
  };

  function onTreeKey(event: KeyboardEvent<HTMLDivElement>, c: AdminCategory) {
    const at = visible.findIndex((r) => r.c.id === c.id);
    const hasChildren = (tree.children.get(c.id)?.length ?? 0) > 0;
    switch (event.key) {
      case 'ArrowDown':
        moveFocus(visible[at + 1]?.c.id);
        break;
      case 'ArrowUp':
        moveFocus(visible[at - 1]?.c.id);
        break;
      case 'ArrowRight':
        if (hasChildren && !expanded.has(c.id)) toggle(c.id, true);
        else if (hasChildren) moveFocus(tree.children.get(c.id)?.[0]?.id);
        break;
      case 'ArrowLeft':
        if (expanded.has(c.id)) toggle(c.id, false);
        else moveFocus(tree.parentOf(c.id) || undefined);
        break;
      case 'Home':
        moveFocus(visible[0]?.c.id);
        break;
      case 'End':
        moveFocus(visible.at(-1)?.c.id);
        break;
      case 'Enter':
      case ' ':
        onOpen(c.id);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  function drop(targetId: string | null) {
    const id = dragged.current;
    dragged.current = null;
    setDropTarget(null);
    if (id && canEdit) onDropOn(id, targetId);
  }

  return (
    <div className="category-editor__tree staff-panel">
      <div className="category-editor__tools">
        <h2 id="category-editor-tree-title">{t('categoryTree.treeTitle')}</h2>
        {canEdit ? (
          <button type="button" className="button" onClick={onAddTop}>
            <Plus size={16} aria-hidden="true" />
            {t('categoryTree.addTop')}
          </button>
        ) : null}
      </div>
      {canEdit ? (
        <div
          className={`category-editor__root-drop${dropTarget === ROOT ? ' is-target' : ''}`}
          onDragOver={(e) => {
            if (!dragged.current) return;
            e.preventDefault();
            setDropTarget(ROOT);
          }}
          onDragLeave={() => setDropTarget(null)}
          onDrop={(e) => {
            e.preventDefault();
            drop(null);
          }}
        >
          {t('categoryTree.dropTop')}
        </div>
      ) : null}
      {visible.length === 0 ? <p className="muted">{t('categoryTree.empty')}</p> : null}
      <div role="tree" aria-labelledby="category-editor-tree-title" className="category-editor-tree">
        {visible.map(({ c, level }) => {
          const hasChildren = (tree.children.get(c.id)?.length ?? 0) > 0;
          const open = expanded.has(c.id);
          return (
            <div
              key={c.id}
              ref={(el) => {
                if (el) rows.current.set(c.id, el);
                else rows.current.delete(c.id);
              }}
              role="treeitem"
              aria-level={level}
              aria-expanded={hasChildren ? open : undefined}
              aria-selected={c.id === selectedId}
              tabIndex={c.id === focusable ? 0 : -1}
              data-category-id={c.id}
              className={`category-editor-tree__row${c.id === selectedId ? ' is-selected' : ''}${c.hidden ? ' is-hidden' : ''}${dropTarget === c.id ? ' is-target' : ''}`}
              style={{ paddingInlineStart: `${(level - 1) * 1.25 + 0.25}rem` }}
              draggable={canEdit}
              onKeyDown={(e) => onTreeKey(e, c)}
              onFocus={() => setFocusId(c.id)}
              onClick={() => {
                setFocusId(c.id);
                onOpen(c.id);
              }}
              onDragStart={(e) => {
                dragged.current = c.id;
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', c.id);
              }}
              onDragEnd={() => {
                dragged.current = null;
                setDropTarget(null);
              }}
              onDragOver={(e) => {
                const id = dragged.current;
                if (!id || tree.subtree(id).has(c.id)) return;
                e.preventDefault();
                setDropTarget(c.id);
              }}
              onDragLeave={() => setDropTarget((d) => (d === c.id ? null : d))}
              onDrop={(e) => {
                e.preventDefault();
                e.stopPropagation();
                drop(c.id);
              }}
            >
              <span
                className="category-editor-tree__twisty"
                aria-hidden="true"
                onClick={(e) => {
                  if (!hasChildren) return;
                  e.stopPropagation();
                  toggle(c.id);
                }}
              >
                {hasChildren ? open ? <ChevronDown size={14} /> : <ChevronRight size={14} /> : null}
              </span>
              <span className="category-editor-tree__name">{nameOf(c, lang)}</span>
              {c.hidden ? <EyeOff size={14} aria-label={t('categoryTree.hidden')} className="category-editor-tree__mark" /> : null}
              <span className="category-editor-tree__count" title={t('categoryTree.productCount')}>
                {c.productCount ?? 0}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
