/**
 * StatisticsList (/admin/statistics; spec 2 "Admin area" search keywords and statistics time ranges): the
 * keywords shoppers searched in a range with their counts, on two tabs — 'found nothing' first (the keywords whose
 * last search in the range found nothing: what to add as a category keyword or a product alias), then all
 * keywords — in a dense sortable table, a CSV export of the tab, and the searches per day as a small chart. A
 * keyword whose searches named a vehicle (spec 2 "Search keywords") is marked with the model its text names (or
 * 'garage' when only a chosen vehicle named one), and 'Only searches that named a vehicle' filters the keyword tabs;
 * the third tab, Vehicles, lists the models the searches named (components/search-vehicles-table.tsx). The
 * range (the spec's six), the tab, the filter, the sort and the page live in the URL
 * (`?range=last-14-days&tab=all&vehicle=1&sort=...`); the tabs are the shared TabList (conventions 16: arrow keys,
 * Home, End).
 */
import { CarFront, Download, ListPlus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useSearchParams } from 'react-router';
import { type KeywordStatisticsRow, STATISTICS_RANGE_NAMES, type StatisticsRangeName } from '../../../../../api/contracts/admin-statistics';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import { withListChanges } from '../../../components/staff/list-filters';
import { TabList, TabPanel } from '../../../components/staff/tab-list';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { hasPermission, useStaffSession } from '../../../lib/staff/session';
import { searchKeywordsCsvUrl, useSearchKeywords } from '../api/get-search-keywords';
import { searchVehiclesCsvUrl, useSearchVehicles } from '../api/get-search-vehicles';
import { AssignKeywordDialog } from '../components/assign-keyword-dialog';
import { SearchVehiclesTable } from '../components/search-vehicles-table';
import { SearchesChart } from '../components/searches-chart';
import { formatCalendarDate } from '../utils/calendar-date';
import './statistics.css';

const DEFAULT_RANGE: StatisticsRangeName = 'last-30-days';
const TABS = ['zero', 'all', 'vehicles'] as const;
type Tab = (typeof TABS)[number];

