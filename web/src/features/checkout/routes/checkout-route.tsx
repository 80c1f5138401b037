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
 * - Submit trims the fields, marks every failing one 'Required' (aria-invalid + aria-describedby) and focuses the
 *   first; otherwise shows 'Placing order' and POSTs with an Idempotency-Key. Success clears the cart and goes to
 *   /payment/{token} with `{ order, paymentMethods }` in the router state. Failure: 'An unexpected system error
 *   occurred.' then each server message as its own toast (6 s); a failure redirecting to /cart shows the warning
 *   'The order was not accepted…' instead and goes to the cart.
 * Loaded as its own chunk; not indexed.
 */
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PlaceOrderBody } from '../../../../../api/contracts/orders';
import { showToast } from '../../../components/feedback/toasts';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { formatEuro } from '../../../lib/format';
import { useRouteLanguage } from '../../../lib/language';
import { useCartReload } from '../../cart/api/get-cart-product';
import { isPostage, setPostage } from '../../cart/cart-actions';
import { cart, cartLines, cartTotals, toCartProduct, useCart } from '../../cart/store';
import { providersForCountry, useDeliveryProviders } from '../api/get-delivery-providers';
import { getPostageProduct } from '../api/get-postage-product';
import { newIdempotencyKey, placeOrder, placeOrderFailure } from '../api/place-order';
import { LocationPicker } from '../components/location-picker';
import { errorIdOf, TextField } from '../components/text-field';
import { type CheckoutDraft, DRAFT_PERSIST_MS, readDraft, trimDraft, writeDraft } from '../utils/draft';
import { type CheckoutErrors, firstInvalidField, validateCheckout } from '../utils/validate-checkout';

/** Display time of checkout errors in milliseconds (spec 9). */
export const CHECKOUT_ERROR_MS = 6000;

/** Element id of a form field by its body path: 'client.first_name' -> 'checkout-client-first_name'. */
const idOf = (field: string) => `checkout-${field.replace(/\./g, '-')}`;

type Group = keyof CheckoutDraft;

