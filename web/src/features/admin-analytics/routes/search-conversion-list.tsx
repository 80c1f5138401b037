/**
 * SearchConversionList (/admin/SearchConversion; the search-conversion analysis, analytics/search-conversion): per
 * keyword searched in a statistics range, the searches, those that found nothing, those after which a product was
 * opened or none was (no-click), products opened, cart additions, orders and their amount, with the click and order
 * rates of the tracked searches; the searches, clicks, cart additions and orders per day as a uPlot chart; a CSV
 * export. Range, sort and page in the URL.
 */
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { KeywordConversionRow } from '../../../../../api/contracts/admin-analytics';
import { Spinner } from '../../../components/spinner';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { searchConversionCsvUrl, useSearchConversion } from '../api/get-analytics';
import { AnalysisChart } from '../components/analysis-chart';
import { formatEuros, formatRate } from '../utils/format';
import { AnalysisHead, useRange } from './range-picker';
import './analytics.css';

export function SearchConversionListScreen() {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const range = useRange();
  const params = { range, lang };
  const conversion = useSearchConversion(params);
  const data = conversion.data;

  const columns = useMemo(
    (): StaffColumn<KeywordConversionRow>[] => [
      { id: 'keyword', header: t('analytics.conversion.keyword'), value: (k) => k.keyword, cell: (k) => <span className="analysis-keyword">{k.keyword}</span> },
      { id: 'searches', header: t('analytics.conversion.searches'), value: (k) => k.searches, align: 'end' },
      { id: 'zeroResults', header: t('analytics.conversion.zeroResults'), value: (k) => k.zeroResults, align: 'end' },
      { id: 'noClickSearches', header: t('analytics.conversion.noClick'), value: (k) => k.noClickSearches, align: 'end' },
      {
        id: 'clickedSearches',
        header: t('analytics.conversion.clicked'),
        value: (k) => k.clickedSearches,
        cell: (k) => (
          <>
            {k.clickedSearches} <span className="analysis-rate">{formatRate(k.clickedSearches, k.trackedSearches, lang)}</span>
          </>
        ),
        align: 'end',
      },
      { id: 'productOpens', header: t('analytics.conversion.productOpens'), value: (k) => k.productOpens, align: 'end' },
      { id: 'cartAdds', header: t('analytics.conversion.cartAdds'), value: (k) => k.cartAdds, align: 'end' },
      {
        id: 'orders',
        header: t('analytics.conversion.orders'),
        value: (k) => k.orders,
        cell: (k) => (
          <>
            {k.orders} <span className="analysis-rate">{formatRate(k.orders, k.trackedSearches, lang)}</span>
          </>
        ),
        align: 'end',
      },
      { id: 'orderedCents', header: t('analytics.conversion.orderedAmount'), value: (k) => k.orderedCents, cell: (k) => formatEuros(k.orderedCents, lang), align: 'end' },
    ],
    [t, lang],
  );
  const days = useMemo(() => data?.perDay.map((d) => d.day) ?? [], [data]);
  const series = useMemo(
    () =>
      data
        ? [
            { label: t('analytics.conversion.searches'), values: data.perDay.map((d) => d.searches) },
            { label: t('analytics.conversion.clicked'), values: data.perDay.map((d) => d.clickedSearches) },
            { label: t('analytics.conversion.cartAdds'), values: data.perDay.map((d) => d.cartAdds) },
            { label: t('analytics.conversion.orders'), values: data.perDay.map((d) => d.orders) },
          ]
        : [],
    [data, t],
  );
  const totals = data?.perDay.reduce((s, d) => ({ searches: s.searches + d.searches, clicked: s.clicked + d.clickedSearches, orders: s.orders + d.orders }), { searches: 0, clicked: 0, orders: 0 });

  return (
    <section className="staff-screen analysis-screen" aria-labelledby="screen-title">
      <AnalysisHead title={t('analytics.conversion.title')} range={range} from={data?.from} to={data?.to} csvUrl={searchConversionCsvUrl(params)} lang={lang} idPrefix="conversion" />
      {data && totals ? (
        <AnalysisChart
          title={t('analytics.conversion.chartTitle')}
          summary={totals.searches ? t('analytics.conversion.chartSummary', { searches: totals.searches, clicked: totals.clicked, orders: totals.orders, days: days.length }) : t('analytics.conversion.empty')}
          xLabel={t('analytics.day')}
          days={days}
          series={series}
          lang={lang}
        />
      ) : null}
      <div aria-busy={conversion.isFetching}>
        {conversion.isPending ? <Spinner /> : null}
        {conversion.isError ? <FormAlert messages={[apiErrorText(conversion.error)]} /> : null}
        {data ? (
          <DataTable
            caption={t('analytics.conversion.title')}
            rows={data.keywords}
            columns={columns}
            defaultSort={{ id: 'searches', desc: true }}
            rowKey={(k) => k.keyword}
            empty={t('analytics.conversion.empty')}
            sortLabel={() => t('analytics.sort')}
          />
        ) : null}
      </div>
    </section>
  );
}
