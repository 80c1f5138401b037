/**
 * Site header (spec 2 "Header"): logo, search box, main navigation from the server's entries, social icons, mini
 * cart (passed in by the app shell as `cart`, so shared layout imports no feature), the garage's vehicle button
 * (`vehicle`, docs/architecture.md "Vehicle fitment", passed in the same way), the admin link for signed-in staff
 * (spec 6), language select, theme toggle and the thin loading bar.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { useSite } from '../../lib/site/get-site';
import { useRouteLanguage } from '../../lib/language';
import { LanguageSwitch } from './language-switch';
import { LoadingBar } from './loading-bar';
import { MainNav } from './main-nav';
import { SearchBox } from './search-box';
import { SocialLinks } from './social-links';
import { StaffLink } from './staff-link';
import { ThemeToggle } from './theme-toggle';

export function Header({ cart, vehicle }: { cart?: ReactNode; vehicle?: ReactNode }) {
  const { t } = useTranslation('app');
  const { lang, to } = useRouteLanguage();
  const site = useSite(lang);
  const fields = site.data?.globalFields ?? {};
  const shopName = fields.shopName || t('shopName');
  return (
    <header className="site-header">
      <LoadingBar />
      <div className="site-header__inner container">
        <Link to={to('/')} className="logo">
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
            <circle cx="16" cy="16" r="14" fill="none" stroke="currentColor" strokeWidth="3" />
            <circle cx="16" cy="16" r="5" fill="currentColor" />
            <path d="M16 2v6M16 24v6M2 16h6M24 16h6" stroke="currentColor" strokeWidth="3" />
          </svg>
          <span className="logo__text">
            <span className="logo__name">{shopName}</span>
            <span className="logo__tagline">{fields.tagline || t('tagline')}</span>
          </span>
          <span className="visually-hidden">, {t('nav.home')}</span>
        </Link>
        <SearchBox />
        <div className="site-header__actions">
          <SocialLinks fields={fields} className="site-header__social" />
          <StaffLink />
          <LanguageSwitch />
          <ThemeToggle />
          {vehicle}
          {cart}
        </div>
      </div>
      <MainNav items={site.data?.menu} />
    </header>
  );
}
