/**
 * The listing's sidebar (category tree and filters, spec 2 "Product listing"): beside the products from 1000 px up,
 * a sheet below that (spec 9 breakpoints), so a phone's first screen shows products, not 300 categories.
 *
 * - The toggle is a link to the sidebar's id: without JavaScript the sidebar is the page's `:target` and the CSS
 *   shows it as the sheet (catalog-products.css); its close and "Show N products" links point away from it.
 * - With JavaScript the sheet is a labelled modal dialog (role dialog, aria-modal): focus moves into it and Tab stays
 *   inside, Escape, the backdrop, the close button and "Show N products" close it, and focus returns to the toggle.
 *   It also closes when the page's path changes (a category picked) or the screen grows past 1000 px; a filter
 *   toggled inside keeps it open with the new count.
 */
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import type { Language } from '../../../../../api/contracts/catalog';
import { formatCount } from '../../../lib/format';

/** Below this width (px) the sidebar is a sheet: the catalog's breakpoint for the one-column listing. */
const SHEET_QUERY = '(max-width: 1000px)';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ListingSheetProps {
  /** The sidebar's element id (the no-script toggle links to it). */
  id: string;
  /** The products the listing shows with the current filters (the "Show N products" button); undefined while loading. */
  count: number | undefined;
  lang: Language;
  /** The id of the element the close links go to without JavaScript (the listing's heading). */
  backTo: string;
  children: ReactNode;
}

const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export function ListingSheet({ id, count, lang, backTo, children }: ListingSheetProps) {
  const { t } = useTranslation('shop');
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const sheet = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLAnchorElement>(null);
  const titleId = `${id}-title`;

  const close = (restoreFocus = true) => {
    setOpen(false);
    // Opened as the page's target before the scripts ran: drop the hash, else the CSS keeps showing the sheet.
    if (window.location.hash === `#${id}`) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    if (restoreFocus) toggle.current?.focus();
  };

  // A sheet opened as the page's target before hydration becomes the dialog.
  useEffect(() => {
    if (window.location.hash === `#${id}` && window.matchMedia(SHEET_QUERY).matches) setOpen(true);
  }, [id]);

  // A category picked (a new path) closes the sheet; so does a screen grown past the breakpoint.
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (firstPath.current !== pathname) setOpen(false);
    firstPath.current = pathname;
  }, [pathname]);
  useEffect(() => {
    if (!open) return;
    const media = window.matchMedia(SHEET_QUERY);
    const onChange = () => !media.matches && setOpen(false);
    media.addEventListener('change', onChange);
    document.documentElement.classList.add('has-sheet');
    sheet.current?.querySelector<HTMLElement>('.listing-sheet__close')?.focus();
    return () => {
      media.removeEventListener('change', onChange);
      document.documentElement.classList.remove('has-sheet');
    };
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!open) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    if (e.key !== 'Tab' || !sheet.current) return;
    // Focus kept inside the dialog: Tab from the last control goes to the first, Shift+Tab from the first to the last.
    const items = [...sheet.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && (document.activeElement === first || !sheet.current.contains(document.activeElement))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const closeLink = (e: MouseEvent) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    close();
  };

  return (
    <>
      <a
        ref={toggle}
        href={`#${id}`}
        className="button listing__sidebar-toggle"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={id}
        onClick={(e) => {
          if (!isPlainClick(e)) return;
          e.preventDefault();
          setOpen(true);
        }}
      >
        {t('listing.toggleSidebar')}
      </a>
      {open && <div className="listing-sheet__backdrop" aria-hidden="true" onClick={() => close()} />}
      <aside
        ref={sheet}
        id={id}
        className={`listing__sidebar${open ? ' is-open' : ''}`}
        aria-labelledby={titleId}
        {...(open ? { role: 'dialog', 'aria-modal': true } : {})}
        onKeyDown={onKeyDown}
      >
        <div className="listing-sheet__head">
          <h2 id={titleId} className="listing-sheet__title">
            {t('listing.toggleSidebar')}
          </h2>
          <a href={`#${backTo}`} className="icon-button listing-sheet__close" aria-label={t('listing.closeSheet')} onClick={closeLink}>
            <span aria-hidden="true">×</span>
          </a>
        </div>
        {children}
        <div className="listing-sheet__foot">
          <a href={`#${backTo}`} className="button button--primary listing-sheet__show" onClick={closeLink}>
            {count === undefined ? t('listing.showResults') : t('listing.showProducts', { count, formattedCount: formatCount(count, lang) })}
          </a>
        </div>
      </aside>
    </>
  );
}
