/**
 * Footer (spec 1): shop name, address, phone and e-mail, the company's name, registry code and VAT number (global
 * fields), social links, the terms-of-sale link (/muugitingimused), the gallery link and the banner announcing a new
 * address. The texts are global fields from the server (GET /v1/site), each shown through an editable region with
 * its `global.{name}` key (lib/editable/editable.tsx; keys as commands/site/seed-site-content.ts names them), so staff
 * edit them in place on every page while the in-page editor is editing (spec 4 "Editor"): the link fields (social
 * links, the terms page's name, the gallery path) then show as a list of their own, and the phone and e-mail are
 * plain text rather than links. A shopper gets the same footer as before.
 */
import { useContext } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { EditableText, EditingContext } from '../../lib/editable/editable';
import { useSite } from '../../lib/site/get-site';
import { sellerOf } from '../../lib/site/seller';
import { useRouteLanguage } from '../../lib/language';
import { SocialLinks } from './social-links';

/** The link fields, edited as text while editing (labels: the staff texts `pageEditor.fields.*`). */
const LINK_FIELDS = [
  ['social.facebook', 'facebook'],
  ['social.instagram', 'instagram'],
  ['social.youtube', 'youtube'],
  ['termsPage', 'termsPage'],
  ['galleryPath', 'galleryPath'],
] as const;

export function Footer() {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const editing = useContext(EditingContext)?.editing ?? false;
  const fields = useSite(lang).data?.globalFields ?? {};
  const shopName = fields.shopName || t('app:shopName');
  const termsPath = `/${(fields.termsPage || 'muugitingimused').replace(/^\/+/, '')}`;
  const seller = sellerOf(fields);
  // Field labels name the region while it is edited (the staff texts are loaded by then).
  const label = (name: string) => t(`pageEditor.fields.${name}`);
  const field = (name: string, as: 'p' | 'span' | 'div' | 'h2' = 'span', extra: { className?: string; id?: string } = {}) => (
    <EditableText field={`global.${name}`} text={fields[name] ?? ''} label={label(name)} as={as} {...extra} />
  );
  return (
    <footer className="site-footer">
      {(fields.newAddressBanner || editing) && (
        <div className="address-banner" role="note">
          <EditableText field="global.newAddressBanner" text={fields.newAddressBanner ?? ''} label={label('banner')} as="div" className="container" />
        </div>
      )}
      <div className="container site-footer__inner">
        <section aria-labelledby="footer-contact">
          <EditableText field="global.shopName" text={shopName} label={label('shopName')} as="h2" id="footer-contact" className="site-footer__heading" />
          <address>
            {(fields.address || editing) && field('address', 'p')}
            {(fields.phone || editing) && (
              <p>
                {t('footer.phone')}: {editing ? field('phone') : <a href={`tel:${fields.phone!.replace(/[^\d+]/g, '')}`}>{field('phone')}</a>}
              </p>
            )}
            {(fields.email || editing) && (
              <p>
                {t('footer.email')}: {editing ? field('email') : <a href={`mailto:${fields.email}`}>{field('email')}</a>}
              </p>
            )}
            {(fields.openingHours || editing) && (
              <p>
                {t('footer.openingHours')}: {field('openingHours')}
              </p>
            )}
            {(seller || editing) && (
              <p className="site-footer__company">
                {seller?.companyName === fields.companyName || editing ? field('companyName') : seller?.companyName}
                {(seller?.registryCode || editing) && (
                  <>
                    <br />
                    {t('footer.registryCode')}: {field('registryCode')}
                  </>
                )}
                {(seller?.vatNumber || editing) && (
                  <>
                    <br />
                    {t('footer.vatNumber')}: {field('vatNumber')}
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
          {editing && (
            <ul className="footer-edit-fields" aria-label={label('links')}>
              {LINK_FIELDS.map(([name, key]) => (
                <li key={name}>
                  {label(key)}: <EditableText field={`global.${name}`} text={fields[name] ?? ''} label={label(key)} />
                </li>
              ))}
            </ul>
          )}
        </nav>
        <p className="muted site-footer__rights">
          © {new Date().getFullYear()} {shopName}. {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}
