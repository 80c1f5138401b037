/**
 * The category tree editor (spec 3 "Category"; spec 7 /category/create, update, delete; spec 8 "Category save
 * failure: errors listed as danger messages"): the tree section (./category-tree-section.tsx) on the left, the panel
 * on the right — the open category (./category-panel-section.tsx) or a new category's names
 * (./category-forms.tsx CreateForm). This component holds what both sides share: the open branches, the row in the
 * Tab order, the create form's parent, and the saves, whose failures it lists above the panel as danger messages.
 *
 * Opening a category (`selectedId`, kept in the URL by the screen) also opens its branch.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { AdminCategory, CategoryPayload } from '../../../../../api/contracts/admin-categories';
import { showToast } from '../../../components/feedback/toasts';
import { FormAlert } from '../../../components/staff/text-field';
import type { Language } from '../../../lib/language';
import { formErrors } from '../../../lib/staff/form-errors';
import { useDeleteCategory } from '../api/category-delete';
import { useSaveCategory } from '../api/category-save';
import { useTree } from '../utils/category-tree-model';
import { CreateForm } from './category-forms';
import { CategoryPanelSection } from './category-panel-section';
import { CategoryTreeSection } from './category-tree-section';
import './category-tree-editor.css';

interface Props {
  categories: AdminCategory[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  canEdit: boolean;
  lang: Language;
}

export function CategoryTreeEditor({ categories, selectedId, onSelect, canEdit, lang }: Props) {
  const { t } = useTranslation('cms');
  const tree = useTree(categories);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [focusId, setFocusId] = useState<string | null>(selectedId);
  const [messages, setMessages] = useState<string[]>([]);
  const [creating, setCreating] = useState<{ parentId: string | null } | null>(null);
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const selected = selectedId ? (tree.byId.get(selectedId) ?? null) : null;

  // The open category's branch is shown open (a link or a move into a closed branch).
  useEffect(() => {
    if (!selectedId) return;
    const ancestors = tree.pathOf(selectedId).slice(0, -1).map((c) => c.id);
    if (ancestors.some((id) => !expanded.has(id))) setExpanded((e) => new Set([...e, ...ancestors]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId, tree]);

  const toggle = (id: string, open?: boolean) =>
    setExpanded((e) => {
      const next = new Set(e);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Runs a save, shows its errors as danger messages; resolves to the saved category or null. */
  async function run(id: string | null, payload: CategoryPayload, done?: string): Promise<AdminCategory | null> {
    setMessages([]);
    try {
      const saved = await save.mutateAsync({ id, payload, lang });
      if (done) showToast('success', done);
      return saved;
    } catch (error) {
      setMessages(formErrors(error, []).general);
      return null;
    }
  }

  /** Moves `id` under `parentId` (null: the top level) at the 0-based `position` (default: after the last child). */
  const move = (id: string, parentId: string | null, position?: number) => run(id, { parent_id: parentId ?? 0, ...(position === undefined ? {} : { position }) }, t('categoryTree.moved'));

  const createUnder = (parentId: string | null) => {
    setCreating({ parentId });
    setMessages([]);
  };

  return (
    <div className="category-editor">
      <CategoryTreeSection
        tree={tree}
        expanded={expanded}
        toggle={toggle}
        selectedId={selectedId}
        focusId={focusId}
        setFocusId={setFocusId}
        canEdit={canEdit}
        lang={lang}
        onOpen={(id) => {
          onSelect(id);
          if ((tree.children.get(id)?.length ?? 0) > 0) toggle(id, true);
          setCreating(null);
        }}
        onAddTop={() => createUnder(null)}
        onDropOn={(id, targetId) => {
          if (targetId && tree.subtree(id).has(targetId)) {
            setMessages([t('categoryTree.cycle')]);
            return;
          }
          void move(id, targetId).then((saved) => {
            if (saved && targetId) toggle(targetId, true);
          });
        }}
      />

      <div className="category-editor__panel">
        <FormAlert messages={messages} />
        {creating ? (
          <CreateForm
            parent={creating.parentId ? (tree.byId.get(creating.parentId) ?? null) : null}
            lang={lang}
            busy={save.isPending}
            onCancel={() => setCreating(null)}
            onCreate={async (names) => {
              const saved = await run(null, { parent_id: creating.parentId ?? 0, name: names }, t('categoryTree.created'));
              if (saved) {
                setCreating(null);
                if (creating.parentId) toggle(creating.parentId, true);
                onSelect(saved.id);
                setFocusId(saved.id);
              }
            }}
          />
        ) : selected ? (
          <CategoryPanelSection
            category={selected}
            categories={categories}
            tree={tree}
            lang={lang}
            canEdit={canEdit}
            saving={save.isPending}
            deleting={remove.isPending}
            run={(payload, done) => run(selected.id, payload, done)}
            move={(parentId, position) => move(selected.id, parentId, position)}
            onCreateUnder={createUnder}
            onDelete={() => {
              setMessages([]);
              remove.mutate(
                { id: selected.id, lang },
                {
                  onSuccess: () => {
                    showToast('success', t('categoryTree.deleted'));
                    onSelect(tree.parentOf(selected.id) || null);
                  },
                  onError: (error) => setMessages(formErrors(error, []).general),
                },
              );
            }}
          />
        ) : (
          <p className="muted staff-panel">{t('categoryTree.pick')}</p>
        )}
      </div>
    </div>
  );
}
