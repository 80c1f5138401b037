/**
 * SellThroughList (/admin/SellThrough; the sell-through analysis, analytics/sell-through): per product and warehouse
 * over a statistics range, units sold and received, days in stock, stock on hand, units a day over the in-stock days,
 * days of cover, sell-through and the waiting back-in-stock requests, as a table; units sold and received per day
 * as a uPlot chart; a CSV export. Range and sort in the URL.
 */
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { SellThroughRowData } from '../../../../../api/contracts/admin-reorder';
import { Spinner } from '../../../components/spinner';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { sellThroughCsvUrl, useSellThrough } from '../api/get-reorder';
import { AnalysisChart } from '../components/analysis-chart';
import { formatRate } from '../utils/format';
import { AnalysisHead, useRange } from './range-picker';
import './analytics.css';

export const formatDecimal = (n: number | null, lang: string, digits = 1) =>
  n === null ? '–' : new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'et-EE', { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(n);

export function SellThroughListScreen() {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const range = useRange();
  const params = { range, lang };
  const result = useSellThrough(params);
  const data = result.data;

  const columns = useMemo(
    (): StaffColumn<SellThroughRowData>[] => [
      { id: 'code', header: t('analytics.sellThrough.code'), value: (r) => r.code },
      { id: 'name', header: t('analytics.sellThrough.product'), value: (r) => (lang === 'en' ? r.name.en || r.name.et : r.name.et || r.name.en) },
      { id: 'warehouse', header: t('analytics.sellThrough.warehouse'), value: (r) => r.warehouseName },
      { id: 'sold', header: t('analytics.sellThrough.sold'), value: (r) => r.sold, align: 'end' },
      { id: 'received', header: t('analytics.sellThrough.received'), value: (r) => r.received, align: 'end' },
      { id: 'inStockDays', header: t('analytics.sellThrough.inStockDays'), value: (r) => r.inStockDays, cell: (r) => `${r.inStockDays} / ${r.rangeDays}`, align: 'end' },
      { id: 'onHand', header: t('analytics.sellThrough.onHand'), value: (r) => r.onHand, align: 'end' },
      { id: 'dailyDemand', header: t('analytics.sellThrough.dailyDemand'), value: (r) => r.dailyDemand, cell: (r) => formatDecimal(r.dailyDemand, lang, 2), align: 'end' },
      { id: 'daysOfCover', header: t('analytics.sellThrough.daysOfCover'), value: (r) => r.daysOfCover, cell: (r) => formatDecimal(r.daysOfCover, lang), align: 'end' },
      { id: 'sellThrough', header: t('analytics.sellThrough.sellThrough'), value: (r) => r.sellThrough, cell: (r) => (r.sellThrough === null ? '–' : formatRate(r.sellThrough, 1, lang)), align: 'end' },
      { id: 'openRequests', header: t('analytics.sellThrough.openRequests'), value: (r) => r.openRequests, cell: (r) => (r.openRequests ? `${r.openRequests} (${r.requestedUnits})` : '0'), align: 'end' },
    ],
    [t, lang],
  );
  const days = useMemo(() => data?.perDay.map((d) => d.day) ?? [], [data]);
  const series = useMemo(
    () =>
      data
        ? [
            { label: t('analytics.sellThrough.sold'), values: data.perDay.map((d) => d.sold) },
            { label: t('analytics.sellThrough.received'), values: data.perDay.map((d) => d.received) },
          ]
        : [],
    [data, t],
  );
  const sold = data?.rows.reduce((n, r) => n + r.sold, 0) ?? 0;

  return (
    <section className="staff-screen analysis-screen" aria-labelledby="screen-title">
      <AnalysisHead title={t('analytics.sellThrough.title')} range={range} from={data?.from} to={data?.to} csvUrl={sellThroughCsvUrl(params)} lang={lang} idPrefix="sell-through" />
      {data ? (
        <AnalysisChart
          title={t('analytics.sellThrough.chartTitle')}
          summary={data.rows.length ? t('analytics.sellThrough.chartSummary', { sold, products: data.rows.length, days: days.length }) : t('analytics.sellThrough.empty')}
          xLabel={t('analytics.day')}
          days={days}
          series={series}
          lang={lang}
        />
      ) : null}
      <div aria-busy={result.isFetching}>
        {result.isPending ? <Spinner /> : null}
        {result.isError ? <FormAlert messages={[apiErrorText(result.error)]} /> : null}
        {data ? (
          <DataTable
            caption={t('analytics.sellThrough.title')}
            rows={data.rows}
            columns={columns}
            defaultSort={{ id: 'sold', desc: true }}
            rowKey={(r) => `${r.productId}:${r.warehouseId}`}
            empty={t('analytics.sellThrough.empty')}
            sortLabel={() => t('analytics.sort')}
          />
        ) : null}
      </div>
    </section>
  );
}
