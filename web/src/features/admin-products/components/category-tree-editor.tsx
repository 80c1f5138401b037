/**
 * The category tree editor (category tree and filters; spec 3 "Category"; spec 7 /category/create, update,
 * delete; spec 8 "Category save failure: errors listed as danger messages").
 *
 * Left, the tree (WAI-ARIA tree pattern): every category under its parent, ordered by position then Estonian name as
 * the storefront orders them, hidden ones marked. Keyboard: Up/Down move between the visible rows, Right opens a
 * branch (or goes to its first child), Left closes it (or goes to the parent), Home/End, Enter or Space opens the
 * category in the panel. Staff with products.edit drag a row onto another to move it under that one, or onto the
 * top-level strip to move it to the top level.
 *
 * Opening a category also opens its branch.
 *
 * Right, the open category (`selectedId`, kept in the URL by the screen): its path, state and storefront URL; names
 * per language (et, en) and search keywords per language (react-hook-form with the contract's field schemas; unsaved
 * changes ask before leaving); the place: a parent picker and a position (1 = first) for keyboard users, and one
 * place up / down; hide / show; add a subcategory or a sibling; delete after a confirmation; the audit timeline of its
 * stream `category-{id}`. Each form starts again from the saved values only when those values change (not on every
 * refetch of the list), so a background refresh never wipes what is being typed. Without products.edit everything is
 * read-only. A failed call lists the envelope's messages above the panel as danger messages.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, ChevronDown, ChevronRight, Eye, EyeOff, FolderPlus, Plus, Save, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type AdminCategory, type CategoryPayload, categoryKeywordsSchema, categoryNameSchema } from '../../../../../api/contracts/admin-categories';
import { showToast } from '../../../components/feedback/toasts';
import { HistoryTimeline } from '../../../components/staff/history-timeline';
import { FormAlert, TextField } from '../../../components/staff/text-field';
import { useUnsavedChangesGuard } from '../../../components/staff/unsaved-changes';
import type { Language } from '../../../lib/language';
import { formErrors } from '../../../lib/staff/form-errors';
import { staffZodMessages } from '../../../lib/staff/zod-messages';
import { useDeleteCategory } from '../api/category-delete';
import { useSaveCategory } from '../api/category-save';
import './category-tree-editor.css';

interface Props {
  categories: AdminCategory[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  canEdit: boolean;
  lang: Language;
}

const ROOT = '';
const nameOf = (c: AdminCategory, lang: Language) => c.name[lang] || c.name.et || c.name.en;

/** The tree's structure: children per parent id ('' the top level) in the storefront's order, parents by id. */
function useTree(categories: AdminCategory[]) {
  return useMemo(() => {
    const byId = new Map(categories.map((c) => [c.id, c]));
    const children = new Map<string, AdminCategory[]>();
    for (const c of categories) {
      const parent = c.parent_id && byId.has(c.parent_id) ? c.parent_id : ROOT;
      children.set(parent, [...(children.get(parent) ?? []), c]);
    }
    for (const list of children.values()) list.sort((a, b) => a.position - b.position || a.name.et.localeCompare(b.name.et, 'et'));
    const parentOf = (id: string) => {
      const p = byId.get(id)?.parent_id;
      return p && byId.has(p) ? p : ROOT;
    };
    /** The category and its ancestors, root first. */
    const pathOf = (id: string): AdminCategory[] => {
      const out: AdminCategory[] = [];
      for (let c = byId.get(id); c && out.length < 64; c = c.parent_id ? byId.get(c.parent_id) : undefined) out.unshift(c);
      return out;
    };
    /** The ids in the subtree of `id` (itself included). */
    const subtree = (id: string): Set<string> => {
      const out = new Set<string>([id]);
      const walk = (p: string) => {
        for (const c of children.get(p) ?? []) if (!out.has(c.id)) (out.add(c.id), walk(c.id));
      };
      walk(id);
      return out;
    };
    return { byId, children, parentOf, pathOf, subtree };
  }, [categories]);
}

