/**
 * Error fallback (spec 2 "Other screens"): heading Error, asks the user to e-mail the developers what they did,
 * offers to clear local storage (/clear-storage) and has a Go back button. A render crash in a route shows it;
 * a 404 thrown by a route shows the not-found page instead.
 */
import { isRouteErrorResponse, Link, useNavigate, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFound } from './not-found';

export function ErrorFallback() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { t } = useTranslation('app');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <section className="status-page" aria-labelledby="status-page-title" role="alert">
      <title>{`${t('error.title')} | ${t('shopName')}`}</title>
      <h1 id="status-page-title">{t('error.title')}</h1>
      <p>{t('error.message')}</p>
      <div className="status-page__actions">
        <Link className="button" to="/clear-storage" reloadDocument>
          {t('error.clearStorage')}
        </Link>
        <button type="button" className="button button--primary" onClick={() => navigate(-1)}>
          {t('error.goBack')}
        </button>
      </div>
    </section>
  );
}
