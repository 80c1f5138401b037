/**
 * The admin side menu (spec 2): the entries `visibleMenu` gives, each with its icon (lucide-react), label and badge
 * count; Clients is a plain link (a full page load, spec 2); the current section is marked `aria-current`. Closed, it
 * is a rail of icons whose names stay available to assistive technology and as tooltips.
 */
import { BellRing, CarFront, ClipboardList, Contact, FileText, FolderOpen, Funnel, Gauge, Images, ListTree, MousePointerClick, Package, Search, ShoppingCart, Store, TriangleAlert, Users, Warehouse, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../../lib/translation';
import { Link, useLocation } from 'react-router';
import { stripLanguagePrefix, useRouteLanguage } from '../../../lib/language';
import type { MenuBadge, MenuEntry } from '../utils/menu';

const ICONS: Record<MenuEntry['key'], LucideIcon> = {
  site: Store,
  products: Package,
  orders: ShoppingCart,
  clients: Contact,
  pages: FileText,
  menu: ListTree,
  files: FolderOpen,
  gallery: Images,
  users: Users,
  warehouses: Warehouse,
  statistics: Search,
  problematicProducts: TriangleAlert,
  fitment: CarFront,
  searchConversion: MousePointerClick,
  orderFunnel: Funnel,
  sellThrough: Gauge,
  reorderSuggestions: ClipboardList,
  stockNotifications: BellRing,
};

interface SideMenuProps {
  id: string;
  entries: readonly MenuEntry[];
  counts: Partial<Record<MenuBadge, number>>;
  open: boolean;
}

export function SideMenu({ id, entries, counts, open }: SideMenuProps) {
  const { t } = useTranslation('cms');
  const { to } = useRouteLanguage();
  const here = stripLanguagePrefix(useLocation().pathname).toLowerCase();
  return (
    <nav id={id} className="admin-menu" aria-label={t('admin.menu.label')}>
      <ul>
        {entries.map((entry) => {
          const Icon = ICONS[entry.key];
          const label = t(`admin.menu.${entry.key}`);
          const count = entry.badge ? counts[entry.badge] : undefined;
          const current = entry.model !== null && (here === entry.path.toLowerCase() || here.startsWith(`${entry.path.toLowerCase()}/`));
          const content = (
            <>
              <Icon size={18} aria-hidden="true" />
              <span className={open ? 'admin-menu__label' : 'visually-hidden'}>{label}</span>
              {count !== undefined ? (
                <span className="admin-menu__badge" data-badge={entry.badge} aria-label={t('admin.menu.badge', { count })}>
                  {count}
                </span>
              ) : null}
            </>
          );
          return (
            <li key={entry.key}>
              {entry.fullPageLoad ? (
                <a href={to(entry.path)} title={open ? undefined : label} aria-current={current ? 'page' : undefined}>
                  {content}
                </a>
              ) : (
                <Link to={to(entry.path)} title={open ? undefined : label} aria-current={current ? 'page' : undefined}>
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
