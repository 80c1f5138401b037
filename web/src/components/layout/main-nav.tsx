/**
 * Main navigation (spec 2 "Header"): built from the server's entries of kind page, menu link or category;
 * category entries become drop-downs of their subcategories, and a page or link entry with child entries (the menu
 * nests one level) a drop-down of those; the entry labelled Galerii is hidden (the server flags it `hidden`, in every
 * language). The drop-down is a disclosure: a button opens it (keyboard and touch), hovering
 * opens it too, Escape closes it. On small screens the entries are one strip that scrolls sideways; `data-more` on
 * the nav names the edges ('start', 'end') past which entries lie, where base.css shows a fade.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useResolvedPath } from 'react-router';
import { useTranslation } from '../../lib/translation';
import type { MenuItem } from '../../lib/site/get-site';
import { useRouteLanguage } from '../../lib/language';

/** App paths get the route's language prefix; category URLs (/et/..., /en/...) and absolute URLs are kept. */
function useHref() {
  const { to } = useRouteLanguage();
  return (href: string) => (/^(https?:)?\/\//.test(href) || /^\/(et|en)(\/|$)/.test(href) ? href : to(href));
}

/**
 * react-router's `NavLink` as the menu uses it (no `end`, not case-sensitive): `class="active"` and
 * `aria-current="page"` while the location's path is the link's path or lies below it. Its own few lines rather than
 * `NavLink`, whose view-transition and pending states (data routers only) stayed in the first load
 * (docs/architecture.md "First load and crash safety").
 */
function ActiveLink({ to, children }: { to: string; children: string }) {
  // Both paths percent-encoded, as the router compares them (a category URL may hold "ö").
  const target = new URL(useResolvedPath(to).pathname, 'http://x').pathname.toLowerCase();
  const current = useLocation().pathname.toLowerCase();
  const end = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active = current === target || (current.startsWith(target) && current.charAt(end) === '/');
  return (
    <Link to={to} aria-current={active ? 'page' : undefined} className={active ? 'active' : ''}>
      {children}
    </Link>
  );
}

/** A link of the navigation: an absolute URL as a plain link, an app path through the router. */
function NavTarget({ href, label, nav }: { href: string; label: string; nav?: boolean }) {
  const to = useHref();
  if (/^(https?:)?\/\//.test(href) || /^(mailto|tel):/.test(href)) return <a href={href}>{label}</a>;
  return nav ? <ActiveLink to={to(href)}>{label}</ActiveLink> : <Link to={to(href)}>{label}</Link>;
}

function Dropdown({ item, index }: { item: MenuItem; index: number }) {
  const { t } = useTranslation('app');
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  const listId = `nav-dd-${item.categoryId ?? `entry-${index}`}`;
  return (
    <li
      ref={ref}
      className={`main-nav__dropdown${open ? ' is-open' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          ref.current?.querySelector('button')?.focus();
        }
      }}
    >
      <NavTarget href={item.href} label={item.label} nav />
      {item.children.length > 0 && (
        <>
          <button
            type="button"
            className="main-nav__toggle"
            aria-expanded={open}
            aria-controls={listId}
            aria-label={t(item.kind === 'category' ? 'nav.showSubmenu' : 'nav.showEntries', { name: item.label })}
            // A mouse already opened it on hover: a click keeps it open; keyboard (detail 0) toggles.
            onClick={(e) => (e.detail === 0 ? setOpen((o) => !o) : setOpen(true))}
          >
            <svg viewBox="0 0 10 6" width="10" height="6" aria-hidden="true" focusable="false">
              <path d="M1 1l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
          </button>
          <ul id={listId} className="main-nav__submenu" hidden={!open}>
            {item.children.map((child) => (
              <li key={child.categoryId ?? `${child.href}|${child.label}`}>
                <NavTarget href={child.href} label={child.label} />
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
}

/**
 * Which edges of the scrolling `ref` element have content past them: '' (none, e.g. a wrapping desktop menu),
 * 'start', 'end' or 'start end'. Follows scrolling and size changes of the element and its children; `key` changes
 * when the children do.
 */
function useOverflowEdges(ref: RefObject<HTMLElement | null>, key: string): string {
  const [edges, setEdges] = useState('');
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setEdges([start ? 'start' : '', end ? 'end' : ''].filter(Boolean).join(' '));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref, key]);
  return edges;
}

export function MainNav({ items }: { items: MenuItem[] | undefined }) {
  const { t } = useTranslation('app');
  const { to } = useRouteLanguage();
  const visible = (items ?? []).filter((item) => !item.hidden);
  const listRef = useRef<HTMLUListElement>(null);
  const more = useOverflowEdges(listRef, visible.map((item) => item.label).join('\n'));
  return (
    <nav className="main-nav" aria-label={t('nav.main')} data-more={more || undefined}>
      <ul className="container" ref={listRef}>
        {visible.length === 0 && (
          <li>
            <ActiveLink to={to('/products')}>{t('nav.products')}</ActiveLink>
          </li>
        )}
        {visible.map((item, index) =>
          item.kind === 'category' || item.children.length > 0 ? (
            <Dropdown key={item.categoryId ? `c-${item.categoryId}` : `${item.kind}-${item.href}-${index}`} item={item} index={index} />
          ) : (
            <li key={`${item.kind}-${item.href}-${index}`}>
              <NavTarget href={item.href} label={item.label} nav />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
