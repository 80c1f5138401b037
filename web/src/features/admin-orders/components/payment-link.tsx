/**
 * The shopper's payment page of an order for staff ("A staff member can open the shopper's payment page
 * for an order, and copy its link for the client"): 'Open payment page' opens /payment/{publicToken} (in the order's
 * language: /en/payment/... for an English order) in a new tab; 'Copy link' puts its absolute URL on the clipboard
 * (navigator.clipboard; where it is missing or refused, a hidden textarea and document.execCommand('copy'); where
 * that fails too, the link is shown selected for copying by hand).
 */
import { Copy, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { AdminOrder } from '../../../../../api/contracts/admin-orders';
import { showToast } from '../../../components/feedback/toasts';

/** The path of the order's payment page in its language. */
export const paymentPath = (order: Pick<AdminOrder, 'publicToken' | 'language'>) => `${order.language === 'en-US' ? '/en' : ''}/payment/${encodeURIComponent(order.publicToken)}`;

/** Copies `text`; true when it reached the clipboard. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (permissions, focus): try the old way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

export function PaymentLink({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('cms');
  const [manual, setManual] = useState(false);
  const inputId = useId();
  const url = `${window.location.origin}${paymentPath(order)}`;
  return (
    <section className="staff-panel order-payment-link" aria-labelledby="order-payment-link-title">
      <h2 id="order-payment-link-title">{t('orderEdit.paymentPage.title')}</h2>
      <div className="order-payment-link__actions">
        <a className="button" href={paymentPath(order)} target="_blank" rel="noopener">
          <ExternalLink size={14} aria-hidden="true" />
          {t('orderEdit.paymentPage.open')}
        </a>
        <button
          type="button"
          className="button"
          onClick={() =>
            void copyText(url).then((ok) => {
              if (ok) showToast('success', t('orderEdit.paymentPage.copied'));
              else setManual(true);
            })
          }
        >
          <Copy size={14} aria-hidden="true" />
          {t('orderEdit.paymentPage.copy')}
        </button>
      </div>
      {manual ? (
        <div className="staff-field">
          <label htmlFor={inputId}>{t('orderEdit.paymentPage.manual')}</label>
          <input id={inputId} readOnly value={url} autoFocus onFocus={(e) => e.currentTarget.select()} />
        </div>
      ) : null}
    </section>
  );
}
