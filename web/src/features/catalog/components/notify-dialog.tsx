/**
 * Notify-me-when-back-in-stock dialog (spec 2 "Other screens", spec 4 "Notify dialog", spec 5 "Other rules"):
 * opens from the out-of-stock button, closes on success or cancel. The Notify me button is disabled while the
 * e-mail field is empty; an address that does not look like name@host.tld (or has spaces) shows 'Please enter a
 * valid email address'. POST /v1/stock-notification; success shows 'We will notify you when the product is back in
 * stock.'; a product that is in stock meanwhile is answered at once (the server's 409
 * `stock_notification.in_stock`, 'The product is in stock and can be ordered now...' in the page's language): an
 * info flash, and the dialog closes; another failure (e.g. 'Notification already submitted') shows the server's
 * message as an error flash.
 * Built on the native <dialog> (focus trap, Escape, inert background come from the browser).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { showToast } from '../../../components/feedback/toasts';
import { ApiError, postJson, withQuery } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { useSite } from '../../../lib/site/get-site';

/** Spec 5: something@host.tld with no spaces. */
export const NOTIFY_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function NotifyDialog({ productId, productName, open, onClose }: { productId: string; productName: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shop');
  const { lang } = useRouteLanguage();
  const contactEmail = useSite(lang).data?.globalFields.email ?? '';
  const ref = useRef<HTMLDialogElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const errorId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setError(null);
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!NOTIFY_EMAIL.test(value)) {
      setError(t('notify.invalidEmail'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await postJson(withQuery('/v1/stock-notification', { lang }), { user_email: value, product_id: productId, quantity: 1 });
      showToast('success', t('notify.success'));
      setEmail('');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'stock_notification.in_stock') {
        showToast('info', err.message);
        setEmail('');
        onClose();
        return;
      }
      const text = err instanceof ApiError && err.status > 0 && err.message && !err.message.startsWith('HTTP ') ? err.message : t('notify.failed', { email: contactEmail });
      setError(text);
      showToast('error', text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <h2 id={titleId}>{t('notify.title')}</h2>
        <p>{t('notify.intro', { name: productName })}</p>
        <label className="field">
          <span>{t('notify.email')}</span>
          <input
            type="email"
            name="user_email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            required
          />
        </label>
        {error && (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('notify.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={email.trim() === '' || busy}>
            {t('notify.submit')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
