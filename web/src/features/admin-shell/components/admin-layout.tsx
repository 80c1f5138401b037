/**
 * The admin shell (spec 2 "Admin area"): a header with the menu toggle, the badge counts, the signed-in
 * user (with a link to change one's own password), the language switch, the theme toggle and Logout (a button that
 * POSTs /logout with the CSRF token, ../api/logout.ts, then loads /); the side menu (./side-menu.tsx); the screen in
 * `main`. The menu can be collapsed to a rail of icons; the choice is remembered in local storage ('adminMenu') and
 * the menu starts closed under 768 px (utils/menu.ts `initialMenuOpen`).
 *
 * Badges: Orders (unfilled, GET /v1/site-summary) and Stock notifications (GET /v1/stock-notification) belong on
 * menu entries whose screens arrive with later issues; until then their counts show in the header, to users with the
 * entry's permission, so no placeholder screen is needed. Both refresh on the websocket push and every 30 s.
 */
import { KeyRound, LogOut, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useLocation } from 'react-router';
import { LanguageSwitch } from '../../../components/layout/language-switch';
import { ThemeToggle } from '../../../components/layout/theme-toggle';
import { useRouteLanguage } from '../../../lib/language';
import type { SessionUser } from '../../../lib/staff/session';
import { useLogout } from '../api/logout';
import { useSiteSummary } from '../api/get-site-summary';
import { useStockNotifications } from '../api/get-stock-notifications';
import { useLiveBadges } from '../api/use-live-badges';
import { ADMIN_MENU, initialMenuOpen, MENU_STORAGE_KEY, SMALL_SCREEN_PX, visibleBadges, visibleMenu, type MenuBadge } from '../utils/menu';
import { SideMenu } from './side-menu';
import '../../../components/staff/staff.css';

function readStoredMenu(): string | null {
  try {
    return localStorage.getItem(MENU_STORAGE_KEY);
  } catch {
    return null;
  }
}

function rememberMenu(open: boolean) {
  try {
    localStorage.setItem(MENU_STORAGE_KEY, open ? 'open' : 'closed');
  } catch {
    /* storage unavailable: the choice holds for this page */
  }
}

interface AdminLayoutProps {
  user: SessionUser;
  /** URL names of the models whose screens exist (app/admin/admin-routes.ts). */
  availableModels: ReadonlySet<string>;
  children: ReactNode;
}

export function AdminLayout({ user, availableModels, children }: AdminLayoutProps) {
  const { t } = useTranslation('cms');
  const { to } = useRouteLanguage();
  const [open, setOpen] = useState(() => initialMenuOpen(readStoredMenu(), window.innerWidth));
  const badges = visibleBadges(user.permissions);
  const wantsOrders = badges.includes('unfilledOrders');
  const wantsStock = badges.includes('stockNotifications');
  const summary = useSiteSummary(wantsOrders);
  const notifications = useStockNotifications(wantsStock);
  const signOut = useLogout();
  useLiveBadges(badges.length > 0);
  const counts: Partial<Record<MenuBadge, number>> = {
    unfilledOrders: summary.data?.unfilledOrders,
    stockNotifications: notifications.data?.length,
  };
  const entries = visibleMenu(ADMIN_MENU, user.permissions, availableModels);
  // A badge whose entry is in the menu shows there; the others in the header.
  const inMenu = new Set(entries.map((e) => e.badge).filter(Boolean));
  const headerBadges = badges.filter((b) => !inMenu.has(b));

  // Under 768 px the open menu lies over the screen: following one of its links closes it (not remembered).
  const { pathname } = useLocation();
  useEffect(() => {
    if (window.innerWidth < SMALL_SCREEN_PX) setOpen(false);
  }, [pathname]);

  const toggle = () =>
    setOpen((was) => {
      rememberMenu(!was);
      return !was;
    });

  return (
    <div className={`admin ${open ? 'admin--menu-open' : 'admin--menu-closed'}`}>
      <a className="skip-link" href="#admin-main">
        {t('admin.skipToContent')}
      </a>
      <header className="admin-header">
        <button
          type="button"
          className="icon-button admin-header__toggle"
          onClick={toggle}
          aria-expanded={open}
          aria-controls="admin-menu"
          aria-label={open ? t('admin.menu.collapse') : t('admin.menu.expand')}
          title={open ? t('admin.menu.collapse') : t('admin.menu.expand')}
        >
          {open ? <PanelLeftClose size={18} aria-hidden="true" /> : <PanelLeftOpen size={18} aria-hidden="true" />}
        </button>
        <Link className="admin-header__title" to={to('/admin')}>
          {t('admin.title')}
        </Link>
        {headerBadges.length ? (
          <ul className="admin-counts" aria-label={t('admin.counts.label')} aria-live="polite">
            {headerBadges.map((b) => (
              <li key={b} className="admin-count" data-badge={b} title={t(`admin.counts.${b}`)}>
                <span className="admin-count__label">{t(`admin.counts.${b}`)}</span> <span className="admin-count__value">{counts[b] ?? '–'}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="admin-header__tools">
          <span className="admin-user" title={user.roles.join(', ')}>
            {user.username}
          </span>
          <Link className="icon-button" to={to('/admin/user/password')} aria-label={t('admin.ownPassword')} title={t('admin.ownPassword')}>
            <KeyRound size={18} aria-hidden="true" />
          </Link>
          <LanguageSwitch />
          <ThemeToggle />
          <button type="button" className="button admin-logout" onClick={() => signOut.mutate()} disabled={signOut.isPending} aria-busy={signOut.isPending}>
            <LogOut size={16} aria-hidden="true" />
            {t('admin.logout')}
          </button>
        </div>
      </header>
      <div className="admin-body">
        <SideMenu id="admin-menu" entries={entries} counts={counts} open={open} />
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
