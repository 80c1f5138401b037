/**
 * The order summary of the payment page (spec 3 "Order"; spec 4 "Payment page"): the rows (name, code — none for
 * the postage line, whose postikulu-… code is internal —, quantity,
 * unit price, line total), the delivery (provider and parcel machine / post office, or the courier address), the
 * client, and the totals (net, VAT at its rate, total). Under the VAT rule of spec 5 an order without VAT shows
 * net prices and says so. Money arrives as integer euro cents (`*_cents`).
 */
import { useTranslation } from '../../../lib/translation';
import type { Order } from '../../../../../api/contracts/orders';
import { isPostageCode } from '../../../../../domain/delivery/providers';
import { formatEuro } from '../../../lib/format';
import { formatDate } from '../../../lib/format-date';
import type { Language } from '../../../lib/language';

export function OrderSummary({ order, lang }: { order: Order; lang: Language }) {
  const { t } = useTranslation('shop');
  const a = order.delivery_address;
  const client = order.client_type === 'business' ? order.client.business_name : `${order.client.first_name} ${order.client.last_name}`.trim();
  return (
    <div className="order-summary">
      <table className="order-summary__rows">
        <caption className="visually-hidden">{t('payment.rows')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('payment.product')}</th>
            <th scope="col" className="num">
              {t('payment.quantity')}
            </th>
            <th scope="col" className="num">
              {t('payment.unitPrice')}
            </th>
            <th scope="col" className="num">
              {t('payment.rowTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.rows.map((r) => (
            <tr key={r.product_id}>
              <th scope="row">
                {r.name}
                {/* the postage line's code (postikulu-…) is the shop's internal marker, not a product code */}
                {!isPostageCode(r.code) && <span className="muted order-summary__code"> {r.code}</span>}
              </th>
              <td className="num">{r.quantity}</td>
              <td className="num">{formatEuro(r.price_cents, lang)}</td>
              <td className="num">{formatEuro(r.total_cents, lang)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {t('payment.netTotal')}
            </th>
            <td className="num">{formatEuro(order.net_total_cents, lang)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              {order.vat_included ? t('payment.vat', { rate: order.vat_rate }) : t('payment.vat', { rate: 0 })}
            </th>
            <td className="num">{formatEuro(order.vat_cents, lang)}</td>
          </tr>
          <tr className="order-summary__total">
            <th scope="row" colSpan={3}>
              {t('payment.total')}
            </th>
            <td className="num">{formatEuro(order.total_cents, lang)}</td>
          </tr>
        </tfoot>
      </table>
      {!order.vat_included && <p className="muted">{t('cartPage.vatExcluded')}</p>}

      <dl className="order-summary__details">
        <div>
          <dt>{t('payment.orderDate')}</dt>
          <dd>{formatDate(order.order_date, lang, true)}</dd>
        </div>
        <div>
          <dt>{t('payment.client')}</dt>
          <dd>
            {client}
            <br />
            {order.client.email}, {order.client.phone}
            {order.client_type === 'business' && order.short_contact_address && (
              <>
                <br />
                {order.short_contact_address}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('payment.delivery')}</dt>
          <dd>
            {order.delivery_provider_name}
            {order.delivery_option_name && (
              <>
                <br />
                {order.delivery_option_name}
              </>
            )}
            {a && (
              <>
                <br />
                {[a.street, a.apartment].filter(Boolean).join(' - ')}, {a.city}, {a.state} {a.area_code}, {a.country}
              </>
            )}
          </dd>
        </div>
        {order.delivery_user_comment && (
          <div>
            <dt>{t('payment.comment')}</dt>
            <dd>{order.delivery_user_comment}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
