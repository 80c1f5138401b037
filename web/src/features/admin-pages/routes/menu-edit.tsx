/**
 * Menu edit (spec 2 "Admin area": "Labels name ... menu edit"; "Header": navigation built from entries of kind page,
 * menu link or category, the entry labelled Galerii hidden), /admin/menu: the main menu as rows in order, children
 * indented under their entry (one level). Reorder by dragging a row's handle or by the keyboard (Space picks up, the
 * arrows move, Space drops, Escape cancels), with announcements in the staff member's language; move an entry in
 * (under the entry above it) or out; add a page, a category or a link; hide; labels in Estonian and English. Save
 * sends the whole menu with the version the screen read (PUT /v1/admin/menu); a 409 shows the api's message (who
 * saved meanwhile and when) and offers a reload. The storefront's header (GET /v1/site) shows a save at once. Leaving
 * with unsaved changes asks spec 2's question. Read-only for pages.view alone. The tree operations are
 * ../utils/menu-tree.ts.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { FileText, RefreshCw, RotateCcw, Save } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { MAX_MENU_ENTRIES } from '../../../../../domain/menu/menu';
import { showToast } from '../../../components/feedback/toasts';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { HistoryTimeline } from '../../../components/staff/history-timeline';
import { FormAlert } from '../../../components/staff/text-field';
import { useUnsavedChangesGuard } from '../../../components/staff/unsaved-changes';
import { ApiError, apiErrorText } from '../../../lib/api-client';
import { useRouteLanguage, type Language } from '../../../lib/language';
import { hasPermission, useStaffSession } from '../../../lib/staff/session';
import { type EditableMenu, useMenu } from '../api/get-menu';
import { useCategoryChoices, usePageChoices } from '../api/get-menu-targets';
import { isMenuChangedMeanwhile, useSaveMenu } from '../api/save-menu';
import { AddMenuEntry, type NewMenuEntry } from '../components/add-menu-entry';
import { MenuEntryRow } from '../components/menu-entry-row';
import {
  addEntry,
  entryAtPath,
  flattenMenu,
  moveEntry,
  nestEntry,
  nestTarget,
  newEntryId,
  placeOf,
  removeEntry,
  sameMenu,
  unnestEntry,
  updateEntry,
  type MenuNode,
} from '../utils/menu-tree';
import './admin-pages.css';

export function MenuEditScreen() {
  const { t } = useTranslation('cms');
  const menu = useMenu();
  return (
    <section className="staff-screen menu-edit" aria-labelledby="screen-title">
      <PageMeta title={t('menuEdit.title')} description={t('menuEdit.title')} noindex />
      {menu.isPending ? <Spinner /> : null}
      {menu.isError ? <FormAlert messages={[apiErrorText(menu.error)]} /> : null}
      {menu.data ? (
        <MenuEditor
          key={menu.data.version}
          saved={menu.data}
          onReload={async () => {
            await menu.refetch();
          }}
        />
      ) : null}
    </section>
  );
}

function MenuEditor({ saved, onReload }: { saved: EditableMenu; onReload: () => Promise<void> }) {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const session = useStaffSession();
  const canEdit = session.data ? hasPermission(session.data, 'pages.edit') : false;
  const canSeeHistory = session.data ? hasPermission(session.data, 'history.view') : false;
  const [draft, setDraft] = useState<MenuNode[]>(saved.entries);
  const [status, setStatus] = useState('');
  const [stale, setStale] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ messages: string[]; ids: Set<string> }>({ messages: [], ids: new Set() });
  const [reloading, setReloading] = useState(false);
  const save = useSaveMenu();
  const dirty = !sameMenu(draft, saved.entries);
  useUnsavedChangesGuard(dirty && canEdit, t('page.unsavedChanges'));
  const pages = usePageChoices(lang, true);
  const categories = useCategoryChoices(lang, draft.some((e) => e.kind === 'category'));
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const rows = flattenMenu(draft);

  const other = (l: Language): Language => (l === 'et' ? 'en' : 'et');
  const nameOf = (e: MenuNode) => e.label[lang].trim() || e.label[other(lang)].trim() || e.target || t('menuEdit.unnamed');
  const nameById = (tree: readonly MenuNode[], id: string | number) => {
    const row = flattenMenu(tree).find((r) => r.entry.id === String(id));
    return row ? nameOf(row.entry) : String(id);
  };
  const targetText = (e: MenuNode) => {
    if (e.kind === 'page') {
      const page = pages.data?.find((p) => p.pageId === e.target || p.slug.et === e.target || p.slug.en === e.target);
      return page ? `${page.title[lang] || page.title[other(lang)]} (/${page.slug.et})` : `/${e.target.replace(/^\/+/, '')}`;
    }
    const category = categories.data?.find((c) => c.id === e.target);
    return category ? category.name[lang] || category.name[other(lang)] : t('menuEdit.unknownCategory');
  };

  /** "position 2 of 5" or "position 1 of 2 under Info", for the announcements. */
  const placeText = (tree: readonly MenuNode[], id: string) => {
    const place = placeOf(tree, id);
    if (!place) return '';
    return place.parent ? t('menuEdit.place.under', { position: place.position, count: place.count, parent: nameOf(place.parent) }) : t('menuEdit.place.top', { position: place.position, count: place.count });
  };

  const moved = useRef(false);
  const announcements = useMemo((): Announcements => {
    const after = (active: string | number, over: string | number | undefined) => (over === undefined ? draft : moveEntry(draft, String(active), String(over)));
    return {
      onDragStart: ({ active }) => {
        moved.current = false;
        return t('menuEdit.announce.start', { name: nameById(draft, active.id), place: placeText(draft, String(active.id)) });
      },
      onDragOver: ({ active, over }) => {
        // The first "over" of a drag is the entry's own place: the start's announcement already says it.
        if (over?.id === active.id && !moved.current) return undefined;
        moved.current = true;
        if (!over) return t('menuEdit.announce.outside', { name: nameById(draft, active.id) });
        return t('menuEdit.announce.over', { name: nameById(draft, active.id), place: placeText(after(active.id, over.id), String(active.id)) });
      },
      onDragEnd: ({ active, over }) => t('menuEdit.announce.end', { name: nameById(draft, active.id), place: placeText(after(active.id, over?.id), String(active.id)) }),
      onDragCancel: ({ active }) => t('menuEdit.announce.cancel', { name: nameById(draft, active.id), place: placeText(draft, String(active.id)) }),
    };
    // nameById/placeText read `draft`, `lang` and `t` only.
  }, [draft, lang, t]); // eslint-disable-line react-hooks/exhaustive-deps

  const change = (next: MenuNode[], message?: string) => {
    if (next === draft) return;
    setDraft(next);
    if (message) setStatus(message);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) change(moveEntry(draft, String(active.id), String(over.id)));
  };

  const onAdd = (entry: NewMenuEntry) => {
    const node: MenuNode = { id: newEntryId(draft, entry.kind), ...entry, hidden: false, children: [] };
    change(addEntry(draft, node), t('menuEdit.added', { name: nameOf(node) }));
  };

  const onSave = () => {
    setStale(null);
    setProblems({ messages: [], ids: new Set() });
    save.mutate(
      { entries: draft, version: saved.version },
      {
        onSuccess: () => showToast('success', t('menuEdit.saved')),
        onError: (error) => {
          if (isMenuChangedMeanwhile(error)) return setStale(apiErrorText(error));
          const items = error instanceof ApiError ? ((error.body as { errors?: { field?: unknown; message?: unknown }[] } | undefined)?.errors ?? []) : [];
          const ids = new Set<string>();
          const messages = items.flatMap((item) => {
            if (typeof item.message !== 'string') return [];
            const entry = typeof item.field === 'string' ? entryAtPath(draft, item.field) : null;
            if (entry) ids.add(entry.id);
            return [entry ? `${nameOf(entry)}: ${item.message}` : item.message];
          });
          setProblems({ messages: messages.length ? messages : [apiErrorText(error)], ids });
        },
      },
    );
  };

  const reload = async () => {
    setReloading(true);
    try {
      await onReload(); // a newer version remounts the editor with the latest menu
    } finally {
      setReloading(false);
    }
  };

  return (
    <>
      <div className="staff-screen__head">
        <div>
          <p className="staff-breadcrumb">
            <Link to={to('/admin/page')}>
              <FileText size={14} aria-hidden="true" /> {t('admin.menu.pages')}
            </Link>
          </p>
          <h1 id="screen-title">{t('menuEdit.title')}</h1>
        </div>
        {canEdit ? (
          <div className="admin-pages__links">
            <button type="button" className="button" onClick={() => change(saved.entries, t('menuEdit.discarded'))} disabled={!dirty || save.isPending}>
              <RotateCcw size={16} aria-hidden="true" />
              {t('menuEdit.discard')}
            </button>
            <button type="button" className="button button--primary" onClick={onSave} disabled={!dirty || save.isPending}>
              <Save size={16} aria-hidden="true" />
              {t('menuEdit.save')}
            </button>
          </div>
        ) : (
          <p className="muted">{t('menuEdit.readOnly')}</p>
        )}
      </div>
      <p className="muted admin-pages__note">{canEdit ? t('menuEdit.help') : t('menuEdit.helpReadOnly')}</p>

      {stale ? (
        <div className="staff-alert staff-alert--warning admin-pages__stale" role="alert">
          <p>{stale}</p>
          <button type="button" className="button" onClick={() => void reload()} disabled={reloading}>
            <RefreshCw size={14} aria-hidden="true" />
            {t('menuEdit.reload')}
          </button>
        </div>
      ) : null}
      <FormAlert messages={problems.messages} />
      {dirty && canEdit ? <p className="menu-edit__dirty">{t('menuEdit.unsaved')}</p> : null}

      <div className="menu-edit__table">
        <div className="menu-edit__columns" aria-hidden="true">
          <span />
          <span />
          <span>{t('menuEdit.columns.et')}</span>
          <span>{t('menuEdit.columns.en')}</span>
          <span>{t('menuEdit.columns.target')}</span>
          <span />
          <span />
        </div>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('menuEdit.instructions') } }}
        >
          <SortableContext items={rows.map((r) => r.entry.id)} strategy={verticalListSortingStrategy}>
            <ul className="menu-edit__list" aria-label={t('menuEdit.title')}>
              {rows.map(({ entry, depth }) => (
                <MenuEntryRow
                  key={entry.id}
                  entry={entry}
                  depth={depth}
                  name={nameOf(entry)}
                  targetText={targetText(entry)}
                  canEdit={canEdit}
                  canNest={nestTarget(draft, entry.id) !== null}
                  invalid={problems.ids.has(entry.id)}
                  onChange={(patch) => change(updateEntry(draft, entry.id, patch))}
                  onNest={() => {
                    const parent = nestTarget(draft, entry.id);
                    change(nestEntry(draft, entry.id), parent ? t('menuEdit.nested', { name: nameOf(entry), parent: nameOf(parent) }) : undefined);
                  }}
                  onUnnest={() => change(unnestEntry(draft, entry.id), t('menuEdit.unnested', { name: nameOf(entry) }))}
                  onRemove={() => change(removeEntry(draft, entry.id), t('menuEdit.removed', { name: nameOf(entry) }))}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
        {rows.length === 0 ? <p className="muted menu-edit__empty">{t('menuEdit.empty')}</p> : null}
      </div>
      <p className="visually-hidden" role="status">
        {status}
      </p>

      {canEdit ? <AddMenuEntry lang={lang} full={draft.length >= MAX_MENU_ENTRIES} onAdd={onAdd} /> : null}
      {canSeeHistory ? <HistoryTimeline stream="menu-main" title={t('menuEdit.history')} /> : null}
    </>
  );
}