export function StatisticsListScreen() {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const [search, setSearch] = useSearchParams();
  const rawRange = search.get('range');
  const range: StatisticsRangeName = (STATISTICS_RANGE_NAMES as readonly string[]).includes(rawRange ?? '') ? (rawRange as StatisticsRangeName) : DEFAULT_RANGE;
  const rawTab = search.get('tab');
  const tab: Tab = rawTab === 'all' || rawTab === 'vehicles' ? rawTab : 'zero';
  const onVehicles = tab === 'vehicles';
  const vehicleOnly = !onVehicles && search.get('vehicle') === '1';
  // The Vehicles tab still reads every keyword of the range: the chart shows its searches per day.
  const params = { range, zeroOnly: tab === 'zero', vehicleOnly, lang };
  const keywords = useSearchKeywords(params);
  const vehicles = useSearchVehicles({ range, lang }, onVehicles);
  // The filter box shows a click at once; the URL (a router transition) follows, and Back brings its value back.
  const [vehicleBox, setVehicleBox] = useState(vehicleOnly);
  useEffect(() => setVehicleBox(vehicleOnly), [vehicleOnly]);
  const session = useStaffSession();
  const canAssign = hasPermission(session.data ?? null, 'products.edit');
  const [assigning, setAssigning] = useState<string | null>(null);

  /** Another range, tab or filter: the sort stays, the page starts again. */
  const setParam = (name: 'range' | 'tab' | 'vehicle', value: string, fallback: string) => setSearch(withListChanges(search, { [name]: value === fallback ? null : value }));

  const columns = useMemo(
    (): StaffColumn<KeywordStatisticsRow>[] => [
      {
        id: 'keyword',
        header: t('admin.statistics.keyword'),
        value: (k) => k.keyword,
        cell: (k) => (
          <>
            <span className="statistics-keyword">{k.keyword}</span>
            {k.vehicleSearches > 0 ? (
              <span className="statistics-vehicle-mark" title={`${k.typedVehicle ? t('admin.statistics.vehicleMark.typed', { vehicle: k.typedVehicle }) : t('admin.statistics.vehicleMark.chosen')} (${t('admin.statistics.vehicleMark.count', { count: k.vehicleSearches })})`}>
                <CarFront size={14} aria-hidden="true" />
                {k.typedVehicle ?? t('admin.statistics.vehicleMark.garage')}
              </span>
            ) : null}
          </>
        ),
      },
      { id: 'searches', header: t('admin.statistics.searches'), value: (k) => k.searches, align: 'end' },
      { id: 'typedByUser', header: t('admin.statistics.typedByUser'), value: (k) => k.typedByUser, align: 'end' },
      { id: 'zeroResults', header: t('admin.statistics.zeroResults'), value: (k) => k.zeroResults, align: 'end' },
      { id: 'resultCount', header: t('admin.statistics.resultCount'), value: (k) => k.resultCount, align: 'end' },
      { id: 'lastSearchedOn', header: t('admin.statistics.lastSearchedOn'), value: (k) => k.lastSearchedOn, cell: (k) => formatCalendarDate(k.lastSearchedOn, lang), align: 'end' },
      {
        id: 'findsNow',
        header: t('admin.statistics.findsNow'),
        value: (k) => k.findsNow,
        cell: (k) => (k.findsNow === null ? '' : <span className={k.findsNow > 0 ? 'statistics-finds--found' : undefined}>{k.findsNow}</span>),
        align: 'end',
      },
      ...(canAssign
        ? [
            {
              id: 'assign',
              header: t('admin.statistics.assign.column'),
              value: () => null,
              sortable: false,
              cell: (k: KeywordStatisticsRow) =>
                k.findsNow === 0 ? (
                  <button
                    type="button"
                    className="icon-button statistics-assign"
                    onClick={() => setAssigning(k.keyword)}
                    aria-label={t('admin.statistics.assign.open', { keyword: k.keyword })}
                    title={t('admin.statistics.assign.open', { keyword: k.keyword })}
                  >
                    <ListPlus size={18} aria-hidden="true" />
                  </button>
                ) : null,
            } satisfies StaffColumn<KeywordStatisticsRow>,
          ]
        : []),
    ],
    [t, lang, canAssign],
  );
  const data = keywords.data;
  const rangeText = data ? (data.from && data.to ? t('admin.statistics.rangeDates', { from: formatCalendarDate(data.from, lang), to: formatCalendarDate(addDay(data.to, -1), lang) }) : t('admin.statistics.range.all')) : '';

  return (
    <section className="staff-screen statistics-screen" aria-labelledby="screen-title">
      <PageMeta title={t('admin.statistics.title')} description={t('admin.statistics.title')} noindex />
      <div className="staff-screen__head">
        <div>
          <h1 id="screen-title">{t('admin.statistics.title')}</h1>
          {rangeText ? <p className="muted statistics-screen__dates">{rangeText}</p> : null}
        </div>
        <div className="statistics-screen__tools">
          <div className="staff-field">
            <label htmlFor="statistics-range">{t('admin.statistics.rangeLabel')}</label>
            <select id="statistics-range" value={range} onChange={(e) => setParam('range', e.target.value, DEFAULT_RANGE)}>
              {STATISTICS_RANGE_NAMES.map((r) => (
                <option key={r} value={r}>
                  {t(`admin.statistics.range.${r}`)}
                </option>
              ))}
            </select>
          </div>
          {onVehicles ? null : (
            <label className="staff-check statistics-screen__vehicle-only">
              <input
                type="checkbox"
                checked={vehicleBox}
                onChange={(e) => {
                  setVehicleBox(e.target.checked);
                  setParam('vehicle', e.target.checked ? '1' : '', '');
                }}
              />
              {t('admin.statistics.vehicleOnly')}
            </label>
          )}
          <a className="button" href={onVehicles ? searchVehiclesCsvUrl({ range, lang }) : searchKeywordsCsvUrl(params)} download>
            <Download size={16} aria-hidden="true" />
            {t('admin.statistics.exportCsv')}
          </a>
        </div>
      </div>

      {data ? <SearchesChart days={data.perDay} lang={lang} /> : null}

      <TabList
        idPrefix="statistics"
        label={t('admin.statistics.tabsLabel')}
        tabs={TABS}
        selected={tab}
        onSelect={(next) => setParam('tab', next, 'zero')}
        tabLabel={(key) => t(`admin.statistics.tab.${key}`)}
        count={(key) => (tab !== key ? null : onVehicles ? (vehicles.data?.total ?? null) : data ? data.total : null)}
      />
      <TabPanel idPrefix="statistics" selected={tab} busy={onVehicles ? vehicles.isFetching : keywords.isFetching}>
        {(onVehicles ? vehicles.isPending : keywords.isPending) ? <Spinner /> : null}
        {onVehicles && vehicles.isError ? <FormAlert messages={[apiErrorText(vehicles.error)]} /> : null}
        {!onVehicles && keywords.isError ? <FormAlert messages={[apiErrorText(keywords.error)]} /> : null}
        {onVehicles && vehicles.data ? <SearchVehiclesTable rows={vehicles.data.vehicles} caption={`${t('admin.statistics.title')}: ${t('admin.statistics.tab.vehicles')}`} lang={lang} /> : null}
        {!onVehicles && data ? (
          <DataTable
            caption={`${t('admin.statistics.title')}: ${t(`admin.statistics.tab.${tab}`)}`}
            rows={data.keywords}
            columns={columns}
            defaultSort={{ id: 'searches', desc: true }}
            rowKey={(k) => k.keyword}
            empty={t(vehicleOnly ? 'admin.statistics.vehicles.empty' : tab === 'zero' ? 'admin.statistics.emptyZero' : 'admin.statistics.empty')}
            sortLabel={() => t('admin.table.sort')}
          />
        ) : null}
      </TabPanel>
      {canAssign ? <AssignKeywordDialog keyword={assigning} lang={lang} onClose={() => setAssigning(null)} /> : null}
    </section>
  );
}

/** 'yyyy-mm-dd' plus `days` (the api's `to` is the first day after the range; the screen shows the last one in it). */
function addDay(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
