/**
 * A product's stock history (stock history per product and warehouse), reusable by ProductList (in a
 * dialog) and ProductEdit: a warehouse choice (all or one), the movements table newest first — time, warehouse, what
 * (received, adjusted, counted, reserved, released), who (the staff member's username, 'Order #N', the system),
 * the change, the free units after it, the reason — 50 a page, and below it the audit timeline of the stock stream
 * `stock-{productId}` (components/staff/history-timeline.tsx) with its before/after tables and raw events.
 * Paging is the component's own state (not the URL: the list screen around it owns the URL).
 */
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { AdminStockMovement } from '../../../../../api/contracts/admin-products';
import { Spinner } from '../../../components/spinner';
import { HistoryTimeline } from '../../../components/staff/history-timeline';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useRouteLanguage } from '../../../lib/language';
import { useStockHistory } from '../api/get-stock-history';
import './stock-history.css';

const RELEASE_REASONS = ['order_not_placed', 'expired', 'cancelled', 'order_edited', 'returned'];

interface Props {
  productId: string;
  /** The warehouses to choose from (id and name). */
  warehouses: readonly { id: string; name: string }[];
  /** The warehouse shown first; null: all. */
  initialWarehouse?: string | null;
  /** Also show the audit timeline of the stock stream (default true). */
  withTimeline?: boolean;
}

export function StockHistory({ productId, warehouses, initialWarehouse = null, withTimeline = true }: Props) {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const [warehouse, setWarehouse] = useState<string | null>(initialWarehouse);
  const [page, setPage] = useState(1);
  const history = useStockHistory(productId, warehouse, page, lang);
  const selectId = useId();
  const names = new Map(warehouses.map((w) => [w.id, w.name]));

  const who = (m: AdminStockMovement) => {
    if (m.actor === 'staff') return m.username ?? t('productList.history.unknownUser');
    if (m.orderId) return m.orderNumber !== null ? t('productList.history.order', { number: m.orderNumber }) : t('productList.history.orderUnplaced');
    return m.actor === 'shopper' ? t('productList.history.shopper') : t('productList.history.system');
  };
  const reason = (m: AdminStockMovement) => {
    if (!m.reason) return '';
    // Releases and shipments carry a code (order_not_placed, expired, cancelled, order_edited, returned); staff's own text is shown as typed.
    if ((m.kind === 'released' || m.kind === 'shipped') && RELEASE_REASONS.includes(m.reason)) return t(`productList.history.releaseReasons.${m.reason}`);
    return m.reason;
  };
  const pageCount = history.data ? Math.max(1, Math.ceil(history.data.total / history.data.pageSize)) : 1;

  return (
    <div className="stock-history">
      <div className="stock-history__head">
        <div className="staff-field">
          <label htmlFor={selectId}>{t('productList.history.warehouse')}</label>
          <select
            id={selectId}
            value={warehouse ?? ''}
            onChange={(e) => {
              setWarehouse(e.target.value || null);
              setPage(1);
            }}
          >
            <option value="">{t('productList.history.allWarehouses')}</option>
            {warehouses.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {history.isPending ? <Spinner /> : null}
      {history.isError ? <FormAlert messages={[apiErrorText(history.error)]} /> : null}
      {history.data ? (
        <div className="data-table stock-history__table">
          <table>
            <caption className="visually-hidden">{t('productList.history.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('productList.history.time')}</th>
                <th scope="col">{t('productList.history.warehouse')}</th>
                <th scope="col">{t('productList.history.kind')}</th>
                <th scope="col">{t('productList.history.who')}</th>
                <th scope="col" className="is-end">{t('productList.history.change')}</th>
                <th scope="col" className="is-end">{t('productList.history.result')}</th>
                <th scope="col">{t('productList.history.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {history.data.movements.length === 0 ? (
                <tr>
                  <td colSpan={7} className="data-table__empty">
                    {t('productList.history.empty')}
                  </td>
                </tr>
              ) : (
                history.data.movements.map((m) => (
                  <tr key={m.eventId}>
                    <td>
                      <time dateTime={m.at}>{formatDate(m.at, lang, true)}</time>
                    </td>
                    <td>{names.get(m.warehouseId) ?? m.warehouseId}</td>
                    <td>{t(`productList.history.kinds.${m.kind}`)}</td>
                    <td className={`stock-history__who is-${m.actor}`}>{who(m)}</td>
                    <td className={`is-end stock-history__change ${m.change > 0 ? 'is-up' : m.change < 0 ? 'is-down' : ''}`}>{m.change > 0 ? `+${m.change}` : String(m.change)}</td>
                    <td className="is-end">{m.onHand}</td>
                    <td>{reason(m)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          {pageCount > 1 ? (
            <nav className="stock-history__pager" aria-label={t('productList.history.pages')}>
              <button type="button" className="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t('productList.history.newer')}
              </button>
              <span>{t('productList.history.page', { page, count: pageCount })}</span>
              <button type="button" className="button" disabled={page >= pageCount} onClick={() => setPage((p) => p + 1)}>
                {t('productList.history.older')}
              </button>
            </nav>
          ) : null}
        </div>
      ) : null}
      {withTimeline ? <HistoryTimeline stream={`stock-${productId}`} title={t('productList.history.timeline')} /> : null}
    </div>
  );
}
