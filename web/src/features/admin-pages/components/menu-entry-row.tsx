/**
 * One row of the menu editor (spec 2 "menu edit"): the drag handle (pointer drag, or the keyboard: Space picks up,
 * arrows move, Space drops, Escape cancels; @dnd-kit/sortable), the kind, the label in Estonian and in English, the
 * target (a page's title, a category's name, a link's URL to edit), the hidden flag (spec 2 "Header": the Galerii
 * entry is hidden), move in / move out (one level of nesting) and remove. A child row is indented. Read-only: the
 * fields show, nothing changes.
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FileText, FolderTree, GripVertical, IndentDecrease, IndentIncrease, Link2, Trash2, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../../lib/translation';
import { MAX_MENU_LABEL, MAX_MENU_TARGET, type MenuKind } from '../../../../../domain/menu/menu';
import type { MenuNode } from '../utils/menu-tree';

const KIND_ICONS: Record<MenuKind, LucideIcon> = { page: FileText, category: FolderTree, link: Link2 };

export interface MenuEntryRowProps {
  entry: MenuNode;
  depth: 0 | 1;
  /** The entry's name in the interface language (labels, announcements). */
  name: string;
  /** What the target shows for a page or category entry (its title or name). */
  targetText: string;
  canEdit: boolean;
  canNest: boolean;
  /** An error of the last save about this row. */
  invalid: boolean;
  onChange: (patch: { label?: Partial<MenuNode['label']>; target?: string; hidden?: boolean }) => void;
  onNest: () => void;
  onUnnest: () => void;
  onRemove: () => void;
}

export function MenuEntryRow({ entry, depth, name, targetText, canEdit, canNest, invalid, onChange, onNest, onUnnest, onRemove }: MenuEntryRowProps) {
  const { t } = useTranslation('cms');
  const sortable = useSortable({ id: entry.id, disabled: !canEdit });
  const Icon = KIND_ICONS[entry.kind];
  const style = { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition };
  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className={`menu-edit__row${depth ? ' is-child' : ''}${sortable.isDragging ? ' is-dragging' : ''}${entry.hidden ? ' is-hidden' : ''}${invalid ? ' is-invalid' : ''}`}
      data-entry={entry.id}
    >
      {canEdit ? (
        <button type="button" ref={sortable.setActivatorNodeRef} className="icon-button menu-edit__handle" {...sortable.attributes} {...sortable.listeners} aria-label={t('menuEdit.move', { name })}>
          <GripVertical size={16} aria-hidden="true" />
        </button>
      ) : (
        <span className="menu-edit__handle" aria-hidden="true" />
      )}
      <span className="menu-edit__kind" title={t(`menuEdit.kinds.${entry.kind}`)}>
        <Icon size={15} aria-hidden="true" />
        <span className="visually-hidden">{t(`menuEdit.kinds.${entry.kind}`)}</span>
      </span>
      {(['et', 'en'] as const).map((l) => (
        <input
          key={l}
          className="menu-edit__input"
          type="text"
          value={entry.label[l]}
          maxLength={MAX_MENU_LABEL}
          readOnly={!canEdit}
          aria-invalid={invalid && !entry.label.et.trim() && !entry.label.en.trim() ? true : undefined}
          aria-label={t(`menuEdit.labelIn.${l}`, { name })}
          placeholder={t(`menuEdit.labelPlaceholder.${l}`)}
          onChange={(e) => onChange({ label: { [l]: e.target.value } })}
        />
      ))}
      {entry.kind === 'link' ? (
        <input
          className="menu-edit__input menu-edit__target"
          type="text"
          inputMode="url"
          value={entry.target}
          maxLength={MAX_MENU_TARGET}
          readOnly={!canEdit}
          aria-label={t('menuEdit.linkOf', { name })}
          onChange={(e) => onChange({ target: e.target.value })}
        />
      ) : (
        <span className="menu-edit__target muted" title={entry.target}>
          {targetText}
        </span>
      )}
      <label className="menu-edit__hidden">
        <input type="checkbox" checked={entry.hidden} disabled={!canEdit} onChange={(e) => onChange({ hidden: e.target.checked })} aria-label={t('menuEdit.hiddenOf', { name })} />
        <span aria-hidden="true">{t('menuEdit.hidden')}</span>
      </label>
      {canEdit ? (
        <span className="menu-edit__tools">
          {depth === 0 ? (
            <button type="button" className="icon-button" onClick={onNest} disabled={!canNest} aria-label={t('menuEdit.nest', { name })} title={t('menuEdit.nest', { name })}>
              <IndentIncrease size={16} aria-hidden="true" />
            </button>
          ) : (
            <button type="button" className="icon-button" onClick={onUnnest} aria-label={t('menuEdit.unnest', { name })} title={t('menuEdit.unnest', { name })}>
              <IndentDecrease size={16} aria-hidden="true" />
            </button>
          )}
          <button type="button" className="icon-button" onClick={onRemove} aria-label={t('menuEdit.remove', { name })} title={t('menuEdit.remove', { name })}>
            <Trash2 size={16} aria-hidden="true" />
          </button>
        </span>
      ) : null}
    </li>
  );
}
