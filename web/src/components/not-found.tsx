/** Not-found page (spec 2 "Other screens"): title Page not found, an optional message and a Back button to /. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRouteLanguage } from '../lib/language';
import { PageMeta } from './page-meta';

interface NotFoundProps {
  title?: string;
  message?: string;
}

export function NotFound({ title, message }: NotFoundProps) {
  const { t } = useTranslation('app');
  const { to } = useRouteLanguage();
  const heading = title ?? t('notFound.title');
  return (
    <section className="status-page" aria-labelledby="status-page-title">
      <PageMeta title={heading} description={message ?? t('notFound.message')} noindex />
      <h1 id="status-page-title">{heading}</h1>
      <p>{message ?? t('notFound.message')}</p>
      <Link className="button button--primary" to={to('/')}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}
