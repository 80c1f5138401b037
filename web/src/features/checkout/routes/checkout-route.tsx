/**
 * The checkout form, /checkout (spec 2; spec 4 "Checkout"; spec 5 "Checkout"; spec 7 GET /v1/delivery-provider,
 * GET /v1/delivery-provider/{id}, POST /v1/place-order; spec 8 "Order placement failure").
 *
 * - Client: private (first_name, last_name) or business (business_name, short_contact_address, optional
 *   vat_reg_nr); e-mail and phone.
 * - Delivery: country, then a provider of that country, then its input: a parcel machine / post office from a
 *   filterable list (inputType select) or a courier address (inputType Address). Changing the country clears the
 *   provider and the option; changing the provider clears the option. Choosing a provider puts its postage product
 *   into the cart as the one delivery fee line. A cart with a big product refuses a provider without big_product.
 * - Comment, and the terms of sale (link to /muugitingimused) to accept.
 * - The draft is kept in local storage 'checkoutDraft' (without the terms flag, which is cleared after a submit).
 * - The submit button comes after the summary (its `form` attribute ties it to the form), so on a phone it follows
 *   the total; on wider screens it sits under the form, beside the summary (order-pages.css).
 * - Submit trims the fields, marks every failing one 'Required' (aria-invalid + aria-describedby) and focuses the
 *   first; otherwise shows 'Placing order' and POSTs with an Idempotency-Key. Success clears the cart and goes to
 *   /payment/{token} with `{ order, paymentMethods }` in the router state. Failure: 'An unexpected system error
 *   occurred.' then each server message as its own toast (6 s); a failure redirecting to /cart shows the warning
 *   'The order was not accepted…' instead and goes to the cart.
 *
 * The state lives in hooks (hooks/use-checkout-form.ts, use-delivery-choice.ts, use-place-order.ts), the form in
 * sections (components/client-section.tsx, delivery-section.tsx, additional-section.tsx, checkout-summary.tsx).
 * Loaded as its own chunk; not indexed.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { isPostage } from '../../../lib/cart/cart-actions';
import { useCartReload } from '../../../lib/cart/get-cart-product';
import { cartLines, cartTotals, useCart } from '../../../lib/cart/store';
import { useRouteLanguage } from '../../../lib/language';
import { AdditionalSection } from '../components/additional-section';
import { CheckoutSummary } from '../components/checkout-summary';
import { ClientSection } from '../components/client-section';
import { DeliverySection } from '../components/delivery-section';
import { useCheckoutForm } from '../hooks/use-checkout-form';
import { useDeliveryChoice } from '../hooks/use-delivery-choice';
import { usePlaceOrder } from '../hooks/use-place-order';
import '../../../styles/order-pages.css';

export function CheckoutRoute() {
  const { t } = useTranslation('shop');
  const { lang, to } = useRouteLanguage();
  const cartState = useCart();
  const lines = cartLines(cartState);
  const products = lines.filter((l) => !isPostage(l.product));
  const cartHasBigProduct = products.some((l) => l.product.big_product);
  const form = useCheckoutForm();
  const delivery = useDeliveryChoice(form, lang, cartHasBigProduct);
  const { placing, submit } = usePlaceOrder(form, delivery.provider, cartHasBigProduct);
  // Current names, prices and stock for the summary (the same reload as the cart page's, spec 7).
  const [reloadIds] = useState(() => lines.map((l) => l.product.id));
  useCartReload(reloadIds, lang);

  return (
    <section className="checkout-page" aria-labelledby="checkout-title">
      <PageMeta title={t('checkout.title')} description={t('checkout.description')} noindex />
      <h1 id="checkout-title">{t('checkout.title')}</h1>
      {products.length === 0 && !placing ? (
        <div className="empty-state">
          <p>{t('cart.empty')}</p>
          <Link className="button button--primary" to={to('/products')}>
            {t('cartPage.continueShopping')}
          </Link>
        </div>
      ) : (
        <div className="checkout-page__body">
          <form id="checkout-form" className="checkout-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={placing}>
            <ClientSection form={form} />
            <DeliverySection form={form} delivery={delivery} lang={lang} cartHasBigProduct={cartHasBigProduct} />
            <AdditionalSection form={form} />
          </form>
          <CheckoutSummary lines={lines} totalCents={cartTotals(cartState).totalCents} />
          {/* After the summary, so on a phone the button follows the total; beside the form's end on wider screens. */}
          <div className="checkout-form__actions">
            <button type="submit" form="checkout-form" className="button button--primary" disabled={placing}>
              {t('checkout.placeOrder')}
            </button>
            {placing && <Spinner label={t('checkout.placing')} />}
            {placing && (
              <p className="checkout-form__placing" aria-hidden="true">
                {t('checkout.placing')}
              </p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
