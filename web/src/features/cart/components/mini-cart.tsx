/**
 * Mini cart in the header (spec 2 "Header", spec 9: at most 5 items): the total in € and the item count, a link to
 * /cart, and on hover or focus the 5 latest items, with 'Showing 5 latest items' when there are more and 'No
 * products in cart' when empty. On phones the icon carries the count as a badge.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { formatEuro } from '../../../lib/format';
import { useRouteLanguage } from '../../../lib/language';
import { cartLines, cartTotals, useCart } from '../../../lib/cart/store';

export const MINI_CART_ITEMS = 5;

export function MiniCart() {
  const { t } = useTranslation('shop');
  const { lang, to } = useRouteLanguage();
  const state = useCart();
  const lines = cartLines(state);
  const { totalCents, count } = cartTotals(state);
  const [open, setOpen] = useState(false);
  return (
    <div
      className={`mini-cart${open ? ' is-open' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Link to={to('/cart')} className="mini-cart__link" aria-describedby="mini-cart-panel">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 7H6.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <circle cx="9" cy="19" r="1.6" fill="currentColor" />
          <circle cx="17" cy="19" r="1.6" fill="currentColor" />
        </svg>
        <span className="mini-cart__total">{formatEuro(totalCents, lang)}</span>
        <span className="mini-cart__count">{t('cart.itemCount', { count })}</span>
        {count > 0 && (
          // Phones show the count as a badge on the icon instead of the total and count (base.css).
          <span className="mini-cart__badge" aria-hidden="true">
            {count}
          </span>
        )}
      </Link>
      <div id="mini-cart-panel" className="mini-cart__panel" hidden={!open}>
        {lines.length === 0 ? (
          <p>{t('cart.empty')}</p>
        ) : (
          <>
            <ul>
              {lines.slice(0, MINI_CART_ITEMS).map((line) => (
                <li key={line.product.id}>
                  <span className="mini-cart__name">{line.product.name}</span>
                  <span className="mini-cart__line muted">
                    {line.amount} × {formatEuro(line.product.priceCents, lang)}
                  </span>
                </li>
              ))}
            </ul>
            {lines.length > MINI_CART_ITEMS && <p className="muted">{t('cart.showingLatest', { count: MINI_CART_ITEMS })}</p>}
          </>
        )}
      </div>
    </div>
  );
}
