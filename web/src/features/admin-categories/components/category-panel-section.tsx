/**
 * The panel section of the category editor (spec 3 "Category"; spec 7 /category/update and /category/delete): the
 * open category's path, state, product count and storefront URL; its names and search keywords per language; its
 * place (parent and position) for keyboard users, and one place up / down; hide / show; add a subcategory or a
 * sibling; delete after a confirmation; the audit timeline of its stream `category-{id}`. Each form starts again
 * from the saved values only when those values change (its `key`), so a background refresh of the list never wipes
 * what is being typed. Without products.edit everything is read-only.
 */
import { ArrowDown, ArrowUp, Eye, EyeOff, FolderPlus, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from '../../../lib/translation';
import type { AdminCategory, CategoryPayload } from '../../../../../api/contracts/admin-categories';
import { HistoryTimeline } from '../../../components/staff/history-timeline';
import type { Language } from '../../../lib/language';
import { type CategoryTree, nameOf } from '../utils/category-tree-model';
import { PerLanguageForm, PlaceForm } from './category-forms';

interface Props {
  category: AdminCategory;
  categories: AdminCategory[];
  tree: CategoryTree;
  lang: Language;
  canEdit: boolean;
  /** A save is under way (the save buttons wait). */
  saving: boolean;
  deleting: boolean;
  /** Saves `payload` on this category and toasts `done` when given; resolves to the saved category or null. */
  run: (payload: CategoryPayload, done?: string) => Promise<AdminCategory | null>;
  /** Moves it under `parentId` (null: the top level) at the 0-based `position` (default: after the last child). */
  move: (parentId: string | null, position?: number) => Promise<AdminCategory | null>;
  /** Opens the form for a new category under `parentId` (null: the top level). */
  onCreateUnder: (parentId: string | null) => void;
  /** Asked for after the confirmation. */
  onDelete: () => void;
}

export function CategoryPanelSection({ category: selected, categories, tree, lang, canEdit, saving, deleting, run, move, onCreateUnder, onDelete }: Props) {
  const { t } = useTranslation('cms');
  const siblings = tree.children.get(tree.parentOf(selected.id)) ?? [];
  const index = siblings.findIndex((c) => c.id === selected.id);
  return (
    <section className="staff-panel category-editor__details" aria-labelledby="category-title">
      <p className="staff-breadcrumb">{tree.pathOf(selected.id).map((c) => nameOf(c, lang)).join(' › ')}</p>
      <div className="staff-screen__head">
        <h2 id="category-title">{nameOf(selected, lang)}</h2>
        <span className={`staff-state ${selected.hidden ? 'is-inactive' : 'is-active'}`}>{selected.hidden ? t('categoryTree.hidden') : t('categoryTree.shown')}</span>
      </div>
      <dl className="staff-facts">
        <div>
          <dt>{t('categoryTree.productCount')}</dt>
          <dd>{selected.productCount ?? 0}</dd>
        </div>
        <div>
          <dt>{t('categoryTree.storefrontUrl')}</dt>
          <dd>
            <code>{selected.url[lang]}</code>
          </dd>
        </div>
      </dl>

      <PerLanguageForm kind="names" key={`names:${selected.id}:${selected.name.et}:${selected.name.en}`} values={selected.name} canEdit={canEdit} busy={saving} onSave={(name) => run({ name }, t('categoryTree.saved'))} />

      <PlaceForm
        key={`place:${selected.id}:${selected.parent_id}:${index}`}
        category={selected}
        categories={categories}
        excluded={tree.subtree(selected.id)}
        pathOf={tree.pathOf}
        lang={lang}
        index={index}
        canEdit={canEdit}
        busy={saving}
        onMove={move}
      />

      {canEdit ? (
        <div className="category-editor__actions" role="group" aria-label={t('categoryTree.actions')}>
          <button type="button" className="button" disabled={saving || index <= 0} onClick={() => void run({ position: index - 1 })}>
            <ArrowUp size={16} aria-hidden="true" />
            {t('categoryTree.up')}
          </button>
          <button type="button" className="button" disabled={saving || index < 0 || index >= siblings.length - 1} onClick={() => void run({ position: index + 1 })}>
            <ArrowDown size={16} aria-hidden="true" />
            {t('categoryTree.down')}
          </button>
          <button type="button" className="button" disabled={saving} onClick={() => void run({ hidden: !selected.hidden }, selected.hidden ? t('categoryTree.shownDone') : t('categoryTree.hiddenDone'))}>
            {selected.hidden ? <Eye size={16} aria-hidden="true" /> : <EyeOff size={16} aria-hidden="true" />}
            {selected.hidden ? t('categoryTree.show') : t('categoryTree.hide')}
          </button>
          <button type="button" className="button" onClick={() => onCreateUnder(selected.id)}>
            <FolderPlus size={16} aria-hidden="true" />
            {t('categoryTree.addChild')}
          </button>
          <button type="button" className="button" onClick={() => onCreateUnder(tree.parentOf(selected.id) || null)}>
            <Plus size={16} aria-hidden="true" />
            {t('categoryTree.addSibling')}
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={deleting}
            onClick={() => {
              if (window.confirm(t('categoryTree.deleteConfirm', { name: nameOf(selected, lang) }))) onDelete();
            }}
          >
            <Trash2 size={16} aria-hidden="true" />
            {t('categoryTree.delete')}
          </button>
        </div>
      ) : null}

      <PerLanguageForm
        kind="keywords"
        key={`keywords:${selected.id}:${selected.search_keywords.et}:${selected.search_keywords.en}`}
        values={selected.search_keywords}
        canEdit={canEdit}
        busy={saving}
        onSave={(search_keywords) => run({ search_keywords }, t('categoryTree.saved'))}
      />

      <HistoryTimeline stream={`category-${selected.id}`} title={t('categoryTree.history')} />
    </section>
  );
}
