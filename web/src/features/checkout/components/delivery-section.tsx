/**
 * The Delivery part of checkout (spec 5 "Checkout", spec 7 GET /v1/delivery-provider): the country, the providers of
 * that country with their fee, then the chosen provider's input: a parcel machine / post office from a filterable
 * list (inputType select) or a courier address (inputType Address). With a big product in the cart the providers
 * without big products show as unavailable, with the reason, before one is chosen.
 */
import { useTranslation } from '../../../lib/translation';
import { Spinner } from '../../../components/spinner';
import { formatEuro } from '../../../lib/format';
import type { Language } from '../../../lib/language';
import { type CheckoutForm, idOf } from '../hooks/use-checkout-form';
import type { DeliveryChoice } from '../hooks/use-delivery-choice';
import { DraftField } from './draft-field';
import { LocationPicker } from './location-picker';
import { errorIdOf } from './text-field';

/**
 * `cartHasBigProduct`: a provider without big products (the parcel machines) is shown unavailable, with the spec's
 * reason, before it is chosen (spec 5 "Checkout"); one chosen earlier (a remembered draft) stays
 * selectable so its 'tooBig' error can be seen and changed.
 */
export function DeliverySection({ form, delivery, lang, cartHasBigProduct }: { form: CheckoutForm; delivery: DeliveryChoice; lang: Language; cartHasBigProduct: boolean }) {
  const { t } = useTranslation('shop');
  const { draft, err } = form;
  const { providersQuery, providers, provider, chooseCountry, chooseProvider } = delivery;
  const providerError = err('order.delivery_provider');
  const countryError = err('delivery.country');
  const countries = providersQuery.data?.deliveryCountries ?? {};
  return (
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
          <div className={`field${countryError ? ' has-error' : ''}`}>
            <label htmlFor={idOf('delivery.country')}>
              {t('checkout.country')} <span aria-hidden="true">*</span>
            </label>
            <select
              id={idOf('delivery.country')}
              value={draft.delivery.country}
              required
              aria-invalid={countryError ? true : undefined}
              aria-describedby={countryError ? errorIdOf(idOf('delivery.country')) : undefined}
              onChange={(e) => chooseCountry(e.target.value)}
            >
              <option value="">{t('checkout.chooseCountry')}</option>
              {Object.entries(countries).map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </select>
            {countryError && (
              <p id={errorIdOf(idOf('delivery.country'))} className="field__error">
                {countryError}
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
            {providers.map((p) => {
              const checked = draft.order.delivery_provider === p.id;
              const unavailable = cartHasBigProduct && !p.big_product;
              return (
                <label key={p.id} className={`provider-option${unavailable ? ' provider-option--unavailable' : ''}`}>
                  <input
                    type="radio"
                    name="delivery_provider"
                    value={p.id}
                    checked={checked}
                    disabled={unavailable && !checked}
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
                      {unavailable && (
                        <>
                          {' '}
                          <strong className="provider-option__unavailable">{t('checkout.providerTooBig')}</strong>
                        </>
                      )}
                    </span>
                  </span>
                </label>
              );
            })}
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
              onChange={(v) => form.setField('order', 'delivery_option', v)}
              error={err('order.delivery_option')}
              errorId={errorIdOf(idOf('order.delivery_option'))}
            />
          )}
          {provider?.inputType === 'Address' && (
            <div className="checkout-form__grid">
              <DraftField form={form} group="delivery" name="street" label={t('checkout.street')} required autoComplete="address-line1" />
              <DraftField form={form} group="delivery" name="apartment" label={t('checkout.apartment')} autoComplete="address-line2" />
              <DraftField form={form} group="delivery" name="city" label={t('checkout.city')} required autoComplete="address-level2" />
              <DraftField form={form} group="delivery" name="state" label={t('checkout.state')} required autoComplete="address-level1" />
              <DraftField form={form} group="delivery" name="area_code" label={t('checkout.areaCode')} required autoComplete="postal-code" />
            </div>
          )}
        </>
      )}
    </fieldset>
  );
}
