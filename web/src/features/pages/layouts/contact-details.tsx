/**
 * The shop's contact card from the global fields (spec 1 "contact" layout; commands/site/seed-site-content.ts keys
 * address, phone, email, openingHours): an `<address>` with a map link, the phone as tel:, the e-mail as mailto:
 * and the opening hours, each field editable in place (`global.{name}`). Fields the site lacks are left out.
 */
import { useTranslation } from '../../../lib/translation';
import { useRouteLanguage } from '../../../lib/language';
import { useSite } from '../../../lib/site/get-site';
import { GlobalText, LinkUnlessEditing } from './parts';

/** A map search for the address (OpenStreetMap: no key, no tracking script), opened in a new tab. */
export const mapLinkFor = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

/** `tel:` form of a written phone number: digits and a leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function ContactDetails({ headingId }: { headingId: string }) {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const fields = useSite(lang).data?.globalFields ?? {};
  const { address, phone, email, openingHours } = fields;
  return (
    <section className="contact-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('layouts.contact.heading')}</h2>
      <address>
        {fields.shopName && <GlobalText name="shopName" text={fields.shopName} as="strong" className="contact-card__name" />}
        {address && (
          <p>
            <GlobalText name="address" text={address} />
            <br />
            <a href={mapLinkFor(address)} target="_blank" rel="noopener noreferrer" className="contact-card__map">
              {t('layouts.contact.map')}
            </a>
          </p>
        )}
        <dl className="contact-card__list">
          {phone && (
            <div>
              <dt>{t('footer.phone')}</dt>
              <dd>
                <LinkUnlessEditing href={telHref(phone)}>
                  <GlobalText name="phone" text={phone} />
                </LinkUnlessEditing>
              </dd>
            </div>
          )}
          {email && (
            <div>
              <dt>{t('footer.email')}</dt>
              <dd>
                <LinkUnlessEditing href={`mailto:${email}`}>
                  <GlobalText name="email" text={email} />
                </LinkUnlessEditing>
              </dd>
            </div>
          )}
          {openingHours && (
            <div>
              <dt>{t('footer.openingHours')}</dt>
              <dd>
                <GlobalText name="openingHours" text={openingHours} />
              </dd>
            </div>
          )}
        </dl>
      </address>
    </section>
  );
}