export function CategoryTreeEditor({ categories, selectedId, onSelect, canEdit, lang }: Props) {
  const { t } = useTranslation('cms');
  const tree = useTree(categories);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [focusId, setFocusId] = useState<string | null>(selectedId);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [messages, setMessages] = useState<string[]>([]);
  const [creating, setCreating] = useState<{ parentId: string | null } | null>(null);
  const dragged = useRef<string | null>(null);
  const rows = useRef(new Map<string, HTMLDivElement>());
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
  const toggle = (id: string, open?: boolean) =>
    setExpanded((e) => {
      const next = new Set(e);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

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
        onSelect(c.id);
        if (hasChildren) toggle(c.id, true);
        setCreating(null);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

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

  function onDrop(targetId: string | null) {
    const id = dragged.current;
    dragged.current = null;
    setDropTarget(null);
    if (!id || !canEdit) return;
    if (targetId && tree.subtree(id).has(targetId)) {
      setMessages([t('categoryTree.cycle')]);
      return;
    }
    void move(id, targetId).then((saved) => {
      if (saved && targetId) toggle(targetId, true);
    });
  }

  const siblings = selected ? (tree.children.get(tree.parentOf(selected.id)) ?? []) : [];
  const index = selected ? siblings.findIndex((c) => c.id === selected.id) : -1;

  return (
    <div className="category-editor">
      <div className="category-editor__tree staff-panel">
        <div className="category-editor__tools">
          <h2 id="category-editor-tree-title">{t('categoryTree.treeTitle')}</h2>
          {canEdit ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                setCreating({ parentId: null });
                setMessages([]);
              }}
            >
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
              onDrop(null);
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
                  onSelect(c.id);
                  if (hasChildren) toggle(c.id, true);
                  setCreating(null);
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
                  onDrop(c.id);
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

            <PerLanguageForm kind="names" key={`names:${selected.id}:${selected.name.et}:${selected.name.en}`} values={selected.name} canEdit={canEdit} busy={save.isPending} onSave={(name) => run(selected.id, { name }, t('categoryTree.saved'))} />

            <PlaceForm
              key={`place:${selected.id}:${selected.parent_id}:${index}`}
              category={selected}
              categories={categories}
              excluded={tree.subtree(selected.id)}
              pathOf={tree.pathOf}
              lang={lang}
              index={index}
              canEdit={canEdit}
              busy={save.isPending}
              onMove={(parentId, position) => move(selected.id, parentId, position)}
            />

            {canEdit ? (
              <div className="category-editor__actions" role="group" aria-label={t('categoryTree.actions')}>
                <button type="button" className="button" disabled={save.isPending || index <= 0} onClick={() => void run(selected.id, { position: index - 1 })}>
                  <ArrowUp size={16} aria-hidden="true" />
                  {t('categoryTree.up')}
                </button>
                <button type="button" className="button" disabled={save.isPending || index < 0 || index >= siblings.length - 1} onClick={() => void run(selected.id, { position: index + 1 })}>
                  <ArrowDown size={16} aria-hidden="true" />
                  {t('categoryTree.down')}
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={save.isPending}
                  onClick={() => void run(selected.id, { hidden: !selected.hidden }, selected.hidden ? t('categoryTree.shownDone') : t('categoryTree.hiddenDone'))}
                >
                  {selected.hidden ? <Eye size={16} aria-hidden="true" /> : <EyeOff size={16} aria-hidden="true" />}
                  {selected.hidden ? t('categoryTree.show') : t('categoryTree.hide')}
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    setCreating({ parentId: selected.id });
                    setMessages([]);
                  }}
                >
                  <FolderPlus size={16} aria-hidden="true" />
                  {t('categoryTree.addChild')}
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    setCreating({ parentId: tree.parentOf(selected.id) || null });
                    setMessages([]);
                  }}
                >
                  <Plus size={16} aria-hidden="true" />
                  {t('categoryTree.addSibling')}
                </button>
                <button
                  type="button"
                  className="button button--danger"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (!window.confirm(t('categoryTree.deleteConfirm', { name: nameOf(selected, lang) }))) return;
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
                >
                  <Trash2 size={16} aria-hidden="true" />
                  {t('categoryTree.delete')}
                </button>
              </div>
            ) : null}

            <PerLanguageForm kind="keywords" key={`keywords:${selected.id}:${selected.search_keywords.et}:${selected.search_keywords.en}`} values={selected.search_keywords} canEdit={canEdit} busy={save.isPending} onSave={(search_keywords) => run(selected.id, { search_keywords }, t('categoryTree.saved'))} />

            <HistoryTimeline stream={`category-${selected.id}`} title={t('categoryTree.history')} />
          </section>
        ) : (
          <p className="muted staff-panel">{t('categoryTree.pick')}</p>
        )}
      </div>
    </div>
  );
}

