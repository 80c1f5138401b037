/**
 * Not-found page (spec 2 "Other screens"): title Page not found, an optional message and a Back button to /. Rendered
 * on the server, it makes the answer a 404.
 */
import { Link } from 'react-router';
import { useTranslation } from '../lib/translation';
import { useRouteLanguage } from '../lib/language';
import { useServerRender } from '../lib/server-render';
import { PageMeta } from './page-meta';

interface NotFoundProps {
  title?: string;
  message?: string;
}

export function NotFound({ title, message }: NotFoundProps) {
  const { t } = useTranslation('app');
  const { to } = useRouteLanguage();
  const heading = title ?? t('notFound.title');
  // A server render of this page answers 404 (unknown products, categories, pages and paths).
  const server = useServerRender();
  if (server) server.notFound = true;
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
