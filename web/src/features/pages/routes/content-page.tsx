/**
 * A content page (spec 2: `/{pageName}`, `/page/{pageId}` and `/page/{pageId}/{slug}`, e.g. /muugitingimused, the
 * terms of sale; `/et` and `/en`, the language home pages, ask for the page named by the language code): title and
 * meta tags, then the page in its layout (spec 1; layouts/, each its own lazy chunk). A page that fails to load shows
 * the not-found layout (spec 2 "Page loading", spec 8).
 *
 * When the answer is a staff member's frontEdit answer (it has `edit`), the page is wrapped in CurrentPageContext
 * with its id and version, so the in-page editor's bar knows which page it saves (lib/editable/editable.tsx).
 */
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { CurrentPageContext } from '../../../lib/editable/editable';
import { useRouteLanguage } from '../../../lib/language';
import { usePageReady } from '../../../lib/page-ready';
import { useHoldLiveContent } from '../../../lib/live-content';
import { usePage } from '../api/get-page';
import { editVersionOf, layoutPageOf } from '../api/layout-page';
import { LAYOUT_COMPONENTS } from '../layouts/layouts';
import '../content-page.css';
import '../texts';

/**
 * `name`: the page name when the route is a category URL's fallback (features/catalog/routes/category-url.tsx) or a
 * language home page (`et`, `en`).
 */
export function ContentPageRoute({ name }: { name?: string }) {
  // Live content: while staff edit this page, a pushed change waits until they finish (lib/live-content.ts).
  useHoldLiveContent();
  const { pageName, pageId } = useParams();
  const { lang } = useRouteLanguage();
  const ref = name ?? pageId ?? pageName ?? '';
  const page = usePage(ref, lang);
  if (page.isPending) return <Spinner />;
  if (page.isError) return <NotFoundPage />;
  const p = layoutPageOf(page.data);
  const version = editVersionOf(page.data);
  const Layout = LAYOUT_COMPONENTS[p.layout];
  return (
    <CurrentPageContext.Provider value={version === null ? null : { pageId: p.id, version }}>
      <PageMeta
        title={p.title}
        description={p.meta_description || undefined}
        keywords={p.meta_keywords ? p.meta_keywords.split(',').map((k) => k.trim()) : undefined}
        alternates={p.alternates}
        noindex={p.layout === 'page-not-found'}
      />
      <Suspense fallback={<Spinner />}>
        <Layout page={p} />
      </Suspense>
    </CurrentPageContext.Provider>
  );
}

/** The not-found layout, marked live (lib/page-ready.ts) like every layout. */
function NotFoundPage() {
  usePageReady();
  return <NotFound />;
}

/** The language home page (spec 2: a page name equal to a language code; `/et`, `/en`). */
export function HomePageRoute() {
  const { lang } = useRouteLanguage();
  return <ContentPageRoute name={lang} />;
}
