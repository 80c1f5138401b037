/**
 * Footer (spec 1): shop name, address, phone and e-mail, the company's name, registry code and VAT number (global
 * fields), social links, the terms-of-sale link (/muugitingimused), the gallery link and the banner announcing a new
 * address. The texts are global fields from the server
 * (GET /v1/site), edited by the content editor.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../lib/site/get-site';
import { sellerOf } from '../../lib/site/seller';
import { useRouteLanguage } from '../../lib/language';
import { SocialLinks } from './social-links';

export function Footer() {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const fields = useSite(lang).data?.globalFields ?? {};
  const shopName = fields.shopName || t('app:shopName');
  const termsPath = `/${(fields.termsPage || 'muugitingimused').replace(/^\/+/, '')}`;
  const seller = sellerOf(fields);
  return (
    <footer className="site-footer">
      {fields.newAddressBanner && (
        <div className="address-banner" role="note">
          <div className="container">{fields.newAddressBanner}</div>
        </div>
      )}
      <div className="container site-footer__inner">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {shopName}
          </h2>
          <address>
            {fields.address && <p>{fields.address}</p>}
            {fields.phone && (
              <p>
                {t('footer.phone')}: <a href={`tel:${fields.phone.replace(/[^\d+]/g, '')}`}>{fields.phone}</a>
              </p>
            )}
            {fields.email && (
              <p>
                {t('footer.email')}: <a href={`mailto:${fields.email}`}>{fields.email}</a>
              </p>
            )}
            {fields.openingHours && (
              <p>
                {t('footer.openingHours')}: {fields.openingHours}
              </p>
            )}
            {seller && (
              <p className="site-footer__company">
                {seller.companyName}
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
            )}
          </address>
        </section>
        <nav aria-label={t('footer.links')}>
          <ul className="site-footer__links">
            <li>
              <Link to={to(termsPath)}>{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to={to(fields.galleryPath || '/gallery')}>{t('footer.gallery')}</Link>
            </li>
          </ul>
          <SocialLinks fields={fields} />
        </nav>
        <p className="muted site-footer__rights">
          © {new Date().getFullYear()} {shopName}. {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}