const namesSchema = z.object({ et: categoryNameSchema.pipe(z.string().trim().min(1)), en: categoryNameSchema.pipe(z.string().trim().min(1)) });
const keywordsSchema = z.object({ et: categoryKeywordsSchema, en: categoryKeywordsSchema });
/** A text per language, as the names and the search keywords hold them. */
type PerLanguage = { et: string; en: string };

/** The two per-language forms of a category: its names and its search keywords (comma-separated words). */
const PER_LANGUAGE_FORMS = {
  names: { schema: namesSchema, title: 'categoryTree.names', hint: null, et: 'categoryTree.nameEt', en: 'categoryTree.nameEn', save: 'categoryTree.saveNames' },
  keywords: { schema: keywordsSchema, title: 'categoryTree.keywords', hint: 'categoryTree.keywordsHint', et: 'categoryTree.keywordsEt', en: 'categoryTree.keywordsEn', save: 'categoryTree.saveKeywords' },
} as const;

/**
 * One per-language form: Save sends both languages (`name: { et, en }` or `search_keywords: { et, en }`), the api
 * records those that changed; leaving with unsaved changes asks first.
 */
function PerLanguageForm({ kind, values, canEdit, busy, onSave }: { kind: keyof typeof PER_LANGUAGE_FORMS; values: PerLanguage; canEdit: boolean; busy: boolean; onSave: (v: PerLanguage) => Promise<AdminCategory | null> }) {
  const { t } = useTranslation('cms');
  const texts = PER_LANGUAGE_FORMS[kind];
  const form = useForm<PerLanguage, unknown, PerLanguage>({ resolver: zodResolver(texts.schema, { error: staffZodMessages(t) }), defaultValues: values });
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedChangesGuard(isDirty, t('page.unsavedChanges'));
  const titleId = `category-${kind}-title`;
  return (
    <form
      className="staff-form category-editor__form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={form.handleSubmit(async (v) => {
        if (await onSave(v)) form.reset(v);
      })}
    >
      <h3 id={titleId}>{t(texts.title)}</h3>
      {texts.hint ? <p className="staff-field__hint">{t(texts.hint)}</p> : null}
      <div className="staff-form__row">
        {(['et', 'en'] as const).map((language) => (
          <TextField
            key={language}
            id={`category-${kind === 'names' ? 'name' : 'keywords'}-${language}`}
            label={t(texts[language])}
            lang={language}
            autoComplete="off"
            disabled={!canEdit}
            registration={form.register(language)}
            error={errors[language]?.message}
          />
        ))}
      </div>
      {canEdit ? (
        <div className="staff-form__actions">
          <button type="submit" className="button button--primary" disabled={busy || isSubmitting || !isDirty}>
            <Save size={16} aria-hidden="true" />
            {t(texts.save)}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/**
 * The place of a category for keyboard users: the parent (any category outside its own subtree, or the top level)
 * and the position among the new siblings (1 = first; empty = after the last one).
 */
function PlaceForm(props: {
  category: AdminCategory;
  categories: AdminCategory[];
  excluded: Set<string>;
  pathOf: (id: string) => AdminCategory[];
  lang: Language;
  index: number;
  canEdit: boolean;
  busy: boolean;
  onMove: (parentId: string | null, position?: number) => Promise<AdminCategory | null>;
}) {
  const { category, categories, excluded, pathOf, lang, index, canEdit, busy, onMove } = props;
  const { t } = useTranslation('cms');
  const [parent, setParent] = useState(category.parent_id ?? ROOT);
  const [position, setPosition] = useState(String(index + 1));
  const options = useMemo(
    () =>
      categories
        .filter((c) => !excluded.has(c.id))
        .map((c) => ({ id: c.id, label: pathOf(c.id).map((p) => nameOf(p, lang)).join(' › ') }))
        .sort((a, b) => a.label.localeCompare(b.label, lang)),
    [categories, excluded, pathOf, lang],
  );
  const wanted = position.trim() === '' ? undefined : Number(position);
  const invalid = wanted !== undefined && (!Number.isInteger(wanted) || wanted < 1);
  const unchanged = parent === (category.parent_id ?? ROOT) && wanted === index + 1;
  return (
    <form
      className="staff-form category-editor__form"
      noValidate
      aria-labelledby="category-place-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (invalid) return;
        void onMove(parent || null, wanted === undefined ? undefined : wanted - 1);
      }}
    >
      <h3 id="category-place-title">{t('categoryTree.place')}</h3>
      <div className="staff-form__row">
        <div className="staff-field">
          <label htmlFor="category-parent">{t('categoryTree.parent')}</label>
          <select
            id="category-parent"
            value={parent}
            disabled={!canEdit}
            onChange={(e) => {
              setParent(e.target.value);
              // Another parent: last among its children unless a position is typed; the same parent: where it is.
              setPosition(e.target.value === (category.parent_id ?? ROOT) ? String(index + 1) : '');
            }}
          >
            <option value={ROOT}>{t('categoryTree.topLevel')}</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field category-editor__position">
          <label htmlFor="category-position">{t('categoryTree.position')}</label>
          <input
            id="category-position"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={position}
            disabled={!canEdit}
            onChange={(e) => setPosition(e.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby="category-position-hint"
          />
          <p id="category-position-hint" className="staff-field__hint">
            {t('categoryTree.positionHint')}
          </p>
        </div>
      </div>
      {canEdit ? (
        <div className="staff-form__actions">
          <button type="submit" className="button button--primary" disabled={busy || invalid || unchanged}>
            {t('categoryTree.move')}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** A new category's names: Estonian required, English optional (the api then uses the Estonian name for both). */
const newNamesSchema = z.object({ et: categoryNameSchema.pipe(z.string().trim().min(1)), en: categoryNameSchema.transform((v) => v.trim()) });

/** A new category's names, under `parent` (null: the top level). */
function CreateForm({ parent, lang, busy, onCancel, onCreate }: { parent: AdminCategory | null; lang: Language; busy: boolean; onCancel: () => void; onCreate: (names: { et: string; en?: string }) => Promise<void> }) {
  const { t } = useTranslation('cms');
  const form = useForm<z.input<typeof newNamesSchema>, unknown, z.output<typeof newNamesSchema>>({ resolver: zodResolver(newNamesSchema, { error: staffZodMessages(t) }), defaultValues: { et: '', en: '' } });
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedChangesGuard(isDirty && !isSubmitting, t('page.unsavedChanges'));
  return (
    <section className="staff-panel" aria-labelledby="category-create-title">
      <h2 id="category-create-title">{parent ? t('categoryTree.createUnder', { name: nameOf(parent, lang) }) : t('categoryTree.createTop')}</h2>
      <form className="staff-form" noValidate onSubmit={form.handleSubmit(({ et, en }) => onCreate(en ? { et, en } : { et }))}>
        <div className="staff-form__row">
          <TextField id="category-new-et" label={t('categoryTree.nameEt')} lang="et" autoComplete="off" autoFocus registration={form.register('et')} error={errors.et?.message} />
          <TextField id="category-new-en" label={t('categoryTree.nameEn')} lang="en" autoComplete="off" registration={form.register('en')} error={errors.en?.message} />
        </div>
        <div className="staff-form__actions">
          <button type="submit" className="button button--primary" disabled={busy || isSubmitting}>
            <Plus size={16} aria-hidden="true" />
            {t('categoryTree.create')}
          </button>
          <button type="button" className="button" onClick={onCancel}>
            {t('categoryTree.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
