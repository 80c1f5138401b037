/**
 * PageEdit (spec 2 admin models "PageEdit"), /admin/page/edit/{id}: a content page's text per language in the rich
 * text editor, beside the same page settings panel the in-page editor opens (./page-settings-panel.tsx; on wide
 * screens a sticky side column that leaves the text uncovered, stacked below it on narrow ones), for pages that are
 * not visible yet as much as for published ones.
 *
 * - Save: PUT /v1/admin/pages/{id} with the document and the version read, then, when the visibility rule changed,
 *   POST .../schedule with the version the save answered (spec 4 "Editor": save the page, then the rest).
 * - Publish (the saved draft; offered once nothing is unsaved), Unpublish and Delete ask first; Delete refused while
 *   the menu links the page shows the server's message and the entry it names.
 * - A stale save (409 `page.changed_meanwhile`) shows the server's message naming who saved meanwhile and when,
 *   with "Load the latest version".
 * - Unsaved changes ask spec 2's question before the page is left (components/staff/unsaved-changes.ts).
 * - A link views the page on the storefront; the page's audit timeline is below (history.view).
 *
 * The rich-text editor comes as a prop (`RichText`, given by app/admin/staff-app.tsx from features/page-editor):
 * features do not import each other (.dependency-cruiser.cjs).
 */
import { ArrowLeft, ExternalLink, EyeOff, RefreshCw, Save, Send, Trash2 } from 'lucide-react';
import { useId, useState, type ComponentType } from 'react';
import { useTranslation } from '../../lib/translation';
import { Link, Navigate, useNavigate } from 'react-router';
import type { Language } from '../../../../api/contracts/catalog';
import type { PageEdit } from '../../../../api/contracts/pages-admin';
import { showToast } from '../../components/feedback/toasts';
import { NotFound } from '../../components/not-found';
import { PageMeta } from '../../components/page-meta';
import { Spinner } from '../../components/spinner';
import { HistoryTimeline } from '../../components/staff/history-timeline';
import { TabList } from '../../components/staff/tab-list';
import { FormAlert } from '../../components/staff/text-field';
import { useUnsavedChangesGuard } from '../../components/staff/unsaved-changes';
import { apiErrorText, isNotFound } from '../../lib/api-client';
import { formatDate } from '../../lib/format-date';
import { useRouteLanguage } from '../../lib/language';
import { formErrors } from '../../lib/staff/form-errors';
import { hasPermission, type SessionUser } from '../../lib/staff/session';
import { STILL_LOADING_KEY, uploadsRunning } from '../../lib/staff/upload-activity';
import { deletePage, isChangedMeanwhile, linkingMenuEntry, publishPage, savePageDraft, schedulePage, unpublishPage, usePageForEdit } from './api';
import { PageSettingsPanel, settingsOf, type PageSettingsValue } from './page-settings-panel';
import { NS } from './texts';
import { toRule } from './visibility-tab';
import './page-settings.css';

/** The rich-text editor's props this screen uses (features/page-editor/rich-text-editor.tsx RichTextEditorProps). */
export interface RichTextProps {
  value: string;
  onChange(value: string): void;
  label: string;
  kind?: 'html' | 'text';
  className?: string;
}

interface Props {
  id: string | undefined;
  me: SessionUser;
  RichText: ComponentType<RichTextProps>;
}

const LANGS: Language[] = ['et', 'en'];

export function PageEditScreen({ id, me, RichText }: Props) {
  const { t } = useTranslation(NS);
  const { to } = useRouteLanguage();
  if (id === undefined) return <Navigate to={to('/admin/page')} replace />; // pages are created from PageList's dialog
  return <PageEditLoader id={id} me={me} RichText={RichText} t={t} />;
}

