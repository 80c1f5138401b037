/**
 * The in-page editor (spec 4 "Editor", spec 2 "The page editor offers edit page, save changes and discard changes",
 * spec 6 staff editing tools, spec 7 calls). Loaded by lib/editable/editing-root.tsx for a storefront staff user who
 * may `pages.edit` (a staff-only chunk with tiptap); it hands the root its `EditingApi` (regions become in-place
 * editors while editing) and shows the editor bar: Edit page, then Save changes / Discard changes / Page settings,
 * and Publish for a saved draft that guests do not see yet.
 *
 * - Edit page reads the backup (spec 4): the current page's frontEdit view (GET /v1/admin/pages/{id}; the page is
 *   the one the screen's regions report through `attachPage`) and the global fields and item containers
 *   (GET /v1/item-container), then edits start; every storefront screen can edit the footer and banner fields.
 * - Save runs save-plan.ts: the page draft first (POST /v1/page with pageId and version), then the global fields and
 *   item containers, then the schedule when the visibility rule changed; then it reloads the page, the page's edit
 *   view and the site content, and closes the editor and settings. A 409 offers "load theirs" (the latest as the new
 *   backup, the edits dropped) or "keep editing", with the server's sentence naming who saved and when.
 * - Discard restores the backup and closes page settings. Publish publishes the saved draft (POST .../publish).
 * - Leaving with unsaved changes asks spec 2's question (components/staff/unsaved-changes.ts: links, back, tab close);
 *   leaving anyway ends the editing.
 *
 * The page settings panel is a prop (`extra.SettingsPanel`, the page-settings feature's lazy component, composed by
 * app/routes/root-layout.tsx), opened from the bar and fed the settings held in this editor's state.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/translation';
import { useLocation } from 'react-router';
import type { Language } from '../../../../api/contracts/catalog-constants';
import type { PageEdit } from '../../../../api/contracts/pages-admin';
import { Spinner } from '../../components/spinner';
import { useUnsavedChangesGuard } from '../../components/staff/unsaved-changes';
import { apiErrorText } from '../../lib/api-client';
import type { CurrentPage, EditingApi } from '../../lib/editable/editable';
import type { EditorHostProps } from '../../lib/editable/editing-root';
import { loadAdminTexts } from '../../lib/i18n';
import { useRouteLanguage } from '../../lib/language';
import { STILL_LOADING_KEY, uploadsRunning } from '../../lib/staff/upload-activity';
import {
  getGlobalContent,
  getPageEdit,
  isStale,
  pageEditQueryKey,
  publishPage,
  saveGlobalFields,
  saveItemContainers,
  savePageDraft,
  schedulePage,
} from './api/editor-calls';
import { EditorBar } from './components/editor-bar';
import { RegionEditor } from './components/region-editor';
import { type Backup, type Conflict, hasUnsavedChanges, type SettingsValue } from './editor-state';
import { createEditorStore } from './editor-store';
import { savePlan } from './save-plan';
import './page-editor.css';

/** The page settings panel's props (the page-settings feature's PageSettingsPanelProps, which app/ passes in). */
export interface SettingsPanelProps {
  page: PageEdit;
  lang: Language;
  value: SettingsValue;
  onChange(value: SettingsValue): void;
  onClose(): void;
  onRestored(): void;
}

/** What app/ composes into the editor. */
export interface PageEditorExtra {
  SettingsPanel: ComponentType<SettingsPanelProps>;
}

/** The page the screen's regions report (the last attached wins; forgotten when its regions unmount). */
function useAttachedPage() {
  const attached = useRef(new Map<string, { page: CurrentPage; count: number }>());
  const [current, setCurrent] = useState<CurrentPage | null>(null);
  const attach = useCallback((page: CurrentPage) => {
    const key = `${page.pageId}@${page.version}`;
    const entry = attached.current.get(key) ?? { page, count: 0 };
    entry.count += 1;
    attached.current.set(key, entry);
    setCurrent(page);
    return () => {
      entry.count -= 1;
      if (entry.count > 0) return;
      attached.current.delete(key);
      const rest = [...attached.current.values()];
      setCurrent(rest.length ? rest[rest.length - 1]!.page : null);
    };
  }, []);
  return { current, attach };
}

