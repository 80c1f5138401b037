/**
 * Submitting the checkout form (spec 4 "Checkout", spec 5 "Checkout", spec 8 "Order placement failure"): trims the
 * fields, marks every failing one (domain rules through utils/validate-checkout.ts) and focuses the first;
 * otherwise shows 'Placing order' and POSTs with an Idempotency-Key. Success clears the cart and goes to
 * /payment/{token} with `{ order, paymentMethods }` in the router state. Failure: 'An unexpected system error
 * occurred.' then each server message as its own toast (6 s), and the server's field messages on the form; a
 * failure redirecting to /cart shows the warning 'The order was not accepted…' instead and goes to the cart. The
 * terms flag is cleared after every submit that reaches the server.
 */
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import type { PlaceOrderBody } from '../../../../../api/contracts/orders';
import { showToast } from '../../../components/feedback/toasts';
import { flushWrite } from '../../../lib/deferred-write';
import { isPostage } from '../../../lib/cart/cart-actions';
import { cart, cartLines } from '../../../lib/cart/store';
import { useRouteLanguage } from '../../../lib/language';
import { CHECKOUT_DRAFT_KEY } from '../../../lib/vat';
import { newIdempotencyKey, placeOrder, placeOrderFailure } from '../api/place-order';
import { trimDraft, writeDraft } from '../utils/draft';
import { type CheckoutErrors, firstInvalidField, type ProviderRule, validateCheckout } from '../utils/validate-checkout';
import { CHECKOUT_ERROR_MS } from './use-delivery-choice';
import { type CheckoutForm, idOf } from './use-checkout-form';

/** Moves the focus to a field by its body path (the provider list: its first radio button). */
function focusField(field: string) {
  const target = field === 'order.delivery_provider' ? document.querySelector<HTMLElement>(`#${idOf(field)} input`) : document.getElementById(idOf(field));
  target?.focus();
}

export function usePlaceOrder(form: CheckoutForm, provider: Pick<ProviderRule, 'id'> | null, cartHasBigProduct: boolean) {
  const { t } = useTranslation('shop');
  const { lang, to } = useRouteLanguage();
  const navigate = useNavigate();
  const [placing, setPlacing] = useState(false);
  const { draft, setDraft, terms, setTerms, setErrors } = form;

  const errorText = (code: CheckoutErrors[string]) =>
    code === 'tooBig' ? t('checkout.tooBig') : code === 'emailInvalid' ? t('checkout.emailInvalid') : t('checkout.required');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (placing) return;
    const trimmed = trimDraft(draft);
    setDraft(trimmed);
    flushWrite(CHECKOUT_DRAFT_KEY);
    writeDraft(trimmed);
    const found = validateCheckout(trimmed, terms, provider, cartHasBigProduct);
    if (Object.keys(found).length > 0) {
      setErrors(Object.fromEntries(Object.entries(found).map(([k, code]) => [k, errorText(code)])));
      const first = firstInvalidField(found);
      if (first) window.requestAnimationFrame(() => focusField(first));
      return;
    }
    setErrors({});
    const items = cartLines(cart.get()).map((l) => ({ product_id: l.product.id, amount: l.amount }));
    if (!items.some((i) => !isPostage(cart.get().items[i.product_id]!.product))) {
      showToast('warning', t('cart.empty'), CHECKOUT_ERROR_MS);
      return;
    }
    const body: PlaceOrderBody = { items, client: trimmed.client, order: { ...trimmed.order, accept_terms: true }, delivery: trimmed.delivery, language: lang };
    setPlacing(true);
    try {
      const placed = await placeOrder(body, lang, newIdempotencyKey());
      setTerms(false);
      cart.clear();
      void navigate(to(`/payment/${placed.order.public_token}`), { state: { order: placed.order, paymentMethods: placed.paymentMethods } });
    } catch (error) {
      setTerms(false);
      setPlacing(false);
      const failure = placeOrderFailure(error);
      if (failure.redirect === '/cart') {
        showToast('warning', t('cartPage.orderNotAccepted'));
        void navigate(to('/cart'), { state: { orderNotAccepted: true } });
        return;
      }
      showToast('error', t('checkout.systemError'), CHECKOUT_ERROR_MS);
      for (const message of failure.messages) showToast('error', message, CHECKOUT_ERROR_MS);
      if (Object.keys(failure.fieldMessages).length > 0) setErrors(failure.fieldMessages);
    }
  };

  return { placing, submit };
}
