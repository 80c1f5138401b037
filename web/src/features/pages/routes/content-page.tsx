/**
 * A content page (spec 2: `/{pageName}`, `/page/{pageId}` and `/page/{pageId}/{slug}`, e.g. /muugitingimused, the
 * terms of sale): title, meta tags and the page's HTML (sanitised by the server when saved). A page that fails to
 * load shows the not-found layout (spec 2 "Page loading", spec 8). The terms of sale (the `termsPage` global field)
 * end with the seller's company, address, registry code and VAT number from the global fields.
 */
import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { useTranslation } from 'react-i18next';
import { useRouteLanguage } from '../../../lib/language';
import { useSite } from '../../../lib/site/get-site';
import { sellerOf } from '../../../lib/site/seller';
import { usePage } from '../api/get-page';
import '../content-page.css';
import { usePageReady } from '../../../lib/page-ready';
import { useHoldLiveContent } from '../../../lib/live-content';

/** `name`: the page name when the route is a category URL's fallback (features/catalog/routes/category-url.tsx). */
export function ContentPageRoute({ name }: { name?: string }) {
  usePageReady();
  // Live content: while staff edit this page, a pushed change waits until they finish (lib/live-content.ts).
  useHoldLiveContent();
  const { pageName, pageId } = useParams();
  const { lang } = useRouteLanguage();
  const ref = name ?? pageId ?? pageName ?? '';
  const page = usePage(ref, lang);
  const termsPage = (useSite(lang).data?.globalFields.termsPage || 'muugitingimused').replace(/^\/+/, '');
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
      {/* HTML sanitised with sanitize-html when the page was saved (commands/page/sanitize-page-html.ts). */}
      <div className="content-page__body" dangerouslySetInnerHTML={{ __html: p.content }} />
      {p.name === termsPage && <SellerSection />}
    </article>
  );
}

/** The seller's details from the global fields under the terms of sale; nothing when they name none. */
function SellerSection() {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const seller = sellerOf(useSite(lang).data?.globalFields ?? {});
  if (!seller) return null;
  return (
    <section className="content-page__seller" aria-labelledby="content-page-seller">
      <h2 id="content-page-seller">{t('footer.seller')}</h2>
      <p>
        {seller.companyName}
        {seller.address && (
          <>
            <br />
            {seller.address}
          </>
        )}
        {seller.registryCode && (
          <>
            <br />
            {t('footer.registryCode')}: {seller.registryCode}
          </>
        )}
        {seller.vatNumber && (
          <>
            <br />
            {t('footer.vatNumber')}: {seller.vatNumber}
          </>
        )}
      </p>
    </section>
  );
}
