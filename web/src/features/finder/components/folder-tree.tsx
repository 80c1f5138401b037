/**
 * The finder's folder tree (spec 2 "File manager": pick folders; spec 3 "Folder": id, name, parent): an ARIA tree
 * whose levels load when a branch opens (GET /folder/list/{id} per level, ../api/get-folder.ts), the top folder
 * first; a flat list of tree items with `aria-level` (each item's name is its own folder's, not its subtree's).
 * Keyboard as the WAI-ARIA tree pattern: Up/Down move through the visible folders, Right opens a branch or
 * enters it, Left closes it or goes to the parent, Home/End, Enter or Space opens the folder. One folder is in the Tab
 * order (roving tabindex).
 *
 * With `onDropFiles`, a folder takes files dragged from the listing (drag data FINDER_DRAG_TYPE: a JSON list of file
 * ids) and hands them over to be moved there.
 */
import { ChevronDown, ChevronRight, Folder, FolderOpen } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { FinderFolder } from '../../../../../api/contracts/finder';
import { useFolder } from '../api/get-folder';

/** The drag data type of files dragged from the listing. */
export const FINDER_DRAG_TYPE = 'application/x-finder-files';

interface FolderTreeProps {
  /** The open folder's id (`root` for the top). */
  selectedId: string;
  onSelect(folder: FinderFolder): void;
  /** Folders that cannot be chosen (a folder being moved and its subtree: the api refuses a cycle anyway). */
  disabledIds?: ReadonlySet<string>;
  onDropFiles?(fileIds: string[], folder: FinderFolder): void;
  label: string;
  /** Ids whose branches start open (the open folder's path). */
  initiallyOpen?: readonly string[];
}

