/** The checkout page's summary of the cart lines (delivery fee line included) and the gross total, euro. */
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import type { CartItem } from '../../../lib/cart/store';
import { formatEuro } from '../../../lib/format';
import { useRouteLanguage } from '../../../lib/language';

/** `totalCents`: the gross total in euro cents. */
export function CheckoutSummary({ lines, totalCents }: { lines: CartItem[]; totalCents: number }) {
  const { t } = useTranslation('shop');
  const { lang, to } = useRouteLanguage();
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">{t('cartPage.summary')}</h2>
      <ul className="purchase-summary__items">
        {lines.map(({ product, amount }) => (
          <li key={product.id}>
            <span className="purchase-summary__name">
              {amount} × {product.name}
            </span>
            <span>{formatEuro((product.priceCents ?? 0) * amount, lang)}</span>
          </li>
        ))}
      </ul>
      <p className="purchase-summary__total">
        <span>{t('cartPage.total')}</span> <strong>{formatEuro(totalCents, lang)}</strong>
      </p>
      <Link to={to('/cart')}>{t('checkout.backToCart')}</Link>
    </aside>
  );
}
