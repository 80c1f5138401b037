/**
 * The order client info block (spec 2 "Admin area": a shared piece of the order screens; spec 3 "Client", "Order",
 * "Delivery address"): who ordered — the business name of a business client, else first and last name; customer
 * type; e-mail (mailto) and phone (tel); registry code / VAT number; the short contact address of a business and
 * the shopper's comment — and where it goes: delivery provider and option (parcel machine or post office) or the
 * courier's address. `clientHref`: the client's screen (ClientList, a full page load, spec 2), shown as a link when
 * given.
 */
import { ExternalLink } from 'lucide-react';
import { useTranslation } from '../../../lib/translation';
import type { AdminOrder } from '../../../../../api/contracts/admin-orders';

export function OrderClientInfo({ order, clientHref }: { order: AdminOrder; clientHref: string | null }) {
  const { t } = useTranslation('cms');
  const { client, delivery } = order;
  const person = `${client.firstName} ${client.lastName}`.trim();
  const name = client.type === 'business' ? client.businessName || person : person || client.businessName;
  const address = delivery.address;
  return (
    <div className="order-client-info">
      <section className="staff-panel" aria-labelledby="order-client-title">
        <h2 id="order-client-title">{t('orderEdit.client.title')}</h2>
        <dl className="staff-facts order-client-info__facts">
          <dt>{t('orderEdit.client.name')}</dt>
          <dd>
            <span className="order-client-info__name">{name || '—'}</span>
            {client.type === 'business' && person ? <span className="muted"> ({person})</span> : null}
            {clientHref ? (
              <>
                {' '}
                <a href={clientHref} className="order-client-info__link">
                  {t('orderEdit.client.open')}
                  <ExternalLink size={12} aria-hidden="true" />
                </a>
              </>
            ) : null}
          </dd>
          <dt>{t('orderEdit.client.type')}</dt>
          <dd>{t(`orderEdit.client.types.${client.type}`)}</dd>
          <dt>{t('orderEdit.client.email')}</dt>
          <dd>{client.email ? <a href={`mailto:${client.email}`}>{client.email}</a> : '—'}</dd>
          <dt>{t('orderEdit.client.phone')}</dt>
          <dd>{client.phone ? <a href={`tel:${client.phone.replace(/[^\d+]/g, '')}`}>{client.phone}</a> : '—'}</dd>
          <dt>{t('orderEdit.client.vatRegNr')}</dt>
          <dd>{client.vatRegNr || '—'}</dd>
          {order.shortContactAddress ? (
            <>
              <dt>{t('orderEdit.client.contactAddress')}</dt>
              <dd>{order.shortContactAddress}</dd>
            </>
          ) : null}
          {order.userComment ? (
            <>
              <dt>{t('orderEdit.client.userComment')}</dt>
              <dd className="order-client-info__comment">{order.userComment}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className="staff-panel" aria-labelledby="order-delivery-title">
        <h2 id="order-delivery-title">{t('orderEdit.delivery.title')}</h2>
        <dl className="staff-facts order-client-info__facts">
          <dt>{t('orderEdit.delivery.provider')}</dt>
          <dd>{delivery.providerName || delivery.providerId}</dd>
          {delivery.optionName ? (
            <>
              <dt>{t('orderEdit.delivery.option')}</dt>
              <dd>{delivery.optionName}</dd>
            </>
          ) : null}
          {address ? (
            <>
              <dt>{t('orderEdit.delivery.address')}</dt>
              <dd>
                <address className="order-client-info__address">
                  {[address.street, address.apartment].filter(Boolean).join(' - ')}
                  <br />
                  {[address.areaCode, address.city].filter(Boolean).join(' ')}
                  <br />
                  {[address.state, address.country].filter(Boolean).join(', ')}
                </address>
              </dd>
            </>
          ) : null}
        </dl>
      </section>
    </div>
  );
}
