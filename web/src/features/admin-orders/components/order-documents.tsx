/**
 * The documents of an order (order documents; spec 4 "Order flags": the prepayment invoice and the invoice can be
 * sent, and resent once already sent, with their timestamps): for each kind its number, the recipient, when it was
 * last sent (or 'Sending…' while the mail waits), a Send / Resend button (orders.edit) and a link to the PDF.
 * Falls back to the order's own timestamps (`prepaymentInvoiceSentAt`, `invoiceSentAt`) while the documents' state
 * is not known.
 */
import { FileText, Send } from 'lucide-react';
import { useTranslation } from '../../../lib/translation';
import type { InvoiceKind, OrderInvoice } from '../../../../../api/contracts/admin-order-documents';
import type { AdminOrder } from '../../../../../api/contracts/admin-orders';
import { showToast } from '../../../components/feedback/toasts';
import { apiErrorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useRouteLanguage } from '../../../lib/language';
import { invoicePdfUrl, useInvoices, useSendInvoice } from '../api/order-invoices';

const KINDS: InvoiceKind[] = ['prepayment', 'invoice'];

export function OrderDocuments({ order, canEdit }: { order: AdminOrder; canEdit: boolean }) {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const invoices = useInvoices(order.id);
  const send = useSendInvoice(order.id);
  const stateOf = (kind: InvoiceKind): OrderInvoice | null => (kind === 'invoice' ? invoices.data?.invoice : invoices.data?.prepayment) ?? null;
  const sentAtOf = (kind: InvoiceKind) => stateOf(kind)?.sentAt ?? (kind === 'invoice' ? order.invoiceSentAt : order.prepaymentInvoiceSentAt);

  const onSend = async (kind: InvoiceKind) => {
    try {
      await send.mutateAsync(kind);
      showToast('success', t('orderEdit.documents.requested', { email: order.client.email }));
    } catch (error) {
      showToast('error', apiErrorText(error));
    }
  };

  return (
    <section className="staff-panel order-documents" aria-labelledby="order-documents-title">
      <h2 id="order-documents-title">{t('orderEdit.documents.title')}</h2>
      <ul className="order-documents__list">
        {KINDS.map((kind) => {
          const state = stateOf(kind);
          const sentAt = sentAtOf(kind);
          const sent = Boolean(sentAt || state);
          return (
            <li key={kind} className="order-documents__item" data-kind={kind}>
              <div className="order-documents__what">
                <strong>{t(`orderEdit.documents.${kind}`)}</strong>
                {state ? <span className="muted"> {t('orderEdit.documents.number', { number: state.number })}</span> : null}
                <p className="order-documents__state muted">
                  {state?.pending ? t('orderEdit.documents.pending', { email: state.recipient }) : sentAt ? t('orderEdit.documents.sentAt', { time: formatDate(sentAt, lang, true) }) : t('orderEdit.documents.notSent')}
                </p>
              </div>
              <div className="order-documents__actions">
                {canEdit ? (
                  <button type="button" className="button" disabled={send.isPending || Boolean(state?.pending)} onClick={() => void onSend(kind)}>
                    <Send size={14} aria-hidden="true" />
                    {sent ? t(`orderEdit.documents.resend.${kind}`) : t(`orderEdit.documents.send.${kind}`)}
                  </button>
                ) : null}
                {state ? (
                  <a className="button" href={invoicePdfUrl(order.id, kind)} target="_blank" rel="noopener">
                    <FileText size={14} aria-hidden="true" />
                    {t(`orderEdit.documents.pdf.${kind}`)}
                  </a>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {invoices.isError ? <p className="staff-field__error">{apiErrorText(invoices.error)}</p> : null}
    </section>
  );
}
