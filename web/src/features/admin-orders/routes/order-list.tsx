/**
 * OrderList (spec 2 "Admin area", /admin/order; staff order editing): the orders newest first in the shared staff table
 * — number (links to OrderEdit), placing date, client (business name of a business client, else first and last
 * name), total (euro), paid, filled, delivery provider and option (parcel machine or post office), payment method of
 * the latest attempt — found by number, name, e-mail or phone, filtered by paid / unpaid, filled / unfilled, placing
 * day range and delivery provider, paged by the server (spec 9 page sizes). Every choice lives in the URL
 * (`?q=&paid=1&filled=0&from=2026-11-01&to=2026-11-30&provider=omniva-parcel&page=2&pageSize=48`), so a list can be
 * linked and reloaded. Live: an order placed, paid, filled or edited in another window reloads the page
 * (api/use-live-orders.ts).
 */
import { X } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_ORDER_PAGE_SIZES, type AdminOrderListItem } from '../../../../../api/contracts/admin-orders';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import { useDebouncedSearchText, withListChanges } from '../../../components/staff/list-filters';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { formatDate, formatEuro } from '../../../lib/format';
import { useRouteLanguage } from '../../../lib/language';
import { ORDER_LIST_KEY, orderListParams, type OrderListParams, useOrders } from '../api/get-orders';
import { useRefreshOnOrderChanges } from '../api/use-live-orders';
import { DELIVERY_PROVIDER_IDS } from '../utils/providers';
import './order-list.css';

/** Spec 9 "Search key-up delay 300 ms". */

export function OrderListScreen() {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const [search, setSearch] = useSearchParams();
  const params = orderListParams(search);
  const list = useOrders(params, lang);
  useRefreshOnOrderChanges(ORDER_LIST_KEY);
  const ids = { q: useId(), paid: useId(), filled: useId(), from: useId(), to: useId(), provider: useId(), pageSize: useId() };

  /** Writes `changes` into the URL (defaults left out); any change but the page's goes back to page 1. */
  const setParams = (changes: Partial<OrderListParams>) => {
    const texts: Record<string, string | null> = {};
    for (const [key, value] of Object.entries(changes)) {
      if (key === 'paid' || key === 'filled') texts[key] = value === null ? null : value ? '1' : '0';
      else if (key === 'pageSize') texts[key] = value === 24 ? null : String(value);
      else if (key === 'page') texts[key] = (value as number) > 1 ? String(value) : null;
      else texts[key] = value === '' || value === null ? null : String(value);
    }
    setSearch(withListChanges(search, texts), { replace: true });
  };

  // The search box writes the URL 300 ms after the last key (spec 9); the URL wins when it changes otherwise.
  const { text, setText, flush, clear } = useDebouncedSearchText(params.q, (q) => setParams({ q }));

  const filtered = params.q !== '' || params.paid !== null || params.filled !== null || params.from !== '' || params.to !== '' || params.provider !== '';
  const triState = (v: boolean | null) => (v === null ? '' : v ? '1' : '0');
  const fromTriState = (v: string) => (v === '' ? null : v === '1');

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

      <form className="order-list__filters" role="search" aria-label={t('orderList.filters')} onSubmit={(e) => e.preventDefault()}>
        <div className="staff-field order-list__search">
          <label htmlFor={ids.q}>{t('orderList.search')}</label>
          <input
            id={ids.q}
            type="search"
            value={text}
            maxLength={100}
            placeholder={t('orderList.searchPlaceholder')}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                flush();
              }
            }}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={ids.paid}>{t('orderList.paidFilter')}</label>
          <select id={ids.paid} value={triState(params.paid)} onChange={(e) => setParams({ paid: fromTriState(e.target.value) })}>
            <option value="">{t('orderList.any')}</option>
            <option value="1">{t('orderList.paidYes')}</option>
            <option value="0">{t('orderList.paidNo')}</option>
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={ids.filled}>{t('orderList.filledFilter')}</label>
          <select id={ids.filled} value={triState(params.filled)} onChange={(e) => setParams({ filled: fromTriState(e.target.value) })}>
            <option value="">{t('orderList.any')}</option>
            <option value="1">{t('orderList.filledYes')}</option>
            <option value="0">{t('orderList.filledNo')}</option>
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={ids.from}>{t('orderList.from')}</label>
          <input id={ids.from} type="date" value={params.from} max={params.to || undefined} onChange={(e) => setParams({ from: e.target.value })} />
        </div>
        <div className="staff-field">
          <label htmlFor={ids.to}>{t('orderList.to')}</label>
          <input id={ids.to} type="date" value={params.to} min={params.from || undefined} onChange={(e) => setParams({ to: e.target.value })} />
        </div>
        <div className="staff-field">
          <label htmlFor={ids.provider}>{t('orderList.provider')}</label>
          <select id={ids.provider} value={params.provider} onChange={(e) => setParams({ provider: e.target.value })}>
            <option value="">{t('orderList.any')}</option>
            {DELIVERY_PROVIDER_IDS.map((p) => (
              <option key={p} value={p}>
                {t(`orderList.providers.${p}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={ids.pageSize}>{t('orderList.pageSize')}</label>
          <select id={ids.pageSize} value={params.pageSize} onChange={(e) => setParams({ pageSize: Number(e.target.value) })}>
            {ADMIN_ORDER_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        {filtered ? (
          <button
            type="button"
            className="button order-list__clear"
            onClick={() => {
              clear();
              setSearch(new URLSearchParams(), { replace: true });
            }}
          >
            <X size={16} aria-hidden="true" />
            {t('orderList.clear')}
          </button>
        ) : null}
      </form>

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
