/**
 * OrderEdit's rows section (spec 5 "Orders"): the rows (quantity, name, unit price, preview of the line total) of
 * the form's field array; a catalog product added with the staff product picker (a product already on the order
 * gets one more unit instead) or a service row by name; remove a row; the discount and the shop service fee; the
 * api's net total, VAT and total (recomputed by the domain on save: while the form is changed a hint says so).
 * Amounts are typed in euros in the order's price basis (with VAT when the spec 5 VAT rule includes it). A filled
 * order's rows, discount and fee are locked (the api refuses them: mark it not filled first).
 */
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { UseFieldArrayReturn, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import type { AdminOrder } from '../../../../../api/contracts/admin-orders';
import { ProductSearch } from '../../../components/staff/product-picker';
import { formatEuro } from '../../../lib/format';
import type { Language } from '../../../lib/language';
import { fieldErrorAt } from '../../../lib/staff/form-errors';
import { lineTotal, type OrderForm, textFromCents, unitPriceOf } from '../utils/order-form';

interface Props {
  form: UseFormReturn<OrderForm>;
  rows: UseFieldArrayReturn<OrderForm, 'rows'>;
  order: AdminOrder;
  canEdit: boolean;
  lang: Language;
}

export function OrderRowsSection({ form, rows, order, canEdit, lang }: Props) {
  const { t } = useTranslation('cms');
  const ids = { service: useId(), discount: useId(), fee: useId(), picker: useId() };
  const [serviceName, setServiceName] = useState('');
  const values = form.watch();
  const { isDirty } = form.formState;
  const fieldError = (path: string) => fieldErrorAt(form.formState.errors, path);
  const basisNote = order.vatIncluded ? t('orderEdit.rows.withVat') : t('orderEdit.rows.withoutVat');

  const addProduct = (p: { id: string; code1: string; name: string; grossCents?: number | null }) => {
    const at = values.rows.findIndex((r) => r.productId === p.id);
    if (at >= 0) {
      const q = Number(values.rows[at]!.quantity.replace(/\D/g, '')) || 0;
      form.setValue(`rows.${at}.quantity`, String(q + 1), { shouldDirty: true });
      return;
    }
    const price = unitPriceOf(p.grossCents ?? 0, order.vatIncluded, order.vatRatePercent);
    rows.append({ productId: p.id, code: p.code1, name: p.name, unit: '', quantity: '1', priceText: textFromCents(price, lang) });
  };
  const addService = () => {
    rows.append({ productId: null, code: '', name: serviceName.trim(), unit: '', quantity: '1', priceText: textFromCents(0, lang) });
    setServiceName('');
  };

  return (
    <fieldset className="staff-panel order-edit__rows" disabled={!canEdit || order.filled}>
      <legend className="order-edit__legend">{t('orderEdit.rows.title')}</legend>
      <p className="staff-field__hint">{basisNote}</p>
      {order.filled && canEdit ? <p className="staff-alert staff-alert--warning order-edit__filled-note">{t('orderEdit.rows.filledNote')}</p> : null}
      <table className="order-edit__table">
        <thead>
          <tr>
            <th scope="col">{t('orderEdit.rows.quantity')}</th>
            <th scope="col">{t('orderEdit.rows.name')}</th>
            <th scope="col" className="is-end">
              {t('orderEdit.rows.unitPrice')}
            </th>
            <th scope="col" className="is-end">
              {t('orderEdit.rows.total')}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('orderEdit.rows.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.fields.map((field, i) => {
            const row = values.rows[i];
            const total = row ? lineTotal(row) : null;
            const label = row?.name || row?.code || t('orderEdit.rows.serviceRow');
            const nameError = fieldError(`rows.${i}.name`);
            const quantityError = fieldError(`rows.${i}.quantity`);
            const priceError = fieldError(`rows.${i}.priceText`);
            return (
              <tr key={field.id} className="order-edit__row">
                <td className="order-edit__quantity">
                  <input
                    inputMode="numeric"
                    autoComplete="off"
                    aria-label={t('orderEdit.rows.quantityOf', { name: label })}
                    aria-invalid={quantityError ? true : undefined}
                    {...form.register(`rows.${i}.quantity`)}
                  />
                  {row?.unit ? <span className="muted"> {row.unit}</span> : null}
                  {quantityError ? (
                    <p className="staff-field__error" role="alert">
                      {quantityError}
                    </p>
                  ) : null}
                </td>
                <td className="order-edit__name">
                  {row?.productId ? <span className="order-edit__code">{row.code}</span> : <span className="staff-state order-edit__service">{t('orderEdit.rows.service')}</span>}
                  <input autoComplete="off" aria-label={t('orderEdit.rows.nameOf', { index: i + 1 })} aria-invalid={nameError ? true : undefined} {...form.register(`rows.${i}.name`)} />
                  {nameError ? (
                    <p className="staff-field__error" role="alert">
                      {nameError}
                    </p>
                  ) : null}
                </td>
                <td className="is-end order-edit__price">
                  <input inputMode="decimal" autoComplete="off" aria-label={t('orderEdit.rows.unitPriceOf', { name: label })} aria-invalid={priceError ? true : undefined} {...form.register(`rows.${i}.priceText`)} />
                  {priceError ? (
                    <p className="staff-field__error" role="alert">
                      {priceError}
                    </p>
                  ) : null}
                </td>
                <td className="is-end order-edit__line-total">{total === null ? '—' : formatEuro(total, lang)}</td>
                <td className="order-edit__row-actions">
                  <button type="button" className="icon-button" onClick={() => rows.remove(i)} aria-label={t('orderEdit.rows.remove', { name: label })} title={t('orderEdit.rows.remove', { name: label })}>
                    <Trash2 size={16} aria-hidden="true" />
                  </button>
                </td>
              </tr>
            );
          })}
          {rows.fields.length === 0 ? (
            <tr>
              <td colSpan={5} className="muted">
                {t('orderEdit.rows.none')}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {fieldError('rows') ? (
        <p className="staff-field__error" role="alert">
          {fieldError('rows')}
        </p>
      ) : null}

      {canEdit && !order.filled ? (
        <div className="order-edit__add">
          <ProductSearch id={ids.picker} label={t('orderEdit.rows.addProduct')} onPick={addProduct} />
          <div className="staff-field order-edit__service-add">
            <label htmlFor={ids.service}>{t('orderEdit.rows.addServiceLabel')}</label>
            <div className="order-edit__inline">
              <input
                id={ids.service}
                autoComplete="off"
                value={serviceName}
                maxLength={255}
                onChange={(e) => setServiceName(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addService();
                  }
                }}
              />
              <button type="button" className="button" onClick={addService}>
                <Plus size={14} aria-hidden="true" />
                {t('orderEdit.rows.addService')}
              </button>
            </div>
          </div>
        </div>
      ) : null}

      <div className="order-edit__amounts">
        <div className="staff-field">
          <label htmlFor={ids.discount}>{t('orderEdit.discount')}</label>
          <input id={ids.discount} inputMode="decimal" autoComplete="off" aria-invalid={fieldError('discountText') ? true : undefined} {...form.register('discountText')} />
          {fieldError('discountText') ? (
            <p className="staff-field__error" role="alert">
              {fieldError('discountText')}
            </p>
          ) : null}
        </div>
        <div className="staff-field">
          <label htmlFor={ids.fee}>{t('orderEdit.serviceFee')}</label>
          <input id={ids.fee} inputMode="decimal" autoComplete="off" aria-invalid={fieldError('feeText') ? true : undefined} {...form.register('feeText')} />
          {fieldError('feeText') ? (
            <p className="staff-field__error" role="alert">
              {fieldError('feeText')}
            </p>
          ) : null}
        </div>
        <dl className="order-edit__totals" aria-live="polite">
          <dt>{t('orderEdit.totals.net')}</dt>
          <dd>{formatEuro(order.netTotalCents, lang)}</dd>
          <dt>{t('orderEdit.totals.vat', { rate: order.vatIncluded || order.vatCents > 0 ? order.vatRatePercent : 0 })}</dt>
          <dd>{formatEuro(order.vatCents, lang)}</dd>
          <dt className="order-edit__grand">{t('orderEdit.totals.total')}</dt>
          <dd className="order-edit__grand">{formatEuro(order.totalCents, lang)}</dd>
        </dl>
        {isDirty ? <p className="staff-field__hint order-edit__recompute">{t('orderEdit.totals.recomputed')}</p> : null}
      </div>
    </fieldset>
  );
}
