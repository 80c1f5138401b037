/**
 * The order confirmation and payment page, /payment/:token (spec 2; spec 4 "Payment page"; spec 7 GET|PUT
 * /v1/payment/{token}, GET /order/download/{token}).
 *
 * Shows the order passed in the router state by checkout (`{ order, paymentMethods }`), or fetches it ('Fetching
 * order information'; not found: "We couldn't find the requested order."). Header 'Order #{number}' plus ' - paid'
 * when paid, the message 'Your order has been placed.', the order summary and a download link of the order summary
 * PDF. An unpaid order lists its payment methods (logo and name); choosing one PUTs `{ method, name, country }` and
 * sends the browser to the answer's `data.url` (window.location.assign). Loaded as its own chunk; not indexed.
 *
 * A browser return the server refused or the provider failed or cancelled lands here with
 * `?payment-error=rejected|failed|cancelled|amount_mismatch`; the page shows that message (an alert above the
 * payment methods) in the route's language, unless the order is paid meanwhile. An unknown code shows nothing; on
 * the not-found page (`/payment/unknown`) the message is shown under "We couldn't find the requested order.".
 * A refunded order says so ('The payment has been refunded.', or the amount of a partial refund).
 * Live payment page: while the order is unpaid the page watches it over the websocket (api/use-live-payment.ts), so
 * ' - paid' shows as soon as the payment is recorded; asking every 5 s is the fallback while the socket is down.
 */
import { useEffect, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import type { OrderWithPaymentMethods, PaymentMethodView } from '../../../../../api/contracts/orders';
import { showToast } from '../../../components/feedback/toasts';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { isNotFound } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { useRouteLanguage } from '../../../lib/language';
import { usePayment } from '../api/get-payment';
import { useLivePayment } from '../api/use-live-payment';
import { startPayment } from '../api/start-payment';
import { OrderSummary } from '../components/order-summary';
import '../../../styles/order-pages.css';

/** Display time of a failed payment start in milliseconds (spec 9: checkout errors 6 s). */
export const PAYMENT_ERROR_MS = 6000;

/** The codes of `?payment-error=` (api/routes/orders/callbacks.ts PaymentErrorCode) and their text keys. */
const PAYMENT_ERRORS = {
  rejected: 'payment.errors.rejected',
  failed: 'payment.errors.failed',
  cancelled: 'payment.errors.cancelled',
  amount_mismatch: 'payment.errors.amountMismatch',
} as const;

/** The text key of a `?payment-error=` code, null for none or an unknown code. */
export function paymentErrorKey(code: string | null): (typeof PAYMENT_ERRORS)[keyof typeof PAYMENT_ERRORS] | null {
  return code !== null && Object.hasOwn(PAYMENT_ERRORS, code) ? PAYMENT_ERRORS[code as keyof typeof PAYMENT_ERRORS] : null;
}

function passedState(state: unknown, token: string): OrderWithPaymentMethods | undefined {
  const s = state as Partial<OrderWithPaymentMethods> | null;
  return s?.order && s.order.public_token === token && Array.isArray(s.paymentMethods) ? (s as OrderWithPaymentMethods) : undefined;
}

export function PaymentRoute() {
  const { token = '' } = useParams();
  const { t } = useTranslation(['shop', 'app']);
  const { lang } = useRouteLanguage();
  const location = useLocation();
  const initial = passedState(location.state, token);
  // Live payment page: 'paid' arrives over the websocket while the order is unpaid; the 5 s ask is the fallback.
  const [unpaid, setUnpaid] = useState(initial ? !initial.order.isPaid : true);
  const live = useLivePayment(token, unpaid);
  const payment = usePayment(token, lang, initial, live);
  const paidNow = payment.data?.order.isPaid;
  useEffect(() => {
    if (paidNow !== undefined) setUnpaid(!paidNow);
  }, [paidNow]);
  const [starting, setStarting] = useState<string | null>(null);
  const [searchParams] = useSearchParams();
  const errorKey = paymentErrorKey(searchParams.get('payment-error'));

  if (payment.isPending) {
    return (
      <section className="payment-page" aria-busy="true">
        <PageMeta title={t('payment.fetching')} noindex />
        <p className="payment-page__fetching">{t('payment.fetching')}</p>
        <Spinner label={t('payment.fetching')} />
      </section>
    );
  }
  if (payment.isError) {
    if (isNotFound(payment.error)) {
      return <NotFound title={t('payment.notFoundTitle')} message={errorKey ? `${t('payment.notFound')} ${t(errorKey)}` : t('payment.notFound')} />;
    }
    return (
      <div className="notice notice--error" role="alert">
        <p>{t('payment.loadError')}</p>
        <button type="button" className="button" onClick={() => void payment.refetch()}>
          {t('app:retry')}
        </button>
      </div>
    );
  }

  const { order, paymentMethods } = payment.data;
  const heading = `${t('payment.orderNumber', { number: order.number })}${order.isPaid ? t('payment.paidSuffix') : ''}`;
  const choose = async (method: PaymentMethodView) => {
    setStarting(method.id);
    try {
      window.location.assign(await startPayment(method, lang));
    } catch (error) {
      setStarting(null);
      showToast('error', (error as Error).message, PAYMENT_ERROR_MS);
      void payment.refetch();
    }
  };

  return (
    <section className="payment-page" aria-labelledby="payment-title">
      <PageMeta title={heading} noindex />
      <h1 id="payment-title">{heading}</h1>
      {errorKey && !order.isPaid && (
        <p className="notice notice--error payment-page__error" role="alert">
          {t(errorKey)}
        </p>
      )}
      <p className="notice payment-page__placed">{t('payment.placed')}</p>
      {order.status === 'refunded' && <p className="notice payment-page__refund">{t('payment.refunded')}</p>}
      {order.status === 'partially_refunded' && (
        <p className="notice payment-page__refund">{t('payment.partiallyRefunded', { amount: formatEuro(order.refunded_cents, lang) })}</p>
      )}

      <OrderSummary order={order} lang={lang} />

      <p>
        <a className="button" href={`/order/download/${encodeURIComponent(order.public_token)}`} download>
          {t('payment.download')}
        </a>
      </p>

      {order.status === 'expired' && <p className="notice notice--warning">{t('payment.expired')}</p>}
      {!order.isPaid && order.status === 'unpaid' && paymentMethods.length > 0 && (
        <section className="payment-methods" aria-labelledby="payment-methods-title" aria-busy={starting !== null}>
          <h2 id="payment-methods-title">{t('payment.chooseMethod')}</h2>
          <ul className="payment-methods__list">
            {paymentMethods.map((m) => (
              <li key={m.id}>
                <button type="button" className="payment-method" disabled={starting !== null} onClick={() => void choose(m)}>
                  {m.logo_url && <img src={m.logo_url} alt="" width={120} height={40} />}
                  <span className="payment-method__name">{m.name}</span>
                </button>
              </li>
            ))}
          </ul>
          {starting && <Spinner label={t('payment.redirecting')} />}
        </section>
      )}
    </section>
  );
}
