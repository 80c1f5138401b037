/**
 * The Versions tab of page settings (spec 2 "page settings": the version history; docs/architecture.md section 3
 * "Page versions"): every saved version newest first with who saved it and when, which is the current draft and
 * which is published, and which one a version restores; Compare shows a word diff per language of the version's
 * title and text against the current draft (the `diff` package; the version read whole from GET
 * /v1/admin/pages/{id}/versions/{revision}); Restore (after a confirmation) appends that version as the new draft
 * (POST /v1/admin/pages/{id}/restore with the version the page was read at) and calls `onRestored`. A stale restore
 * shows the server's message naming who saved meanwhile.
 */
import { diffWords } from 'diff';
import { GitCompare, RotateCcw } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import type { Language } from '../../../../api/contracts/catalog';
import type { PageEdit } from '../../../../api/contracts/pages-admin';
import { showToast } from '../../components/feedback/toasts';
import { apiErrorText } from '../../lib/api-client';
import { formatDate } from '../../lib/format-date';
import { restorePageVersion, usePageVersion } from './api';
import { versionText } from './settings-logic';
import { NS } from './texts';
import type { PageSettingsPanelProps } from './types';

const LANGS: Language[] = ['et', 'en'];

export function VersionsTab({ page, lang, onRestored }: PageSettingsPanelProps) {
  const { t } = useTranslation(NS);
  const [compared, setCompared] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { draftRevision, publishedRevision } = page.settings;

  const restore = async (revision: number) => {
    if (!window.confirm(t('versions.restoreConfirm', { revision }))) return;
    setBusy(true);
    setError(null);
    try {
      await restorePageVersion(page.pageId, revision, page.settings.version);
      showToast('success', t('versions.restored', { revision }));
      setCompared(null);
      onRestored();
    } catch (e) {
      setError(apiErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  if (page.versions.length === 0) return <p className="muted">{t('versions.empty')}</p>;
  return (
    <div className="page-settings__versions">
      {error ? (
        <div className="ps-alert" role="alert">
          {error}
        </div>
      ) : null}
      <ol className="ps-versions" aria-label={t('versions.list')}>
        {page.versions.map((v) => {
          const isDraft = v.revision === draftRevision;
          return (
            <li key={v.revision} className={`ps-version${compared === v.revision ? ' is-compared' : ''}`}>
              <div className="ps-version__head">
                <strong>{t('versions.revision', { revision: v.revision })}</strong>
                {isDraft ? <span className="ps-badge">{t('versions.current')}</span> : null}
                {v.revision === publishedRevision ? <span className="ps-badge is-published">{t('versions.published')}</span> : null}
              </div>
              <p className="ps-version__meta">
                {t('versions.by', { who: v.savedBy ?? t('versions.system'), when: formatDate(v.savedAt, lang, true) })}
                {v.restoredFrom !== null ? ` · ${t('versions.restoredFrom', { revision: v.restoredFrom })}` : ''}
              </p>
              <p className="ps-version__title">{v.doc.title[lang] || v.doc.title.et}</p>
              {isDraft ? null : (
                <div className="ps-version__actions">
                  <button type="button" className="button" aria-pressed={compared === v.revision} onClick={() => setCompared((c) => (c === v.revision ? null : v.revision))}>
                    <GitCompare size={14} aria-hidden="true" />
                    {t('versions.compare')}
                    <span className="visually-hidden"> {t('versions.revision', { revision: v.revision })}</span>
                  </button>
                  <button type="button" className="button" disabled={busy} onClick={() => void restore(v.revision)}>
                    <RotateCcw size={14} aria-hidden="true" />
                    {t('versions.restore', { revision: v.revision })}
                  </button>
                </div>
              )}
              {compared === v.revision ? <VersionDiff page={page} revision={v.revision} lang={lang} /> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The word diff of version `revision` against the current draft, one block per language (the route's first). */
function VersionDiff({ page, revision, lang }: { page: PageEdit; revision: number; lang: Language }) {
  const { t } = useTranslation(NS);
  const id = useId().replace(/:/g, '');
  const version = usePageVersion(page.pageId, revision);
  const diffs = useMemo(() => {
    const old = version.data?.doc;
    if (!old) return [];
    return [lang, ...LANGS.filter((l) => l !== lang)].map((l) => ({ lang: l, parts: diffWords(versionText(old, l), versionText(page.draft, l)) }));
  }, [version.data, page.draft, lang]);
  if (version.isPending) return <p className="muted" aria-live="polite">{t('versions.loading')}</p>;
  if (version.isError) return <div className="ps-alert" role="alert">{apiErrorText(version.error)}</div>;
  return (
    <section className="ps-diff" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="ps-diff__title">
        {t('versions.diffTitle', { revision })}
      </h3>
      <p className="ps-diff__legend">
        <ins>{t('versions.added')}</ins> <del>{t('versions.removed', { revision })}</del>
      </p>
      {diffs.map(({ lang: l, parts }) => (
        <div key={l} className="ps-diff__lang" lang={l}>
          <h4>{t('versions.diffLang', { lang: t(`lang.${l}`) })}</h4>
          {parts.every((p) => !p.added && !p.removed) ? (
            <p className="muted">{t('versions.same')}</p>
          ) : (
            <p className="ps-diff__text" data-testid={`diff-${l}`}>
              {parts.map((p, i) => (p.added ? <ins key={i}>{p.value}</ins> : p.removed ? <del key={i}>{p.value}</del> : <span key={i}>{p.value}</span>))}
            </p>
          )}
        </div>
      ))}
    </section>
  );
}
