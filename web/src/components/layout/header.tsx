/** Site header (spec 2 "Header"): logo, search box, main navigation, language select, theme toggle. */
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRouteLanguage } from '../../lib/language';
import { LanguageSwitch } from './language-switch';
import { LoadingBar } from './loading-bar';
import { SearchBox } from './search-box';
import { ThemeToggle } from './theme-toggle';

export function Header() {
  const { t } = useTranslation('app');
  const { to } = useRouteLanguage();
  return (
    <header className="site-header">
      <LoadingBar />
      <div className="site-header__inner container">
        <Link to={to('/')} className="logo" aria-label={`${t('shopName')}, ${t('nav.home')}`}>
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
            <circle cx="16" cy="16" r="14" fill="none" stroke="currentColor" strokeWidth="3" />
            <circle cx="16" cy="16" r="5" fill="currentColor" />
            <path d="M16 2v6M16 24v6M2 16h6M24 16h6" stroke="currentColor" strokeWidth="3" />
          </svg>
          <span className="logo__text">
            <span className="logo__name">{t('shopName')}</span>
            <span className="logo__tagline">{t('tagline')}</span>
          </span>
        </Link>
        <SearchBox />
        <div className="site-header__actions">
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </div>
      <nav className="main-nav" aria-label={t('nav.main')}>
        <ul className="container">
          <li>
            <NavLink to={to('/products')} end={false}>
              {t('nav.products')}
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
