/**
 * The Client part of checkout (spec 5 "Checkout"): private (first and last name) or business (business name, short
 * contact address, optional VAT number), then e-mail and phone.
 */
import { useTranslation } from '../../../lib/translation';
import type { CheckoutForm } from '../hooks/use-checkout-form';
import { DraftField } from './draft-field';

export function ClientSection({ form }: { form: CheckoutForm }) {
  const { t } = useTranslation('shop');
  const business = form.draft.client.client_type === 'business';
  return (
    <fieldset className="checkout-form__section">
      <legend>{t('checkout.client')}</legend>
      <div className="choice-group" role="radiogroup" aria-label={t('checkout.clientType')}>
        {(['private', 'business'] as const).map((type) => (
          <label key={type} className="choice">
            <input
              type="radio"
              name="client_type"
              value={type}
              checked={form.draft.client.client_type === type}
              onChange={() => form.setField('client', 'client_type', type)}
            />
            {t(type === 'private' ? 'checkout.private' : 'checkout.business')}
          </label>
        ))}
      </div>
      <div className="checkout-form__grid">
        {business ? (
          <>
            <DraftField form={form} group="client" name="business_name" label={t('checkout.businessName')} required autoComplete="organization" />
            <DraftField form={form} group="order" name="short_contact_address" label={t('checkout.shortContactAddress')} required autoComplete="street-address" />
            <DraftField form={form} group="client" name="vat_reg_nr" label={t('checkout.vatRegNr')} />
          </>
        ) : (
          <>
            <DraftField form={form} group="client" name="first_name" label={t('checkout.firstName')} required autoComplete="given-name" />
            <DraftField form={form} group="client" name="last_name" label={t('checkout.lastName')} required autoComplete="family-name" />
          </>
        )}
        <DraftField form={form} group="client" name="email" label={t('checkout.email')} required type="email" autoComplete="email" />
        <DraftField form={form} group="client" name="phone" label={t('checkout.phone')} required type="tel" autoComplete="tel" />
      </div>
    </fieldset>
  );
}
