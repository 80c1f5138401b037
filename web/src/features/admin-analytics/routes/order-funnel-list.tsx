/**
 * OrderFunnelList (/admin/OrderFunnel; the order-funnel analysis, analytics/order-funnel): per week of placement in
 * a statistics range, orders placed, paid and filled with their rates, the reservations held and expired (expiry
 * rate), as a uPlot chart and a table; the payment method share below; a CSV export of both. Range and sort in the
 * URL.
 */
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { FunnelWeekRow, OrderFunnelResponse } from '../../../../../api/contracts/admin-analytics';
import { Spinner } from '../../../components/spinner';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { orderFunnelCsvUrl, useOrderFunnel } from '../api/get-analytics';
import { AnalysisChart } from '../components/analysis-chart';
import { formatCalendarDate, formatEuros, formatRate } from '../utils/format';
import { AnalysisHead, useRange } from './range-picker';
import './analytics.css';

type MethodRow = OrderFunnelResponse['paymentMethods'][number];

export function OrderFunnelListScreen() {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const range = useRange();
  const params = { range, lang };
  const funnel = useOrderFunnel(params);
  const data = funnel.data;

  const columns = useMemo(
    (): StaffColumn<FunnelWeekRow>[] => [
      { id: 'week', header: t('analytics.funnel.week'), value: (w) => w.week, cell: (w) => formatCalendarDate(w.week, lang) },
      { id: 'placed', header: t('analytics.funnel.placed'), value: (w) => w.placed, align: 'end' },
      { id: 'placedCents', header: t('analytics.funnel.placedAmount'), value: (w) => w.placedCents, cell: (w) => formatEuros(w.placedCents, lang), align: 'end' },
      {
        id: 'paid',
        header: t('analytics.funnel.paid'),
        value: (w) => w.paid,
        cell: (w) => (
          <>
            {w.paid} <span className="analysis-rate">{formatRate(w.paid, w.placed, lang)}</span>
          </>
        ),
        align: 'end',
      },
      {
        id: 'filled',
        header: t('analytics.funnel.filled'),
        value: (w) => w.filled,
        cell: (w) => (
          <>
            {w.filled} <span className="analysis-rate">{formatRate(w.filled, w.placed, lang)}</span>
          </>
        ),
        align: 'end',
      },
      { id: 'withReservation', header: t('analytics.funnel.withReservation'), value: (w) => w.withReservation, align: 'end' },
      {
        id: 'reservationExpired',
        header: t('analytics.funnel.expired'),
        value: (w) => w.reservationExpired,
        cell: (w) => (
          <>
            {w.reservationExpired} <span className="analysis-rate">{formatRate(w.reservationExpired, w.withReservation, lang)}</span>
          </>
        ),
        align: 'end',
      },
    ],
    [t, lang],
  );
  const methodColumns = useMemo(
    (): StaffColumn<MethodRow>[] => [
      { id: 'method', header: t('analytics.funnel.method'), sortable: false, value: (m) => m.method, cell: (m) => (m.method === 'staff' ? t('analytics.funnel.methodStaff') : m.method) },
      { id: 'orders', header: t('analytics.funnel.paid'), sortable: false, value: (m) => m.orders, align: 'end' },
      { id: 'amountCents', header: t('analytics.funnel.paidAmount'), sortable: false, value: (m) => m.amountCents, cell: (m) => formatEuros(m.amountCents, lang), align: 'end' },
      { id: 'share', header: t('analytics.funnel.share'), sortable: false, value: (m) => m.share, cell: (m) => formatRate(m.share, 1, lang), align: 'end' },
    ],
    [t, lang],
  );
  const days = useMemo(() => data?.weeks.map((w) => w.week) ?? [], [data]);
  const series = useMemo(
    () =>
      data
        ? [
            { label: t('analytics.funnel.placed'), values: data.weeks.map((w) => w.placed) },
            { label: t('analytics.funnel.paid'), values: data.weeks.map((w) => w.paid) },
            { label: t('analytics.funnel.filled'), values: data.weeks.map((w) => w.filled) },
            { label: t('analytics.funnel.expired'), values: data.weeks.map((w) => w.reservationExpired) },
          ]
        : [],
    [data, t],
  );
  const placed = data?.weeks.reduce((n, w) => n + w.placed, 0) ?? 0;
  const paid = data?.weeks.reduce((n, w) => n + w.paid, 0) ?? 0;

  return (
    <section className="staff-screen analysis-screen" aria-labelledby="screen-title">
      <AnalysisHead title={t('analytics.funnel.title')} range={range} from={data?.from} to={data?.to} csvUrl={orderFunnelCsvUrl(params)} lang={lang} idPrefix="funnel" />
      {data ? (
        <AnalysisChart
          title={t('analytics.funnel.chartTitle')}
          summary={placed ? t('analytics.funnel.chartSummary', { placed, paid, weeks: days.length, rate: formatRate(paid, placed, lang) }) : t('analytics.funnel.empty')}
          xLabel={t('analytics.funnel.week')}
          days={days}
          series={series}
          lang={lang}
        />
      ) : null}
      <div aria-busy={funnel.isFetching}>
        {funnel.isPending ? <Spinner /> : null}
        {funnel.isError ? <FormAlert messages={[apiErrorText(funnel.error)]} /> : null}
        {data ? (
          <>
            <DataTable
              caption={t('analytics.funnel.title')}
              rows={data.weeks}
              columns={columns}
              defaultSort={{ id: 'week', desc: true }}
              rowKey={(w) => w.week}
              empty={t('analytics.funnel.empty')}
              sortLabel={() => t('analytics.sort')}
            />
            <h2 className="analysis-screen__section">{t('analytics.funnel.methodsTitle')}</h2>
            <DataTable
              caption={t('analytics.funnel.methodsTitle')}
              rows={data.paymentMethods}
              columns={methodColumns}
              defaultSort={null}
              rowKey={(m) => m.method}
              empty={t('analytics.funnel.methodsEmpty')}
              sortLabel={() => t('analytics.sort')}
            />
          </>
        ) : null}
      </div>
    </section>
  );
}
