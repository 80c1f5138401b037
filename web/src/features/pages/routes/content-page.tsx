/**
 * A content page (spec 2: `/{pageName}`, `/page/{pageId}` and `/page/{pageId}/{slug}`, e.g. /muugitingimused, the
 * terms of sale): title, meta tags and the page's HTML (sanitised by the server when saved). A page that fails to
 * load shows the not-found layout (spec 2 "Page loading", spec 8).
 */
import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { useRouteLanguage } from '../../../lib/language';
import { usePage } from '../api/get-page';
import '../content-page.css';

/** `name`: the page name when the route is a category URL's fallback (features/catalog/routes/category-url.tsx). */
export function ContentPageRoute({ name }: { name?: string }) {
  const { pageName, pageId } = useParams();
  const { lang } = useRouteLanguage();
  const ref = name ?? pageId ?? pageName ?? '';
  const page = usePage(ref, lang);
  if (page.isPending) return <Spinner />;
  if (page.isError) return <NotFound />;
  const p = page.data;
  return (
    <article className="content-page" aria-labelledby="content-page-title">
      <PageMeta
        title={p.title}
        description={p.meta_description || undefined}
        keywords={p.meta_keywords ? p.meta_keywords.split(',').map((k) => k.trim()) : undefined}
        alternates={p.alternates}
      />
      <h1 id="content-page-title">{p.title}</h1>
      {/* HTML sanitised with sanitize-html when the page was saved (commands/page/save-page.ts). */}
      <div className="content-page__body" dangerouslySetInnerHTML={{ __html: p.content }} />
    </article>
  );
}
