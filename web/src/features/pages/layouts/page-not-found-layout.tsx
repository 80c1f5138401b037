/**
 * Layout `page-not-found` (spec 1; spec 2 "Other screens": title, an optional message and a Back button to /): the
 * not-found page's look for a content-managed page (e.g. a page that explains a removed product line). Not indexed (the route's PageMeta says noindex).
 */
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { useRouteLanguage } from '../../../lib/language';
import { LayoutShell, type LayoutProps, PageBody, PageTitle } from './parts';

export default function PageNotFoundLayout({ page }: LayoutProps) {
  const { t } = useTranslation('app');
  const { to } = useRouteLanguage();
  return (
    <LayoutShell layout="page-not-found" className="status-page">
      <PageTitle page={page} />
      <PageBody page={page} />
      <Link className="button button--primary" to={to('/')}>
        {t('notFound.back')}
      </Link>
    </LayoutShell>
  );
}
