/**
 * The finder's files (spec 2 "File manager"; spec 3 "File": name, ext, size, createdAt, tags, thumbnail, type) as a
 * grid of thumbnails or a dense list, one multi-select listbox either way (WAI-ARIA listbox: `aria-multiselectable`
 * unless single-file mode; the focused file by `aria-activedescendant`). Selection rules: ../utils/selection.ts (click,
 * Shift and Ctrl/Cmd, arrows by rows and columns, Space, Ctrl+A). Enter or a double click opens the file (`onOpen`),
 * F2 asks to rename it, Delete to delete the selection. A file is dragged onto a folder of the tree to move it (the
 * selection when the dragged file is selected).
 */
import { FileImage } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { FinderFile } from '../../../../../api/contracts/finder';
import { INTL_LOCALE, type Language } from '../../../lib/language';
import { formatByteSize } from '../utils/byte-size';
import { clickSelect, moveTo, nextIndex, type Selection, selectAll, toggleFocused } from '../utils/selection';
import { FINDER_DRAG_TYPE } from './folder-tree';

interface FileListingProps {
  files: FinderFile[];
  view: 'grid' | 'list';
  selection: Selection;
  onSelection(next: Selection): void;
  single: boolean;
  lang: Language;
  label: string;
  onOpen(file: FinderFile): void;
  onRename?(file: FinderFile): void;
  onDelete?(): void;
  /** Files may be dragged onto folders (files.edit). */
  draggable: boolean;
  idBase: string;
}

export function FileListing({ files, view, selection, onSelection, single, lang, label, onOpen, onRename, onDelete, draggable, idBase }: FileListingProps) {
  const { t } = useTranslation('cms');
  const box = useRef<HTMLDivElement>(null);
  const order = files.map((f) => f.id);
  const optionId = (id: string) => `${idBase}-file-${id}`;
  const date = new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'short', timeStyle: 'short' });

  const scrollTo = (id: string) => document.getElementById(optionId(id))?.scrollIntoView({ block: 'nearest' });

  /** Files per row of the grid now (1 in the list view). */
  const columns = () => {
    if (view === 'list' || !box.current) return 1;
    const options = [...box.current.querySelectorAll<HTMLElement>('[role="option"]')];
    const top = options[0]?.offsetTop;
    const inRow = options.findIndex((o) => o.offsetTop !== top);
    return inRow <= 0 ? Math.max(1, options.length) : inRow;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const ctrl = event.ctrlKey || event.metaKey;
    const at = selection.focus ? order.indexOf(selection.focus) : -1;
    const focused = at >= 0 ? files[at]! : null;
    if (ctrl && event.key.toLowerCase() === 'a') {
      onSelection(selectAll(order, single));
    } else if (event.key === ' ') {
      onSelection(focused ? toggleFocused(selection, order, single) : selection);
    } else if (event.key === 'Enter') {
      if (!focused) return;
      onOpen(focused);
    } else if (event.key === 'F2') {
      if (!focused || !onRename) return;
      onRename(focused);
    } else if (event.key === 'Delete') {
      if (!onDelete || selection.ids.length === 0) return;
      onDelete();
    } else {
      const next = nextIndex(event.key, at, files.length, columns());
      if (next === null) return;
      const id = order[next]!;
      onSelection(moveTo(selection, order, id, { range: event.shiftKey, toggle: ctrl }, single));
      scrollTo(id);
    }
    event.preventDefault();
  };

  if (files.length === 0) return null;
  return (
    <div
      ref={box}
      className={`finder-files finder-files--${view}`}
      role="listbox"
      aria-label={label}
      aria-multiselectable={single ? undefined : true}
      aria-activedescendant={selection.focus && order.includes(selection.focus) ? optionId(selection.focus) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={() => {
        if (!selection.focus && files[0]) onSelection({ ...selection, focus: files[0].id });
      }}
    >
      {files.map((file) => {
        const selected = selection.ids.includes(file.id);
        return (
          <div
            key={file.id}
            id={optionId(file.id)}
            role="option"
            aria-selected={selected}
            className={`finder-file${selected ? ' is-selected' : ''}${selection.focus === file.id ? ' is-focused' : ''}`}
            data-file-id={file.id}
            draggable={draggable}
            onDragStart={(e) => {
              const ids = selected ? selection.ids : [file.id];
              e.dataTransfer.setData(FINDER_DRAG_TYPE, JSON.stringify(ids));
              e.dataTransfer.effectAllowed = 'move';
            }}
            onClick={(e) => {
              onSelection(clickSelect(selection, order, file.id, { range: e.shiftKey, toggle: e.ctrlKey || e.metaKey }, single));
              box.current?.focus();
            }}
            onDoubleClick={() => onOpen(file)}
          >
            <span className="finder-file__thumb">
              {file.thumbnail ? <img src={file.thumbnail} alt="" width={view === 'grid' ? 160 : 40} height={view === 'grid' ? 120 : 30} loading="lazy" decoding="async" draggable={false} /> : <FileImage size={view === 'grid' ? 40 : 20} aria-hidden="true" />}
            </span>
            <span className="finder-file__name">{file.name}</span>
            <span className="finder-file__meta">
              <span>{formatByteSize(file.size, lang)}</span>
              {view === 'list' ? (
                <>
                  <span>{file.width && file.height ? `${file.width} × ${file.height}` : file.type}</span>
                  <span>{date.format(new Date(file.createdAt))}</span>
                  <span className="finder-file__tags">{file.tags.join(', ')}</span>
                </>
              ) : null}
              {file.usedBy > 0 ? <span className="finder-file__used">{t('finder.file.usedBy', { count: file.usedBy })}</span> : null}
            </span>
          </div>
        );
      })}
    </div>
  );
}
