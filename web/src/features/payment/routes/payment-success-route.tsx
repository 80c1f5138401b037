/**
 * /payment-success (spec 2): the message that the payment succeeded, with a button back to the shop. The bank's
 * return (GET|POST /payment-return/{providerId}/{token}) sends the shopper here once the payment is verified.
 * Loaded as its own chunk; not indexed.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/page-meta';
import { useRouteLanguage } from '../../../lib/language';
import '../../../styles/order-pages.css';

export function PaymentSuccessRoute() {
  const { t } = useTranslation('shop');
  const { to } = useRouteLanguage();
  return (
    <section className="status-page payment-success" aria-labelledby="payment-success-title">
      <PageMeta title={t('payment.successTitle')} noindex />
      <h1 id="payment-success-title">{t('payment.successTitle')}</h1>
      <p>{t('payment.successMessage')}</p>
      <Link className="button button--primary" to={to('/')}>
        {t('payment.backToShop')}
      </Link>
    </section>
  );
}
