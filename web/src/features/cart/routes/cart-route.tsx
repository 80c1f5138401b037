/**
 * The cart page, /cart (spec 2 "Cart page"; spec 4 "Cart"; spec 5 "Quantity and stock"; spec 8 cart line
 * warnings). Heading Cart, a warning flash area, the lines, the purchase summary and its Checkout button. On open
 * it scrolls to the top and reloads every line's product through GET /product/view/{id} (a 404 marks the line
 * inaccessible), with a progress bar going 0, 30, then up to 100 (spec 4). After a place-order failure that
 * redirected here (router state `{ orderNotAccepted: true }`), the flash area says the order was not accepted.
 * Loaded as its own chunk.
 */
import { useCallback, useState } from 'react';
import { useBrowserLayoutEffect } from '../../../lib/server-render';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { PageMeta } from '../../../components/page-meta';
import { useRouteLanguage } from '../../../lib/language';
import { useCartReload } from '../../../lib/cart/get-cart-product';
import { CartLine } from '../components/cart-line';
import { PurchaseSummary } from '../components/purchase-summary';
import { cart, cartLines, useCart } from '../../../lib/cart/store';
import { useStorefrontStaff } from '../../../lib/staff/storefront';
import { CHECKOUT_BLOCK_MS, checkoutBlock, purchaseBlockReason } from '../utils/cart-checks';
import '../../../styles/order-pages.css';
import { usePageReady } from '../../../lib/page-ready';

/** Router state a page passes when sending the shopper here (spec 4 "Checkout": a redirect to /cart). */
export interface CartRouteState {
  orderNotAccepted?: boolean;
}

interface Flash {
  id: number;
  text: string;
}

let flashId = 1;

export function CartRoute() {
  usePageReady();
  const { t } = useTranslation('shop');
  const { lang, to } = useRouteLanguage();
  const location = useLocation();
  const state = useCart();
  const lines = cartLines(state);
  const [flashes, setFlashes] = useState<Flash[]>([]);
  // Staff see why a product can't be purchased (spec 4 "the reason in brackets for logged-in users").
  const staff = useStorefrontStaff();
  const notAccepted = (location.state as CartRouteState | null)?.orderNotAccepted === true;

  useBrowserLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  // The ids present when the page opened are reloaded once; lines added later carry fresh data already.
  const [ids] = useState(() => lines.map((l) => l.product.id));
  const { progress, settled } = useCartReload(ids, lang);
  const loading = progress < 100;

  const flash = useCallback((text: string, durationMs: number) => {
    const id = flashId++;
    setFlashes((list) => [...list.filter((f) => f.text !== text), { id, text }]);
    window.setTimeout(() => setFlashes((list) => list.filter((f) => f.id !== id)), durationMs);
  }, []);

  const onCheckout = () => {
    const block = checkoutBlock(cart.get());
    if (block === 'empty') flash(t('cart.empty'), CHECKOUT_BLOCK_MS);
    else if (block === 'unpurchasable') {
      const reason = staff.user ? purchaseBlockReason(cart.get()) : null;
      flash(reason ? t('cartPage.cantPurchaseReason', { reason: t(`cartPage.${reason}`) }) : t('cartPage.cantPurchase'), CHECKOUT_BLOCK_MS);
    }
    return block !== null;
  };

  return (
    <section className="cart-page" aria-labelledby="cart-title" aria-busy={loading}>
      <PageMeta title={t('cartPage.title')} description={t('cartPage.description')} noindex />
      <h1 id="cart-title">{t('cartPage.title')}</h1>

      <div className="cart-page__flash" role="status" aria-live="polite">
        {flashes.map((f) => (
          <p key={f.id} className="notice notice--warning">
            {f.text}
          </p>
        ))}
      </div>
      {notAccepted && <p className="notice notice--warning cart-page__not-accepted">{t('cartPage.orderNotAccepted')}</p>}

      {loading && (
        <div className="cart-page__progress" role="progressbar" aria-label={t('cartPage.loading')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
          <div className="cart-page__progress-fill" style={{ transform: `scaleX(${progress / 100})` }} />
        </div>
      )}

      {lines.length === 0 ? (
        <div className="empty-state">
          <p>{t('cart.empty')}</p>
          <Link className="button button--primary" to={to('/products')}>
            {t('cartPage.continueShopping')}
          </Link>
        </div>
      ) : (
        <div className="cart-page__body">
          <div className="cart-page__lines">
            <h2 className="visually-hidden">{t('cartPage.lines')}</h2>
            <ul className="cart-lines">
              {lines.map((item) => (
                <CartLine key={item.product.id} item={item} onWarning={flash} loaded={!ids.includes(item.product.id) || settled.has(item.product.id)} />
              ))}
            </ul>
            <Link to={to('/products')}>{t('cartPage.continueShopping')}</Link>
          </div>
          <PurchaseSummary lines={lines} onCheckout={onCheckout} />
        </div>
      )}
    </section>
  );
}
