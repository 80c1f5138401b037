/**
 * Main navigation (spec 2 "Header"): built from the server's entries of kind page, menu link or category;
 * category entries become drop-downs of their subcategories; the entry labelled Galerii is hidden (the server flags
 * it `hidden`, in every language). The drop-down is a disclosure: a button opens it (keyboard and touch), hovering
 * opens it too, Escape closes it. On small screens the entries are one strip that scrolls sideways; `data-more` on
 * the nav names the edges ('start', 'end') past which entries lie, where base.css shows a fade.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../lib/site/get-site';
import { useRouteLanguage } from '../../lib/language';

/** App paths get the route's language prefix; category URLs (/et/..., /en/...) and absolute URLs are kept. */
function useHref() {
  const { to } = useRouteLanguage();
  return (href: string) => (/^(https?:)?\/\//.test(href) || /^\/(et|en)(\/|$)/.test(href) ? href : to(href));
}

function Dropdown({ item }: { item: MenuItem }) {
  const { t } = useTranslation('app');
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  const { pathname } = useLocation();
  const href = useHref();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  const listId = `nav-dd-${item.categoryId}`;
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
      <NavLink to={href(item.href)}>{item.label}</NavLink>
      {item.children.length > 0 && (
        <>
          <button
            type="button"
            className="main-nav__toggle"
            aria-expanded={open}
            aria-controls={listId}
            aria-label={t('nav.showSubmenu', { name: item.label })}
            // A mouse already opened it on hover: a click keeps it open; keyboard (detail 0) toggles.
            onClick={(e) => (e.detail === 0 ? setOpen((o) => !o) : setOpen(true))}
          >
            <svg viewBox="0 0 10 6" width="10" height="6" aria-hidden="true" focusable="false">
              <path d="M1 1l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
          </button>
          <ul id={listId} className="main-nav__submenu" hidden={!open}>
            {item.children.map((child) => (
              <li key={child.categoryId}>
                <Link to={href(child.href)}>{child.label}</Link>
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
  const href = useHref();
  const visible = (items ?? []).filter((item) => !item.hidden);
  const listRef = useRef<HTMLUListElement>(null);
  const more = useOverflowEdges(listRef, visible.map((item) => item.label).join('\n'));
  return (
    <nav className="main-nav" aria-label={t('nav.main')} data-more={more || undefined}>
      <ul className="container" ref={listRef}>
        {visible.length === 0 && (
          <li>
            <NavLink to={to('/products')}>{t('nav.products')}</NavLink>
          </li>
        )}
        {visible.map((item) =>
          item.kind === 'category' ? (
            <Dropdown key={`c-${item.categoryId}`} item={item} />
          ) : (
            <li key={`${item.kind}-${item.href}`}>
              {/^https?:\/\//.test(item.href) ? <a href={item.href}>{item.label}</a> : <NavLink to={href(item.href)}>{item.label}</NavLink>}
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
