/**
 * Error fallback (spec 2 "Other screens"): heading Error, asks the user to e-mail the developers what they did,
 * offers to clear local storage (/clear-storage) and has a Go back button. ErrorBoundary shows it on a render
 * crash. Plain links and history calls only: it must render even when the router itself failed. A script chunk that
 * did not load (spec 8 "Chunk load failure: ChunkLoadError with type and request"; lib/slow-connection.ts) says so,
 * naming both, and offers Reload.
 */
import { useTranslation } from '../lib/translation';
import { useDocumentHead } from '../lib/document-head';
import { ChunkLoadError } from '../lib/slow-connection';

export function ErrorFallback({ error }: { error?: unknown }) {
  const { t } = useTranslation('app');
  useDocumentHead({ title: `${t('error.title')} | ${t('shopName')}`, robots: 'noindex' });
  return (
    <section className="status-page" aria-labelledby="status-page-title" role="alert">
      <h1 id="status-page-title">{t('error.title')}</h1>
      {error instanceof ChunkLoadError ? (
        <p>{t('error.chunk', { type: error.type, request: error.request ?? '?' })}</p>
      ) : (
        <p>{t('error.message')}</p>
      )}
      <p>
        <a href={`mailto:${t('error.email')}`}>{t('error.email')}</a>
      </p>
      <div className="status-page__actions">
        {error instanceof ChunkLoadError && (
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {t('error.reload')}
          </button>
        )}
        <a className="button" href="/clear-storage">
          {t('error.clearStorage')}
        </a>
        <button type="button" className="button button--primary" onClick={() => window.history.back()}>
          {t('error.goBack')}
        </button>
      </div>
    </section>
  );
}