export function PageEditorProvider({ onApi, extra }: EditorHostProps<PageEditorExtra>) {
  const { t } = useTranslation('cms');
  const [textsReady, setTextsReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadAdminTexts().then(() => live && setTextsReady(true));
    return () => {
      live = false;
    };
  }, []);
  const [store] = useState(() => createEditorStore());
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const { lang } = useRouteLanguage();
  const queryClient = useQueryClient();
  const { current, attach } = useAttachedPage();
  const pageEdit = useQuery({
    queryKey: pageEditQueryKey(current?.pageId),
    queryFn: ({ signal }) => getPageEdit(current!.pageId, signal),
    enabled: !!current,
    staleTime: 0,
  });
  const [starting, setStarting] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [barError, setBarError] = useState<string | null>(null);

  // The page shown moved on (a reload, a save elsewhere seen by the route): read its edit view again.
  const shownVersion = current?.version;
  const readVersion = pageEdit.data?.settings.version;
  useEffect(() => {
    if (shownVersion !== undefined && readVersion !== undefined && readVersion < shownVersion) void pageEdit.refetch();
  }, [shownVersion, readVersion, pageEdit]);

  const editing = state.status !== 'idle';
  const api = useMemo<EditingApi>(() => ({ editing, renderEditor: (request) => <RegionEditor store={store} request={request} />, attachPage: attach }), [editing, store, attach]);
  useEffect(() => {
    if (textsReady) onApi(api);
  }, [api, onApi, textsReady]);
  useEffect(() => () => onApi(null), [onApi]);

  useUnsavedChangesGuard(hasUnsavedChanges(state), t('page.unsavedChanges'));
  // Leaving the screen (after the question, when there was something to lose) ends the editing.
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    store.dispatch({ type: 'discard' });
  }, [pathname, store]);

  /** The page and the site content as the server has them now (after a save, a restore or "load theirs"). */
  const reload = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['page'] }),
        queryClient.invalidateQueries({ queryKey: ['page-edit'] }),
        queryClient.invalidateQueries({ queryKey: ['site'] }),
      ]),
    [queryClient],
  );

  const readBackup = useCallback(async (): Promise<Backup> => {
    const pageId = current?.pageId;
    const [page, globals] = await Promise.all([
      pageId ? queryClient.fetchQuery({ queryKey: pageEditQueryKey(pageId), queryFn: ({ signal }) => getPageEdit(pageId, signal), staleTime: 0 }) : null,
      getGlobalContent(),
    ]);
    return { lang, page, globals };
  }, [current?.pageId, lang, queryClient]);

  const start = async () => {
    setStarting(true);
    setBarError(null);
    try {
      const backup = await readBackup();
      // What the screen shows must be what the backup holds: read the page and fields again when they moved on.
      await reload();
      store.dispatch({ type: 'start', backup });
    } catch (error) {
      setBarError(apiErrorText(error));
    } finally {
      setStarting(false);
    }
  };

  const save = async () => {
    const s = store.getState();
    if (s.status !== 'editing') return;
    // An image still on its way would be missing from the save (spec 5 'Images still loading').
    if (uploadsRunning() > 0) {
      setBarError(t(STILL_LOADING_KEY));
      return;
    }
    setBarError(null);
    const plan = savePlan(s);
    store.dispatch({ type: 'saveStarted' });
    let subject: Conflict['subject'] = 'page';
    try {
      let version = s.backup.page?.settings.version ?? 0;
      if (plan.page) {
        version = (await savePageDraft(plan.page)).version;
        store.dispatch({ type: 'pageSaved', version });
      }
      subject = 'globals';
      const { fields, containers } = plan;
      let site: { version: number } | null = null;
      if (plan.sequential && fields && containers) {
        const afterFields = await saveGlobalFields(fields);
        site = await saveItemContainers({ ...containers, version: afterFields.version });
      } else {
        const [f, c] = await Promise.all([fields ? saveGlobalFields(fields) : null, containers ? saveItemContainers(containers) : null]);
        site = c ?? f;
      }
      if (site) store.dispatch({ type: 'globalsSaved', version: site.version });
      subject = 'page';
      if (plan.schedule && s.backup.page) await schedulePage(s.backup.page.pageId, { visibility: plan.schedule.visibility, version });
      await reload();
      store.dispatch({ type: 'saveDone' });
      store.dispatch({ type: 'close' });
    } catch (error) {
      store.dispatch(isStale(error) ? { type: 'saveFailed', conflict: { subject, message: error.message } } : { type: 'saveFailed', error: apiErrorText(error) });
    }
  };

  const loadTheirs = async () => {
    setBarError(null);
    try {
      const backup = await readBackup();
      await reload();
      store.dispatch({ type: 'reloaded', backup });
    } catch (error) {
      setBarError(apiErrorText(error));
    }
  };

  const publish = async () => {
    const page = pageEdit.data;
    if (!page) return;
    setPublishing(true);
    setBarError(null);
    try {
      await publishPage(page.pageId, page.settings.version);
      await reload();
      store.dispatch({ type: 'published' });
    } catch (error) {
      setBarError(isStale(error) ? error.message : apiErrorText(error));
      void reload();
    } finally {
      setPublishing(false);
    }
  };

  if (!textsReady) return null;
  const { SettingsPanel } = extra;
  const settingsPage = state.status !== 'idle' && state.settingsOpen && state.settings && state.backup.page ? { page: state.backup.page, value: state.settings } : null;
  return (
    <>
      {settingsPage && (
        <div className="page-editor__settings">
          <Suspense fallback={<Spinner />}>
            <SettingsPanel
              page={settingsPage.page}
              lang={lang}
              value={settingsPage.value}
              onChange={(value) => store.dispatch({ type: 'settingsChanged', value })}
              onClose={() => store.dispatch({ type: 'closeSettings' })}
              onRestored={() => void loadTheirs()}
            />
          </Suspense>
        </div>
      )}
      <EditorBar
        state={state}
        page={current ? pageEdit.data ?? null : null}
        starting={starting}
        publishing={publishing}
        error={barError}
        onEdit={() => void start()}
        onSave={() => void save()}
        onDiscard={() => store.dispatch({ type: 'discard' })}
        onPublish={() => void publish()}
        onOpenSettings={() => store.dispatch({ type: 'openSettings' })}
        onLoadTheirs={() => void loadTheirs()}
        onKeepEditing={() => store.dispatch({ type: 'keepEditing' })}
        onDismissNotice={() => store.dispatch({ type: 'dismissNotice' })}
      />
    </>
  );
}
