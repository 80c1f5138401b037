/**
 * Layout `search-results` (spec 1; spec 2 "Search results page": heading, a search, results): a content page that
 * leads into the shop's search. A search form (GET /searchresults?q=, works without JavaScript) under the title,
 * the text, and the page's item containers as a result-like list (suggested searches, popular parts).
 */
import { useTranslation } from '../../../lib/translation';
import { useRouteLanguage } from '../../../lib/language';
import { ContainerItems, LayoutShell, type LayoutProps, otherContainers, PageBody, PageTitle } from './parts';

export default function SearchResultsLayout({ page }: LayoutProps) {
  const { t } = useTranslation('cms');
  const { to } = useRouteLanguage();
  return (
    <LayoutShell layout="search-results">
      <PageTitle page={page} />
      <form className="layout-search" role="search" action={to('/searchresults')} method="get" aria-label={t('layouts.search.label')}>
        <label htmlFor="layout-search-q">{t('layouts.search.field')}</label>
        <input id="layout-search-q" name="q" type="search" maxLength={200} autoComplete="off" />
        <button type="submit" className="button button--primary">
          {t('layouts.search.submit')}
        </button>
      </form>
      <PageBody page={page} />
      {otherContainers(page, []).map((name) => (
        <ol key={name} className="layout-results" data-container={name}>
          <ContainerItems page={page} name={name} as="li" itemClassName="layout-results__item" />
        </ol>
      ))}
    </LayoutShell>
  );
}
