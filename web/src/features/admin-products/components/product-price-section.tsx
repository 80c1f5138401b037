/**
 * ProductEdit's price and availability section (spec 3 "Product", spec 4 availability, spec 5 prices): the gross
 * price in euros (typed with a comma or a dot, kept as euro cents) with the net price beside it at the product's VAT
 * rate; availability with spec 4's back-office labels and the delivery days; the critical stock level; big product.
 */
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { AVAILABILITY_POLICY_VALUES } from '../../../../../api/contracts/admin-products';
import { TextField } from '../../../components/staff/text-field';
import { formatEuro } from '../../../lib/format';
import type { Language } from '../../../lib/language';
import { centsFromText, netOf, numberOrNull, type ProductFormApi, textFromCents } from '../utils/product-form';

/** `vatRate`: the product's VAT rate in percent (the net price's). */
export function ProductPriceSection({ form, vatRate, lang }: { form: ProductFormApi; vatRate: number; lang: Language }) {
  const { t } = useTranslation('cms');
  const { errors } = form.formState;
  const gross = form.watch('grossCents');
  const policy = form.watch('policy');
  return (
    <div className="staff-panel">
      <div className="staff-form__row">
        <Controller
          control={form.control}
          name="grossCents"
          render={({ field }) => <PriceField value={field.value} onChange={field.onChange} onBlur={field.onBlur} lang={lang} error={errors.grossCents?.message} />}
        />
        <div className="staff-field">
          <span className="product-edit__label">{t('productEdit.price.net', { rate: vatRate })}</span>
          <output className="product-edit__net" htmlFor="product-price" aria-live="polite">
            {typeof gross === 'number' && Number.isFinite(gross) ? formatEuro(netOf(gross, vatRate), lang) : '—'}
          </output>
        </div>
      </div>
      <div className="staff-form__row">
        <div className="staff-field">
          <label htmlFor="product-policy">{t('productEdit.availability.title')}</label>
          <select id="product-policy" {...form.register('policy')}>
            {AVAILABILITY_POLICY_VALUES.map((p) => (
              <option key={p} value={p}>
                {t(`productEdit.availability.${p}`)}
              </option>
            ))}
          </select>
        </div>
        {policy !== 'non_stock' ? (
          <TextField
            id="product-delivery-days"
            type="number"
            min={1}
            max={365}
            inputMode="numeric"
            label={t('productEdit.deliveryDays')}
            hint={t('productEdit.deliveryDaysHint')}
            registration={form.register('deliveryDays', { setValueAs: numberOrNull })}
            error={errors.deliveryDays?.message}
          />
        ) : null}
      </div>
      <div className="staff-form__row">
        <TextField
          id="product-critical-stock"
          type="number"
          min={0}
          inputMode="numeric"
          label={t('productEdit.criticalStockLevel')}
          hint={t('productEdit.criticalStockLevelHint')}
          registration={form.register('criticalStockLevel', { setValueAs: numberOrNull })}
          error={errors.criticalStockLevel?.message}
        />
        <label className="staff-check product-edit__check">
          <input type="checkbox" {...form.register('bigProduct')} />
          <span>{t('productEdit.bigProduct')}</span>
        </label>
      </div>
      <div className="staff-form__row">
        <TextField
          id="product-lead-time"
          type="number"
          min={1}
          max={365}
          inputMode="numeric"
          label={t('productEdit.leadTimeDays')}
          hint={t('productEdit.leadTimeDaysHint')}
          registration={form.register('leadTimeDays', { setValueAs: numberOrNull })}
          error={errors.leadTimeDays?.message}
        />
        <TextField
          id="product-pack-size"
          type="number"
          min={1}
          max={100000}
          inputMode="numeric"
          label={t('productEdit.packSize')}
          hint={t('productEdit.packSizeHint')}
          registration={form.register('packSize', { setValueAs: numberOrNull })}
          error={errors.packSize?.message}
        />
      </div>
    </div>
  );
}

/** The gross price in euros as typed (comma or dot), kept in the form as euro cents. */
function PriceField({ value, onChange, onBlur, lang, error }: { value: number | null; onChange: (v: number | null) => void; onBlur: () => void; lang: Language; error?: string }) {
  const { t } = useTranslation('cms');
  const [text, setText] = useState(() => textFromCents(value, lang));
  useEffect(() => {
    // A reset from outside (after a save) shows the saved price.
    setText((current) => (centsFromText(current) === value || (Number.isNaN(centsFromText(current) as number) && Number.isNaN(value as number)) ? current : textFromCents(value, lang)));
  }, [value, lang]);
  return (
    <div className="staff-field">
      <label htmlFor="product-price">{t('productEdit.price.gross')}</label>
      <input
        id="product-price"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(centsFromText(e.target.value));
        }}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'product-price-error' : 'product-price-hint'}
      />
      <p id="product-price-hint" className="staff-field__hint">
        {t('productEdit.price.hint')}
      </p>
      {error ? (
        <p id="product-price-error" className="staff-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

