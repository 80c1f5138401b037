/**
 * OrderEdit's comments section: the employee comment (internal) and the invoice comment. They stay editable on a
 * filled order.
 */
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import type { OrderForm } from '../utils/order-form';

export function OrderCommentsSection({ form, canEdit }: { form: UseFormReturn<OrderForm>; canEdit: boolean }) {
  const { t } = useTranslation('cms');
  const ids = { employee: useId(), invoice: useId() };
  return (
    <fieldset className="staff-panel order-edit__comments" disabled={!canEdit}>
      <legend className="order-edit__legend">{t('orderEdit.comments.title')}</legend>
      <div className="staff-field">
        <label htmlFor={ids.employee}>{t('orderEdit.comments.employee')}</label>
        <textarea id={ids.employee} rows={3} maxLength={5000} aria-describedby={`${ids.employee}-hint`} {...form.register('employeeComment')} />
        <p id={`${ids.employee}-hint`} className="staff-field__hint">
          {t('orderEdit.comments.employeeHint')}
        </p>
      </div>
      <div className="staff-field">
        <label htmlFor={ids.invoice}>{t('orderEdit.comments.invoice')}</label>
        <textarea id={ids.invoice} rows={3} maxLength={5000} aria-describedby={`${ids.invoice}-hint`} {...form.register('invoiceComment')} />
        <p id={`${ids.invoice}-hint`} className="staff-field__hint">
          {t('orderEdit.comments.invoiceHint')}
        </p>
      </div>
    </fieldset>
  );
}
