/**
 * Layout `product-detail` (spec 1): a content page built like the product page (a product line, a part family): the
 * header image (or the `hero` container) beside the title and text, the `details` container as a facts list below,
 * other containers as cards, and a link to the product listing.
 */
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { useRouteLanguage } from '../../../lib/language';
import { ContainerItems, LayoutShell, type LayoutProps, OtherContainers, PageBody, PageTitle } from './parts';

export default function ProductDetailLayout({ page }: LayoutProps) {
  const { t } = useTranslation('cms');
  const { to } = useRouteLanguage();
  const hasDetails = (page.item_containers.details ?? []).length > 0;
  return (
    <LayoutShell layout="product-detail">
      <div className="layout-product">
        <figure className="layout-product__media">
          {page.header_img ? <img src={page.header_img} alt="" loading="lazy" decoding="async" /> : <div className="layout-product__placeholder" aria-hidden="true" />}
        </figure>
        <div className="layout-product__summary">
          <PageTitle page={page} />
          <PageBody page={page} />
          <Link className="button button--primary" to={to('/products')}>
            {t('layouts.product.browse')}
          </Link>
        </div>
      </div>
      {hasDetails && (
        <section className="layout-product__details" aria-labelledby="layout-product-details">
          <h2 id="layout-product-details">{t('layouts.product.details')}</h2>
          <ContainerItems page={page} name="details" itemClassName="layout-product__detail" />
        </section>
      )}
      <OtherContainers page={page} placed={['details', 'hero']} />
    </LayoutShell>
  );
}