export function FolderTree({ selectedId, onSelect, disabledIds, onDropFiles, label, initiallyOpen = [] }: FolderTreeProps) {
  const [open, setOpen] = useState<Set<string>>(() => new Set(['root', ...initiallyOpen]));
  const [focusId, setFocusId] = useState<string>(selectedId || 'root');
  const openKey = initiallyOpen.join('/');
  // The open folder's branch shows open, and it is the folder in the Tab order.
  useEffect(() => {
    setOpen((o) => (openKey.split('/').every((id) => !id || o.has(id)) ? o : new Set([...o, ...openKey.split('/').filter(Boolean)])));
  }, [openKey]);
  useEffect(() => setFocusId(selectedId || 'root'), [selectedId]);
  const toggle = (id: string, next?: boolean) =>
    setOpen((o) => {
      const s = new Set(o);
      if (next ?? !s.has(id)) s.add(id);
      else s.delete(id);
      return s;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="treeitem"]')];
    const level = (el: HTMLElement | undefined) => Number(el?.getAttribute('aria-level') ?? 0);
    const current = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[role="treeitem"]');
    if (!current) return;
    const at = items.indexOf(current);
    const id = current.dataset.folderId!;
    const focus = (el: HTMLElement | undefined | null) => {
      if (!el) return;
      setFocusId(el.dataset.folderId!);
      el.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        focus(items[at + 1]);
        break;
      case 'ArrowUp':
        focus(items[at - 1]);
        break;
      case 'Home':
        focus(items[0]);
        break;
      case 'End':
        focus(items[items.length - 1]);
        break;
      case 'ArrowRight':
        if (current.getAttribute('aria-expanded') === 'false') toggle(id, true);
        else if (current.getAttribute('aria-expanded') === 'true' && level(items[at + 1]) === level(current) + 1) focus(items[at + 1]);
        break;
      case 'ArrowLeft':
        if (current.getAttribute('aria-expanded') === 'true') toggle(id, false);
        else focus(items.slice(0, at).reverse().find((el) => level(el) < level(current)));
        break;
      case 'Enter':
      case ' ':
        current.click();
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <ul className="finder-tree" role="tree" aria-label={label} onKeyDown={onKeyDown}>
      <TreeNode id="root" level={1} open={open} toggle={toggle} selectedId={selectedId} focusId={focusId} setFocusId={setFocusId} onSelect={onSelect} disabledIds={disabledIds} onDropFiles={onDropFiles} />
    </ul>
  );
}

interface NodeProps {
  id: string;
  level: number;
  /** The folder as its parent's listing gave it (null for the top, read from its own listing). */
  known?: FinderFolder;
  open: ReadonlySet<string>;
  toggle(id: string, next?: boolean): void;
  selectedId: string;
  focusId: string;
  setFocusId(id: string): void;
  onSelect(folder: FinderFolder): void;
  disabledIds?: ReadonlySet<string>;
  onDropFiles?(fileIds: string[], folder: FinderFolder): void;
}

function TreeNode({ id, level, known, open, toggle, selectedId, focusId, setFocusId, onSelect, disabledIds, onDropFiles }: NodeProps) {
  const { t } = useTranslation('cms');
  const expanded = open.has(id);
  const listing = useFolder(id, expanded || !known);
  const folder = listing.data?.folder ?? known;
  const [dropping, setDropping] = useState(false);
  if (!folder) return null;
  const hasChildren = folder.folderCount > 0;
  const disabled = disabledIds?.has(id) ?? false;
  const name = id === 'root' ? t('finder.tree.root') : folder.name;
  const dropProps = onDropFiles && !disabled
    ? {
        onDragOver: (e: DragEvent) => {
          if (![...e.dataTransfer.types].includes(FINDER_DRAG_TYPE)) return;
          e.preventDefault();
          e.stopPropagation();
          e.dataTransfer.dropEffect = 'move';
          setDropping(true);
        },
        onDragLeave: () => setDropping(false),
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          e.stopPropagation();
          setDropping(false);
          try {
            const ids = JSON.parse(e.dataTransfer.getData(FINDER_DRAG_TYPE)) as unknown;
            if (Array.isArray(ids) && ids.every((x) => typeof x === 'string')) onDropFiles(ids as string[], folder);
          } catch {
            // not the finder's drag data
          }
        },
      }
    : {};
  return (
    <>
      <li
        role="treeitem"
        aria-level={level}
        aria-expanded={hasChildren ? expanded : undefined}
        aria-selected={selectedId === id}
        aria-disabled={disabled || undefined}
        tabIndex={focusId === id ? 0 : -1}
        data-folder-id={id}
        className="finder-tree__item"
        onClick={(e) => {
          e.stopPropagation();
          setFocusId(id);
          if (!disabled) onSelect(folder);
        }}
        onFocus={(e) => {
          if (e.target === e.currentTarget) setFocusId(id);
        }}
      >
        <span className={`finder-tree__row${selectedId === id ? ' is-selected' : ''}${dropping ? ' is-drop-target' : ''}`} style={{ paddingInlineStart: `${(level - 1) * 0.9 + 0.25}rem` }} {...dropProps}>
          <span
            className="finder-tree__toggle"
            aria-hidden="true"
            onClick={(e) => {
              e.stopPropagation();
              if (hasChildren) toggle(id);
            }}
          >
            {hasChildren ? expanded ? <ChevronDown size={14} /> : <ChevronRight size={14} /> : null}
          </span>
          {selectedId === id ? <FolderOpen size={16} aria-hidden="true" /> : <Folder size={16} aria-hidden="true" />}
          <span className="finder-tree__name">
            {name}
            {folder.fileCount > 0 ? <span className="visually-hidden">, {t('finder.tree.fileCount', { count: folder.fileCount })}</span> : null}
          </span>
          {folder.fileCount > 0 ? (
            <span className="finder-tree__count" aria-hidden="true">
              {folder.fileCount}
            </span>
          ) : null}
        </span>
      </li>
      {hasChildren && expanded
        ? (listing.data?.folders ?? []).map((child) => (
            <TreeNode key={child.id} id={child.id} level={level + 1} known={child} open={open} toggle={toggle} selectedId={selectedId} focusId={focusId} setFocusId={setFocusId} onSelect={onSelect} disabledIds={disabledIds} onDropFiles={onDropFiles} />
          ))
        : null}
    </>
  );
}
