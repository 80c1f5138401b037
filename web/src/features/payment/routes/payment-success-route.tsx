/**
 * /payment-success (spec 2): the message that the payment succeeded, with a button back to the shop. The bank's
 * return (GET|POST /payment-return/{providerId}/{token}) sends the shopper here once the payment is verified, naming
 * the order by its public token (`?order=`): the page then shows the order number and a link to the order's page
 * /payment/{token}. Without a token (an old link) or while the order loads, the message alone.
 * Loaded as its own chunk; not indexed.
 */
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { PageMeta } from '../../../components/page-meta';
import { useRouteLanguage } from '../../../lib/language';
import { usePayment } from '../api/get-payment';
import '../../../styles/order-pages.css';

/** Public tokens are URL-safe ids; anything else is not asked for. */
const TOKEN = /^[\w-]{1,64}$/;

export function PaymentSuccessRoute() {
  const { t } = useTranslation('shop');
  const { to } = useRouteLanguage();
  const [searchParams] = useSearchParams();
  const given = searchParams.get('order') ?? '';
  const token = TOKEN.test(given) ? given : '';
  return (
    <section className="status-page payment-success" aria-labelledby="payment-success-title">
      <PageMeta title={t('payment.successTitle')} noindex />
      <h1 id="payment-success-title">{t('payment.successTitle')}</h1>
      {token && <PaidOrder token={token} />}
      <p>{t('payment.successMessage')}</p>
      <Link className="button button--primary" to={to('/')}>
        {t('payment.backToShop')}
      </Link>
    </section>
  );
}

/** The paid order's number and the link to its page; nothing while it loads or when the token names no order. */
function PaidOrder({ token }: { token: string }) {
  const { t } = useTranslation('shop');
  const { lang, to } = useRouteLanguage();
  const payment = usePayment(token, lang, undefined);
  const order = payment.data?.order;
  if (!order) return null;
  return (
    <p className="payment-success__order">
      <strong>{t('payment.orderNumber', { number: order.number })}</strong>{' '}
      <Link to={to(`/payment/${encodeURIComponent(token)}`)}>{t('payment.viewOrder')}</Link>
    </p>
  );
}
