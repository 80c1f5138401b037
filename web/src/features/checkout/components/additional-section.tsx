/** The last part of checkout (spec 5 "Checkout"): the comment, and the terms of sale (/muugitingimused) to accept. */
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { useRouteLanguage } from '../../../lib/language';
import { type CheckoutForm, idOf } from '../hooks/use-checkout-form';
import { DraftField } from './draft-field';
import { errorIdOf } from './text-field';

export function AdditionalSection({ form }: { form: CheckoutForm }) {
  const { t } = useTranslation('shop');
  const { to } = useRouteLanguage();
  const termsError = form.err('order.accept_terms');
  return (
    <fieldset className="checkout-form__section">
      <legend>{t('checkout.additional')}</legend>
      <DraftField form={form} group="order" name="delivery_user_comment" label={t('checkout.comment')} multiline />
      <div className={`checkbox-field${termsError ? ' has-error' : ''}`}>
        <input
          id={idOf('order.accept_terms')}
          type="checkbox"
          checked={form.terms}
          aria-invalid={termsError ? true : undefined}
          aria-describedby={termsError ? errorIdOf(idOf('order.accept_terms')) : undefined}
          onChange={(e) => form.setTerms(e.target.checked)}
        />
        <label htmlFor={idOf('order.accept_terms')}>
          {t('checkout.acceptTerms')} <Link to={to('/muugitingimused')}>{t('checkout.termsLink')}</Link>
          <span aria-hidden="true"> *</span>
        </label>
        {termsError && (
          <p id={errorIdOf(idOf('order.accept_terms'))} className="field__error">
            {termsError}
          </p>
        )}
      </div>
    </fieldset>
  );
}
