/**
 * The delivery choice of checkout (spec 4 "Checkout", spec 7 GET /v1/delivery-provider and
 * GET /v1/delivery-provider/{id}): the providers of the chosen country; changing the country clears the provider and
 * the option, changing the provider clears the option; the chosen provider's postage product becomes the cart's one
 * delivery fee line (older postage lines removed first; a failed load shows its message for 6 s). A remembered
 * provider the country no longer offers is dropped. A cart with a big product refuses a provider without big
 * products at once ('tooBig').
 */
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../../lib/translation';
import { showToast } from '../../../components/feedback/toasts';
import { isPostage, setPostage } from '../../../lib/cart/cart-actions';
import { cart, cartLines, toCartProduct } from '../../../lib/cart/store';
import type { Language } from '../../../lib/language';
import { type DeliveryProviderView, providersForCountry, useDeliveryProviders } from '../api/get-delivery-providers';
import { getPostageProduct } from '../api/get-postage-product';
import type { CheckoutForm } from './use-checkout-form';

/** Display time of checkout errors in milliseconds (spec 9). */
export const CHECKOUT_ERROR_MS = 6000;

export interface DeliveryChoice {
  providersQuery: ReturnType<typeof useDeliveryProviders>;
  /** Providers of the chosen country. */
  providers: DeliveryProviderView[];
  /** The chosen provider, or null. */
  provider: DeliveryProviderView | null;
  chooseCountry: (country: string) => void;
  chooseProvider: (providerId: string) => void;
}

export function useDeliveryChoice(form: CheckoutForm, lang: Language, cartHasBigProduct: boolean): DeliveryChoice {
  const { t } = useTranslation('shop');
  const { draft, setDraft, setErrors, clearErrors } = form;
  const providersQuery = useDeliveryProviders(lang);
  const providers = useMemo(() => providersForCountry(providersQuery.data, draft.delivery.country), [providersQuery.data, draft.delivery.country]);
  const provider = providers.find((p) => p.id === draft.order.delivery_provider) ?? null;
  const postageRequest = useRef(0);

  /** Puts the provider's postage line into the cart (or removes postage lines for none). */
  const loadPostage = (providerId: string) => {
    const request = ++postageRequest.current;
    if (!providerId) {
      setPostage(null);
      return;
    }
    getPostageProduct(providerId, lang).then(
      (p) => {
        if (request === postageRequest.current) setPostage(toCartProduct(p));
      },
      (error: Error) => {
        if (request === postageRequest.current) showToast('error', error.message, CHECKOUT_ERROR_MS);
      },
    );
  };

  // A remembered provider: drop it when the country no longer offers it, else make sure its postage line is there.
  useEffect(() => {
    if (!providersQuery.data || !draft.order.delivery_provider) return;
    if (!provider) {
      setDraft((d) => ({ ...d, order: { ...d.order, delivery_provider: '', delivery_option: '' } }));
      setPostage(null);
      return;
    }
    const postage = cartLines(cart.get()).filter((l) => isPostage(l.product));
    if (postage.length !== 1 || postage[0]!.product.id !== provider.postageProductId) loadPostage(provider.id);
    // Runs when the providers arrive or the chosen one changes; loadPostage and the cart are read at that moment.
  }, [providersQuery.data, provider?.id]);

  const chooseCountry = (country: string) => {
    setDraft((d) => ({ ...d, delivery: { ...d.delivery, country }, order: { ...d.order, delivery_provider: '', delivery_option: '' } }));
    clearErrors('delivery.country', 'order.delivery_provider', 'order.delivery_option');
    loadPostage('');
  };

  const chooseProvider = (providerId: string) => {
    setDraft((d) => ({ ...d, order: { ...d.order, delivery_provider: providerId, delivery_option: '' } }));
    const chosen = providers.find((p) => p.id === providerId);
    setErrors(({ 'order.delivery_provider': _p, 'order.delivery_option': _o, ...rest }) =>
      chosen && cartHasBigProduct && !chosen.big_product ? { ...rest, 'order.delivery_provider': t('checkout.tooBig') } : rest,
    );
    if (chosen && chosen.inputType !== 'select' && chosen.inputType !== 'Address') console.warn(`Unknown delivery provider input type: ${chosen.inputType}`);
    loadPostage(providerId);
  };

  return { providersQuery, providers, provider, chooseCountry, chooseProvider };
}
