/**
 * StockNotificationsList (spec 2 "Admin area", /admin/StockNotifications): the back-in-stock requests in a
 * dense table — e-mail, product (code and name, linking to the storefront's product page), quantity, date, state
 * (waiting, sent, cancelled) — newest first (sortable, sort in the URL), filtered by state (`?state=`, default all),
 * and a Cancel button with a confirmation on each waiting request (permission stock_notifications.edit). The shell's
 * badge counts the waiting ones and falls after a cancel.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useSearchParams } from 'react-router';
import type { AdminStockNotification } from '../../../../../api/contracts/admin-stock-notifications';
import { showToast } from '../../../components/feedback/toasts';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useRouteLanguage } from '../../../lib/language';
import { hasPermission, useStaffSession } from '../../../lib/staff/session';
import { useCancelStockNotification } from '../api/cancel-stock-notification';
import { type StockNotificationState, useStockNotificationList } from '../api/get-stock-notifications';
import './stock-notifications.css';

const STATES: readonly StockNotificationState[] = ['waiting', 'sent', 'cancelled'];
const isState = (v: string | null): v is StockNotificationState => v !== null && (STATES as readonly string[]).includes(v);
const STATE_CLASS: Record<StockNotificationState, string> = { waiting: 'is-active', sent: 'is-sent', cancelled: 'is-inactive' };

export function StockNotificationsListScreen() {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state = isState(raw) ? raw : null;
  const list = useStockNotificationList(state, lang);
  const session = useStaffSession();
  const canEdit = session.data ? hasPermission(session.data, 'stock_notifications.edit') : false;
  const cancel = useCancelStockNotification();
  // Requests this page cancelled: shown as cancelled at once, while the read model may still lag.
  const [cancelled, setCancelled] = useState<ReadonlySet<string>>(new Set());

  const rows = useMemo(() => {
    const all = (list.data ?? []).map((r) => (cancelled.has(r.id) && r.state === 'waiting' ? { ...r, state: 'cancelled' as const } : r));
    return state ? all.filter((r) => r.state === state) : all;
  }, [list.data, cancelled, state]);

  const setState = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('state', value);
    else next.delete('state');
    next.delete('page');
    setParams(next, { replace: true });
  };

  const onCancel = (row: AdminStockNotification) => {
    if (!window.confirm(t('admin.stockNotifications.cancelConfirm', { email: row.email, product: row.productCode || row.productName }))) return;
    cancel.mutate(
      { id: row.id, lang },
      {
        onSuccess: () => {
          setCancelled((s) => new Set(s).add(row.id));
          showToast('success', t('admin.stockNotifications.cancelled'));
        },
        onError: (error) => showToast('error', apiErrorText(error)),
      },
    );
  };

  const columns = useMemo((): StaffColumn<AdminStockNotification>[] => {
    const cols: StaffColumn<AdminStockNotification>[] = [
      { id: 'email', header: t('admin.stockNotifications.email'), value: (r) => r.email },
      {
        id: 'product',
        header: t('admin.stockNotifications.product'),
        value: (r) => `${r.productCode} ${r.productName}`.toLowerCase(),
        cell: (r) => (
          <Link to={to(`/products/view/${encodeURIComponent(r.productId)}`)}>
            {r.productCode ? <span className="stock-notifications__code">{r.productCode}</span> : null} {r.productName}
          </Link>
        ),
      },
      { id: 'quantity', header: t('admin.stockNotifications.quantity'), value: (r) => r.quantity, align: 'end' },
      { id: 'date', header: t('admin.stockNotifications.date'), value: (r) => r.requestedAt, cell: (r) => <time dateTime={r.requestedAt}>{formatDate(r.requestedAt, lang, true)}</time> },
      {
        id: 'state',
        header: t('admin.stockNotifications.state'),
        value: (r) => STATES.indexOf(r.state),
        cell: (r) => <span className={`staff-state ${STATE_CLASS[r.state]}`}>{t(`admin.stockNotifications.states.${r.state}`)}</span>,
      },
    ];
    if (canEdit) {
      cols.push({
        id: 'actions',
        header: t('admin.stockNotifications.actions'),
        value: () => null,
        sortable: false,
        cell: (r) =>
          r.state === 'waiting' ? (
            <button
              type="button"
              className="button button--danger stock-notifications__cancel"
              disabled={cancel.isPending && cancel.variables?.id === r.id}
              aria-label={t('admin.stockNotifications.cancelLabel', { email: r.email, product: r.productCode || r.productName })}
              onClick={() => onCancel(r)}
            >
              {t('admin.stockNotifications.cancel')}
            </button>
          ) : null,
      });
    }
    return cols;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, to, lang, canEdit, cancel.isPending, cancel.variables]);

  return (
    <section className="staff-screen stock-notifications" aria-labelledby="screen-title">
      <PageMeta title={t('admin.stockNotifications.title')} description={t('admin.stockNotifications.title')} noindex />
      <div className="staff-screen__head">
        <h1 id="screen-title">{t('admin.stockNotifications.title')}</h1>
        <div className="staff-field">
          <label htmlFor="stock-notifications-state">{t('admin.stockNotifications.filter')}</label>
          <select id="stock-notifications-state" value={state ?? ''} onChange={(e) => setState(e.target.value)}>
            <option value="">{t('admin.stockNotifications.states.all')}</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.stockNotifications.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <FormAlert messages={[apiErrorText(list.error)]} /> : null}
      {list.data ? (
        <DataTable
          caption={t('admin.stockNotifications.title')}
          rows={rows}
          columns={columns}
          defaultSort={{ id: 'date', desc: true }}
          rowKey={(r) => r.id}
          empty={t('admin.stockNotifications.empty')}
          sortLabel={() => t('admin.table.sort')}
        />
      ) : null}
    </section>
  );
}
