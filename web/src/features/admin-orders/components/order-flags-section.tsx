/**
 * OrderEdit's flags section (spec 4 paid and filled): when the order was paid and filled, the toggles (orders.edit;
 * each its own call, un-filling asks first because the shipped stock returns to the order) and the payment
 * attempts. A toggle leaves the form's edits alone.
 */
import { CheckCircle2, Circle, PackageCheck, Undo2 } from 'lucide-react';
import { useTranslation } from '../../../lib/translation';
import type { AdminOrder } from '../../../../../api/contracts/admin-orders';
import { showToast } from '../../../components/feedback/toasts';
import { apiErrorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import type { Language } from '../../../lib/language';
import { type OrderFlag, useSetOrderFlag } from '../api/set-order-flags';

export function OrderFlagsSection({ order, canEdit, lang }: { order: AdminOrder; canEdit: boolean; lang: Language }) {
  const { t } = useTranslation('cms');
  const flags = useSetOrderFlag(order.id);

  const toggle = async (flag: OrderFlag, value: boolean) => {
    if (flag === 'filled' && !value && !window.confirm(t('orderEdit.flags.unfillConfirm', { number: order.number }))) return;
    try {
      await flags.mutateAsync({ flag, value });
      showToast('success', t(`orderEdit.flags.done.${flag}${value ? 'On' : 'Off'}`));
    } catch (error) {
      showToast('error', apiErrorText(error));
    }
  };

  return (
    <section className="staff-panel order-edit__flags" aria-labelledby="order-flags-title">
      <h2 id="order-flags-title">{t('orderEdit.flags.title')}</h2>
      <dl className="staff-facts">
        <dt>{t('orderEdit.flags.paid')}</dt>
        <dd>{order.paid ? t('orderEdit.flags.paidAt', { time: formatDate(order.paidAt, lang, true) }) : t('orderList.paidNo')}</dd>
        <dt>{t('orderEdit.flags.filled')}</dt>
        <dd>{order.filled ? t('orderEdit.flags.filledAt', { time: formatDate(order.filledAt, lang, true) }) : t('orderList.filledNo')}</dd>
      </dl>
      {canEdit ? (
        <div className="order-edit__flag-buttons">
          <button type="button" className="button" disabled={flags.isPending} onClick={() => void toggle('paid', !order.paid)} aria-pressed={order.paid}>
            {order.paid ? <Circle size={14} aria-hidden="true" /> : <CheckCircle2 size={14} aria-hidden="true" />}
            {order.paid ? t('orderEdit.flags.markUnpaid') : t('orderEdit.flags.markPaid')}
          </button>
          <button type="button" className="button" disabled={flags.isPending} onClick={() => void toggle('filled', !order.filled)} aria-pressed={order.filled}>
            {order.filled ? <Undo2 size={14} aria-hidden="true" /> : <PackageCheck size={14} aria-hidden="true" />}
            {order.filled ? t('orderEdit.flags.markUnfilled') : t('orderEdit.flags.markFilled')}
          </button>
        </div>
      ) : null}
      {order.payments.length ? (
        <>
          <h3 className="order-edit__h3">{t('orderEdit.payments.title')}</h3>
          <ul className="order-edit__payments">
            {order.payments.map((p) => (
              <li key={p.attempt}>
                {p.methodId} <span className="muted">{formatDate(p.startedAt, lang, true)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
