/**
 * Layout `default` (spec 1): title, text and the page's item containers as cards below. The terms of sale (the
 * `termsPage` global field) end with the seller's company, address, registry code and VAT number from the global
 * fields.
 */
import { useTranslation } from '../../../lib/translation';
import { useRouteLanguage } from '../../../lib/language';
import { useSite } from '../../../lib/site/get-site';
import { sellerOf } from '../../../lib/site/seller';
import { LayoutShell, type LayoutProps, OtherContainers, PageBody, PageTitle } from './parts';

export default function DefaultLayout({ page }: LayoutProps) {
  const { lang } = useRouteLanguage();
  const termsPage = (useSite(lang).data?.globalFields.termsPage || 'muugitingimused').replace(/^\/+/, '');
  return (
    <LayoutShell layout="default">
      <PageTitle page={page} />
      <PageBody page={page} />
      <OtherContainers page={page} />
      {page.name === termsPage && <SellerSection />}
    </LayoutShell>
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
