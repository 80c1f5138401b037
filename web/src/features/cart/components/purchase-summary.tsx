/**
 * Purchase summary of the cart page (spec 2 "Cart page"; spec 9: shows 5 items with a toggle): the first 5 lines
 * with a show-all toggle, the total in € and the VAT line under the VAT rule of spec 5 (a foreign business's VAT
 * number in the checkout draft shows the total without VAT), and the Checkout button to /checkout. When checkout
 * is blocked (spec 5) the button stays on the page and reports why for 6 s.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { formatEuro } from '../../../lib/format';
import { useRouteLanguage } from '../../../lib/language';
import { storedDraftIncludesVat } from '../../../lib/vat';
import type { CartItem } from '../../../lib/cart/store';
import { summaryTotals } from '../utils/cart-checks';

/** Lines shown before the toggle (spec 9). */
export const SUMMARY_ITEMS = 5;

interface PurchaseSummaryProps {
  lines: CartItem[];
  /** Called instead of navigating when checkout is blocked; returns true when it was. */
  onCheckout: () => boolean;
}

export function PurchaseSummary({ lines, onCheckout }: PurchaseSummaryProps) {
  const { t } = useTranslation('shop');
  const { lang, to } = useRouteLanguage();
  const [showAll, setShowAll] = useState(false);
  const [gross] = useState(storedDraftIncludesVat);
  const listId = useId();
  const totals = summaryTotals(lines);
  const shown = showAll ? lines : lines.slice(0, SUMMARY_ITEMS);
  return (
    <aside className="purchase-summary" aria-labelledby="purchase-summary-title">
      <h2 id="purchase-summary-title">{t('cartPage.summary')}</h2>
      <ul id={listId} className="purchase-summary__items">
        {shown.map(({ product, amount }) => (
          <li key={product.id}>
            <span className="purchase-summary__name">
              {amount} × {product.name}
            </span>
            <span>{product.priceCents === null ? '—' : formatEuro((gross ? product.priceCents : (product.priceWoVatCents ?? product.priceCents)) * amount, lang)}</span>
          </li>
        ))}
      </ul>
      {lines.length > SUMMARY_ITEMS && (
        <button type="button" className="link-button" aria-expanded={showAll} aria-controls={listId} onClick={() => setShowAll((v) => !v)}>
          {showAll ? t('cartPage.showLess') : t('cartPage.showAll', { count: lines.length })}
        </button>
      )}
      <dl className="purchase-summary__totals">
        <div className="purchase-summary__total">
          <dt>{gross ? t('cartPage.total') : t('cartPage.totalWoVat')}</dt>
          <dd>{formatEuro(gross ? totals.grossCents : totals.netCents, lang)}</dd>
        </div>
        <div className="muted">
          {gross ? (
            <>
              <dt>{t('cartPage.vat', { rate: totals.vatRate })}</dt>
              <dd>{formatEuro(totals.vatCents, lang)}</dd>
            </>
          ) : (
            <>
              <dt>{t('cartPage.vat', { rate: 0 })}</dt>
              <dd>{formatEuro(0, lang)}</dd>
            </>
          )}
        </div>
      </dl>
      <Link
        className="button button--primary purchase-summary__checkout"
        to={to('/checkout')}
        onClick={(e) => {
          if (onCheckout()) e.preventDefault();
        }}
      >
        {t('cartPage.checkout')}
      </Link>
    </aside>
  );
}