function PageEditLoader({ id, me, RichText, t }: Props & { id: string; t: ReturnType<typeof useTranslation>['t'] }) {
  const page = usePageForEdit(id);
  if (page.isPending) return <Spinner />;
  if (page.isError) return isNotFound(page.error) ? <NotFound title={t('edit.notFound')} /> : <FormAlert messages={[apiErrorText(page.error)]} />;
  return <PageEditForm key={`${page.data.pageId}:${page.data.settings.version}`} page={page.data} me={me} RichText={RichText} reload={async () => void (await page.refetch())} />;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function PageEditForm({ page, me, RichText, reload }: { page: PageEdit; me: SessionUser; RichText: ComponentType<RichTextProps>; reload: () => Promise<void> }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const navigate = useNavigate();
  const base = useId().replace(/:/g, '');
  const canEdit = hasPermission(me, 'pages.edit');
  const [settings, setSettings] = useState<PageSettingsValue>(() => settingsOf(page));
  const [content, setContent] = useState(page.draft.content);
  const [contentLang, setContentLang] = useState<Language>(lang);
  const [settingsOpen, setSettingsOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState<string | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const [left, setLeft] = useState(false);

  const ruleChanged = !same(toRule(settings.visibility), toRule(page.settings.visibility));
  const { visibility: _savedRule, ...savedDoc } = settingsOf(page);
  const { visibility: _rule, ...doc } = settings;
  const dirty = !left && (ruleChanged || !same({ ...savedDoc, content: page.draft.content }, { ...doc, content }));
  useUnsavedChangesGuard(dirty, tc('page.unsavedChanges'));
  const title = settings.title[lang] || settings.title.et || settings.title.en;
  const { state, changedBy, changedAt, publishedRevision, draftRevision, version } = page.settings;

  /** Runs a page command; a stale version shows who saved meanwhile, other failures their messages. */
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setStale(null);
    setGeneral([]);
    try {
      await action();
      return true;
    } catch (error) {
      if (isChangedMeanwhile(error)) setStale(apiErrorText(error));
      else {
        const entry = linkingMenuEntry(error);
        const found = formErrors(error, []).general.filter((m) => m !== entry);
        setGeneral(entry ? [...found, t('edit.linkedFromMenu', { label: entry })] : found);
      }
      return false;
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    // An image still on its way would be missing from the save (spec 5 'Images still loading').
    if (uploadsRunning() > 0) {
      setGeneral([tc(STILL_LOADING_KEY)]);
      return Promise.resolve(false);
    }
    return run(async () => {
      const saved = await savePageDraft(page.pageId, { ...page.draft, ...doc, content }, version);
      if (ruleChanged) await schedulePage(page.pageId, toRule(settings.visibility), saved.version);
      showToast('success', t('edit.saved'));
      await reload(); // the new version remounts this form with what was saved
    });
  };

  const publish = () => run(async () => {
    await publishPage(page.pageId, version);
    showToast('success', t('edit.published'));
    await reload();
  });

  const unpublish = () => {
    if (!window.confirm(t('edit.unpublishConfirm'))) return;
    void run(async () => {
      await unpublishPage(page.pageId, version);
      showToast('success', t('edit.unpublished'));
      await reload();
    });
  };

  const remove = () => {
    if (!window.confirm(t('edit.deleteConfirm', { title }))) return;
    void run(async () => {
      await deletePage(page.pageId, version);
      setLeft(true);
      showToast('success', t('edit.deleted'));
      navigate(to('/admin/page'), { replace: true });
    });
  };

  const viewPath = to(`/page/${page.pageId}/${encodeURIComponent(page.draft.slug[lang] || page.draft.slug.et)}`);
  return (
    <section className="staff-screen page-edit" aria-labelledby="screen-title">
      <PageMeta title={t('edit.title', { title })} description={t('edit.description')} noindex />
      <div className="staff-screen__head">
        <div>
          <p className="staff-breadcrumb">
            <Link to={to('/admin/page')}>
              <ArrowLeft size={14} aria-hidden="true" /> {t('edit.backToList')}
            </Link>
          </p>
          <h1 id="screen-title">{title}</h1>
          <p className="muted">
            <span className={`staff-state page-edit__state is-${state}`} data-testid="page-state">
              {t(`edit.states.${state}`)}
            </span>{' '}
            · {t('edit.lastChange')}: {changedBy ?? t('versions.system')} {formatDate(changedAt, lang, true)}
          </p>
        </div>
        <div className="page-edit__actions">
          <a className="button" href={viewPath}>
            <ExternalLink size={14} aria-hidden="true" />
            {t('edit.view')}
          </a>
          {canEdit ? (
            <>
              {publishedRevision !== draftRevision ? (
                <button type="button" className="button" onClick={() => void publish()} disabled={busy || dirty} aria-describedby={dirty ? `${base}-publish-hint` : undefined}>
                  <Send size={14} aria-hidden="true" />
                  {t('edit.publish')}
                </button>
              ) : null}
              {publishedRevision !== null ? (
                <button type="button" className="button" onClick={unpublish} disabled={busy}>
                  <EyeOff size={14} aria-hidden="true" />
                  {t('edit.unpublish')}
                </button>
              ) : null}
              <button type="button" className="button button--danger" onClick={remove} disabled={busy}>
                <Trash2 size={14} aria-hidden="true" />
                {t('edit.delete')}
              </button>
              <button type="button" className="button button--primary" onClick={() => void save()} disabled={busy || !dirty}>
                <Save size={14} aria-hidden="true" />
                {busy ? t('edit.saving') : t('edit.save')}
              </button>
            </>
          ) : (
            <p className="muted">{t('edit.readOnly')}</p>
          )}
          {settingsOpen ? null : (
            <button type="button" className="button" onClick={() => setSettingsOpen(true)}>
              {t('edit.settings')}
            </button>
          )}
        </div>
      </div>
      {dirty && canEdit && publishedRevision !== draftRevision ? (
        <p id={`${base}-publish-hint`} className="muted">
          {t('edit.publishUnsaved')}
        </p>
      ) : null}
      {stale ? (
        <div className="staff-alert staff-alert--warning" role="alert">
          <p>{stale}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setLeft(true);
              void reload().finally(() => setLeft(false));
            }}
          >
            <RefreshCw size={14} aria-hidden="true" />
            {t('edit.reload')}
          </button>
        </div>
      ) : null}
      <FormAlert messages={general} />
      <div className="page-edit__grid">
        <div className="page-edit__editor staff-panel">
          <TabList idPrefix={`${base}-content`} label={t('edit.contentLanguages')} tabs={LANGS} selected={contentLang} onSelect={setContentLang} tabLabel={(l) => t(`lang.${l}`)} panelIdOf={(l) => `${base}-content-${l}`} />
          {LANGS.map((l) => (
            <div key={l} id={`${base}-content-${l}`} role="tabpanel" aria-labelledby={`${base}-content-tab-${l}`} hidden={contentLang !== l} lang={l}>
              {contentLang === l ? <RichText value={content[l]} onChange={(html) => setContent((c) => ({ ...c, [l]: html }))} label={t('edit.content', { lang: t(`lang.${l}`) })} /> : null}
            </div>
          ))}
        </div>
        {settingsOpen ? (
          <div className="page-edit__side">
            <PageSettingsPanel page={page} lang={lang} value={settings} onChange={setSettings} onClose={() => setSettingsOpen(false)} onRestored={() => void reload()} />
          </div>
        ) : null}
      </div>
      {hasPermission(me, 'history.view') ? <HistoryTimeline stream={`page-${page.pageId}`} title={t('edit.history')} /> : null}
    </section>
  );
}
