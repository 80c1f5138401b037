/**
 * OrderList (spec 2 "Admin area", /admin/order): the orders newest first in the shared staff table
 * — number (links to OrderEdit), placing date, client (business name of a business client, else first and last
 * name), total (euro), paid, filled, delivery provider and option (parcel machine or post office), payment method of
 * the latest attempt — found by number, name, e-mail or phone, filtered by paid / unpaid, filled / unfilled, placing
 * day range and delivery provider, paged by the server (spec 9 page sizes). Every choice lives in the URL
 * (`?q=&paid=1&filled=0&from=2026-11-01&to=2026-11-30&provider=omniva-parcel&page=2&pageSize=48`), so a list can be
 * linked and reloaded; the filters are declared to the shared ListFilterBar (conventions 16). Live: an order placed,
 * paid, filled or edited in another window reloads the page (api/use-live-orders.ts).
 */
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_ORDER_PAGE_SIZES, type AdminOrderListItem } from '../../../../../api/contracts/admin-orders';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import { ListFilterBar } from '../../../components/staff/list-filter-bar';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { formatDate } from '../../../lib/format-date';
import { useRouteLanguage } from '../../../lib/language';
import { ORDER_LIST_KEY, orderListParams, useOrders } from '../api/get-orders';
import { useRefreshOnOrderChanges } from '../api/use-live-orders';
import { DELIVERY_PROVIDER_IDS } from '../utils/providers';
import './order-list.css';

export function OrderListScreen() {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const [search] = useSearchParams();
  const params = orderListParams(search);
  const list = useOrders(params, lang);
  useRefreshOnOrderChanges(ORDER_LIST_KEY);
  const filtered = params.q !== '' || params.paid !== null || params.filled !== null || params.from !== '' || params.to !== '' || params.provider !== '';
  const triState = (v: boolean | null) => (v === null ? '' : v ? '1' : '0');
  const any = { value: '', label: t('orderList.any') };

  const columns = useMemo((): StaffColumn<AdminOrderListItem>[] => {
    const edit = (o: AdminOrderListItem) => to(`/admin/order/edit/${encodeURIComponent(o.id)}`);
    return [
      {
        id: 'number',
        header: t('orderList.columns.number'),
        value: (o) => o.number,
        sortable: false,
        cell: (o) => (
          <Link className="order-list__number" to={edit(o)} aria-label={t('orderList.open', { number: o.number })}>
            {o.number}
          </Link>
        ),
      },
      { id: 'date', header: t('orderList.columns.date'), value: (o) => o.placedAt, sortable: false, cell: (o) => <time dateTime={o.placedAt}>{formatDate(o.placedAt, lang, true)}</time> },
      {
        id: 'client',
        header: t('orderList.columns.client'),
        value: (o) => o.clientName,
        sortable: false,
        cell: (o) => (
          <span className="order-list__client">
            <span>{o.clientName || '—'}</span>
            {o.clientType === 'business' ? <span className="staff-state order-list__business">{t('orderList.business')}</span> : null}
            <span className="muted order-list__contact">{o.email}</span>
          </span>
        ),
      },
      { id: 'total', header: t('orderList.columns.total'), value: (o) => o.totalCents, sortable: false, align: 'end', cell: (o) => formatEuro(o.totalCents, lang) },
      {
        id: 'paid',
        header: t('orderList.columns.paid'),
        value: (o) => (o.paid ? 1 : 0),
        sortable: false,
        cell: (o) => <span className={`staff-state order-list__flag ${o.paid ? 'is-yes' : 'is-no'}`}>{o.paid ? t('orderList.paidYes') : t('orderList.paidNo')}</span>,
      },
      {
        id: 'filled',
        header: t('orderList.columns.filled'),
        value: (o) => (o.filled ? 1 : 0),
        sortable: false,
        cell: (o) => <span className={`staff-state order-list__flag ${o.filled ? 'is-yes' : 'is-no'}`}>{o.filled ? t('orderList.filledYes') : t('orderList.filledNo')}</span>,
      },
      {
        id: 'delivery',
        header: t('orderList.columns.delivery'),
        value: (o) => o.deliveryProviderName,
        sortable: false,
        cell: (o) => (
          <span className="order-list__delivery">
            <span>{o.deliveryProviderName}</span>
            {o.deliveryOptionName ? <span className="muted">{o.deliveryOptionName}</span> : null}
          </span>
        ),
      },
      { id: 'payment', header: t('orderList.columns.payment'), value: (o) => o.paymentMethod, sortable: false, cell: (o) => o.paymentMethod ?? <span className="muted">—</span> },
    ];
  }, [t, to, lang]);

  return (
    <section className="staff-screen order-list" aria-labelledby="screen-title">
      <PageMeta title={t('orderList.title')} description={t('orderList.title')} noindex />
      <div className="staff-screen__head">
        <h1 id="screen-title">{t('orderList.title')}</h1>
      </div>

      <ListFilterBar
        label={t('orderList.filters')}
        search={{ label: t('orderList.search'), placeholder: t('orderList.searchPlaceholder'), value: params.q }}
        filters={[
          { type: 'select', param: 'paid', label: t('orderList.paidFilter'), value: triState(params.paid), options: [any, { value: '1', label: t('orderList.paidYes') }, { value: '0', label: t('orderList.paidNo') }] },
          { type: 'select', param: 'filled', label: t('orderList.filledFilter'), value: triState(params.filled), options: [any, { value: '1', label: t('orderList.filledYes') }, { value: '0', label: t('orderList.filledNo') }] },
          { type: 'date', param: 'from', label: t('orderList.from'), value: params.from, max: params.to },
          { type: 'date', param: 'to', label: t('orderList.to'), value: params.to, min: params.from },
          { type: 'select', param: 'provider', label: t('orderList.provider'), value: params.provider, options: [any, ...DELIVERY_PROVIDER_IDS.map((p) => ({ value: p, label: t(`orderList.providers.${p}`) }))] },
        ]}
        pageSize={{ label: t('orderList.pageSize'), value: params.pageSize, sizes: ADMIN_ORDER_PAGE_SIZES }}
        clear={{ label: t('orderList.clear'), filtered }}
      />

      {list.isPending ? <Spinner /> : null}
      {list.isError ? <FormAlert messages={[apiErrorText(list.error)]} /> : null}
      {list.data ? (
        <>
          <p className="muted order-list__total" aria-live="polite">
            {t('orderList.total', { count: list.data.total })}
          </p>
          <DataTable
            caption={t('orderList.title')}
            rows={list.data.orders}
            columns={columns}
            defaultSort={null}
            rowKey={(o) => o.id}
            empty={filtered ? t('orderList.emptyFiltered') : t('orderList.empty')}
            sortLabel={() => t('admin.table.sort')}
            serverPaging={{ total: list.data.total, pageSize: list.data.pageSize }}
          />
        </>
      ) : null}
    </section>
  );
}