export function CheckoutRoute() {
  const { t } = useTranslation('shop');
  const { lang, to } = useRouteLanguage();
  const navigate = useNavigate();
  const cartState = useCart();
  const lines = cartLines(cartState);
  const products = lines.filter((l) => !isPostage(l.product));
  const cartHasBigProduct = products.some((l) => l.product.big_product);
  const [draft, setDraft] = useState<CheckoutDraft>(readDraft);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [placing, setPlacing] = useState(false);
  const providersQuery = useDeliveryProviders(lang);
  const providers = useMemo(() => providersForCountry(providersQuery.data, draft.delivery.country), [providersQuery.data, draft.delivery.country]);
  const provider = providers.find((p) => p.id === draft.order.delivery_provider) ?? null;
  const postageRequest = useRef(0);
  // Current names, prices and stock for the summary (the same reload as the cart page's, spec 7).
  const [reloadIds] = useState(() => lines.map((l) => l.product.id));
  useCartReload(reloadIds, lang);

  // Keep the draft (spec 3 "Remembered user options"), 200 ms after the last change, and at once when leaving.
  const latestDraft = useRef(draft);
  latestDraft.current = draft;
  useEffect(() => {
    const timer = window.setTimeout(() => writeDraft(draft), DRAFT_PERSIST_MS);
    return () => window.clearTimeout(timer);
  }, [draft]);
  useEffect(() => () => writeDraft(latestDraft.current), []);

  const errorText = (code: CheckoutErrors[string]) => (code === 'tooBig' ? t('checkout.tooBig') : t('checkout.required'));
  const setField = (group: Group, name: string, value: string) => {
    setDraft((d) => ({ ...d, [group]: { ...d[group], [name]: value } }));
    const key = `${group}.${name}`;
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

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
    if (postage.length !== 1 || postage[0].product.id !== provider.postageProductId) loadPostage(provider.id);
    // Runs when the providers arrive or the chosen one changes; loadPostage and the cart are read at that moment.
  }, [providersQuery.data, provider?.id]);

  const chooseCountry = (country: string) => {
    setDraft((d) => ({ ...d, delivery: { ...d.delivery, country }, order: { ...d.order, delivery_provider: '', delivery_option: '' } }));
    setErrors(({ 'delivery.country': _c, 'order.delivery_provider': _p, 'order.delivery_option': _o, ...rest }) => rest);
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

  const focusField = (field: string) => {
    const target = field === 'order.delivery_provider' ? document.querySelector<HTMLElement>(`#${idOf(field)} input`) : document.getElementById(idOf(field));
    target?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (placing) return;
    const trimmed = trimDraft(draft);
    setDraft(trimmed);
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
    if (!items.some((i) => !isPostage(cart.get().items[i.product_id].product))) {
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

  const err = (field: string) => errors[field] ?? null;
  const text = (group: Group, name: string, label: string, options: { required?: boolean; type?: 'email' | 'tel'; autoComplete?: string; multiline?: boolean } = {}) => {
    const field = `${group}.${name}`;
    return (
      <TextField
        id={idOf(field)}
        label={label}
        value={(draft[group] as Record<string, string>)[name]}
        onChange={(v) => setField(group, name, v)}
        error={err(field)}
        {...options}
      />
    );
  };

  const { totalCents } = cartTotals(cartState);
  const business = draft.client.client_type === 'business';
  const providerError = err('order.delivery_provider');
  const countries = providersQuery.data?.deliveryCountries ?? {};

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
          <form className="checkout-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={placing}>
            <fieldset className="checkout-form__section">
              <legend>{t('checkout.client')}</legend>
              <div className="choice-group" role="radiogroup" aria-label={t('checkout.clientType')}>
                {(['private', 'business'] as const).map((type) => (
                  <label key={type} className="choice">
                    <input
                      type="radio"
                      name="client_type"
                      value={type}
                      checked={draft.client.client_type === type}
                      onChange={() => setField('client', 'client_type', type)}
                    />
                    {t(type === 'private' ? 'checkout.private' : 'checkout.business')}
                  </label>
                ))}
              </div>
              <div className="checkout-form__grid">
                {business ? (
                  <>
                    {text('client', 'business_name', t('checkout.businessName'), { required: true, autoComplete: 'organization' })}
                    {text('order', 'short_contact_address', t('checkout.shortContactAddress'), { required: true, autoComplete: 'street-address' })}
                    {text('client', 'vat_reg_nr', t('checkout.vatRegNr'))}
                  </>
                ) : (
                  <>
                    {text('client', 'first_name', t('checkout.firstName'), { required: true, autoComplete: 'given-name' })}
                    {text('client', 'last_name', t('checkout.lastName'), { required: true, autoComplete: 'family-name' })}
                  </>
                )}
                {text('client', 'email', t('checkout.email'), { required: true, type: 'email', autoComplete: 'email' })}
                {text('client', 'phone', t('checkout.phone'), { required: true, type: 'tel', autoComplete: 'tel' })}
              </div>
            </fieldset>

            <fieldset className="checkout-form__section">
              <legend>{t('checkout.delivery')}</legend>
              {providersQuery.isPending ? (
                <Spinner />
              ) : providersQuery.isError ? (
                <div className="notice notice--error" role="alert">
                  <p>{t('checkout.providersError')}</p>
                  <button type="button" className="button" onClick={() => void providersQuery.refetch()}>
                    {t('app:retry')}
                  </button>
                </div>
              ) : (
                <>
                  <div className={`field${err('delivery.country') ? ' has-error' : ''}`}>
                    <label htmlFor={idOf('delivery.country')}>
                      {t('checkout.country')} <span aria-hidden="true">*</span>
                    </label>
                    <select
                      id={idOf('delivery.country')}
                      value={draft.delivery.country}
                      required
                      aria-invalid={err('delivery.country') ? true : undefined}
                      aria-describedby={err('delivery.country') ? errorIdOf(idOf('delivery.country')) : undefined}
                      onChange={(e) => chooseCountry(e.target.value)}
                    >
                      <option value="">{t('checkout.chooseCountry')}</option>
                      {Object.entries(countries).map(([code, label]) => (
                        <option key={code} value={code}>
                          {label}
                        </option>
                      ))}
                    </select>
                    {err('delivery.country') && (
                      <p id={errorIdOf(idOf('delivery.country'))} className="field__error">
                        {err('delivery.country')}
                      </p>
                    )}
                  </div>

                  <fieldset
                    id={idOf('order.delivery_provider')}
                    className={`provider-list${providerError ? ' has-error' : ''}`}
                    aria-describedby={providerError ? errorIdOf(idOf('order.delivery_provider')) : undefined}
                  >
                    <legend>
                      {t('checkout.provider')} <span aria-hidden="true">*</span>
                    </legend>
                    {providers.length === 0 && <p className="muted">{t('checkout.noProviders')}</p>}
                    {providers.map((p) => (
                      <label key={p.id} className="provider-option">
                        <input
                          type="radio"
                          name="delivery_provider"
                          value={p.id}
                          checked={draft.order.delivery_provider === p.id}
                          aria-invalid={providerError ? true : undefined}
                          aria-describedby={`provider-desc-${p.id}`}
                          onChange={() => chooseProvider(p.id)}
                        />
                        <span className="provider-option__text">
                          <span className="provider-option__name">
                            {p.name} <span className="provider-option__fee">{formatEuro(p.feeCents, lang)}</span>
                          </span>
                          <span id={`provider-desc-${p.id}`} className="muted provider-option__desc">
                            {p.desc}
                          </span>
                        </span>
                      </label>
                    ))}
                    {providerError && (
                      <p id={errorIdOf(idOf('order.delivery_provider'))} className="field__error" role="alert">
                        {providerError}
                      </p>
                    )}
                  </fieldset>

                  {provider?.inputType === 'select' && (
                    <LocationPicker
                      key={provider.id}
                      provider={provider}
                      selectId={idOf('order.delivery_option')}
                      value={draft.order.delivery_option}
                      onChange={(v) => setField('order', 'delivery_option', v)}
                      error={err('order.delivery_option')}
                      errorId={errorIdOf(idOf('order.delivery_option'))}
                    />
                  )}
                  {provider?.inputType === 'Address' && (
                    <div className="checkout-form__grid">
                      {text('delivery', 'street', t('checkout.street'), { required: true, autoComplete: 'address-line1' })}
                      {text('delivery', 'apartment', t('checkout.apartment'), { autoComplete: 'address-line2' })}
                      {text('delivery', 'city', t('checkout.city'), { required: true, autoComplete: 'address-level2' })}
                      {text('delivery', 'state', t('checkout.state'), { required: true, autoComplete: 'address-level1' })}
                      {text('delivery', 'area_code', t('checkout.areaCode'), { required: true, autoComplete: 'postal-code' })}
                    </div>
                  )}
                </>
              )}
            </fieldset>

            <fieldset className="checkout-form__section">
              <legend>{t('checkout.additional')}</legend>
              {text('order', 'delivery_user_comment', t('checkout.comment'), { multiline: true })}
              <div className={`checkbox-field${err('order.accept_terms') ? ' has-error' : ''}`}>
                <input
                  id={idOf('order.accept_terms')}
                  type="checkbox"
                  checked={terms}
                  aria-invalid={err('order.accept_terms') ? true : undefined}
                  aria-describedby={err('order.accept_terms') ? errorIdOf(idOf('order.accept_terms')) : undefined}
                  onChange={(e) => {
                    setTerms(e.target.checked);
                    if (errors['order.accept_terms']) setErrors(({ 'order.accept_terms': _, ...rest }) => rest);
                  }}
                />
                <label htmlFor={idOf('order.accept_terms')}>
                  {t('checkout.acceptTerms')} <Link to={to('/muugitingimused')}>{t('checkout.termsLink')}</Link>
                  <span aria-hidden="true"> *</span>
                </label>
                {err('order.accept_terms') && (
                  <p id={errorIdOf(idOf('order.accept_terms'))} className="field__error">
                    {err('order.accept_terms')}
                  </p>
                )}
              </div>
            </fieldset>

            <div className="checkout-form__actions">
              <button type="submit" className="button button--primary" disabled={placing}>
                {t('checkout.placeOrder')}
              </button>
              {placing && <Spinner label={t('checkout.placing')} />}
              {placing && (
                <p className="checkout-form__placing" aria-hidden="true">
                  {t('checkout.placing')}
                </p>
              )}
            </div>
          </form>

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
        </div>
      )}
    </section>
  );
}
