/**
 * ProblematicProductsList (/admin/ProblematicProducts; spec 2 "Admin area": the product dashboard, what staff look
 * at each morning): six tabs — problematic (visible but not purchasable, no price, no description in a
 * language, no image), stale (not changed for N days, N chosen here, default 180), outdated (a visibility rule that
 * has ended), popular (most ordered in the last 30 days), low stock, without a category — each with its count, a
 * dense table of one page of the kind (paged by the api; the order is the kind's own), each row with its reason(s)
 * and linking to the product's edit screen /admin/product/edit/{id}. Tab, N and page live in the URL
 * (`?kind=stale&days=90&page=2`). The tabs are the shared TabList (conventions 16: the ARIA tabs pattern, arrow
 * keys, Home, End); the rows the shared DataTable, paged by the server. Two more tabs for vehicle fitment (issue
 * "Vehicle fitment", back office): products without fitment data and products whose applications fit nothing in the
 * vehicle reference (GET /v1/admin/fitment/dashboard), with the applications' labels.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useSearchParams } from 'react-router';
import {
  PROBLEMATIC_PRODUCTS_KIND_NAMES,
  type ProblematicProductsKindName,
  type ProblematicProductsReason,
  type ProblematicProductsRow,
  STALE_DAYS_DEFAULT,
  STALE_DAYS_MAX,
} from '../../../../../api/contracts/admin-problematic-products';
import { FITMENT_DASHBOARD_KIND_NAMES, type FitmentDashboard, type FitmentDashboardKindName } from '../../../../../api/contracts/admin-fitment';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import { withListChanges } from '../../../components/staff/list-filters';
import { TabList, TabPanel } from '../../../components/staff/tab-list';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { formatCount, formatEuro } from '../../../lib/format';
import { formatDate } from '../../../lib/format-date';
import type { Language } from '../../../lib/language';
import { useRouteLanguage } from '../../../lib/language';
import { useFitmentDashboard } from '../api/get-fitment-dashboard';
import { useProblematicProducts } from '../api/get-problematic-products';
import './problematic-products.css';

const DEFAULT_KIND: ProblematicProductsKindName = 'problematic';
type Tab = ProblematicProductsKindName | FitmentDashboardKindName;
const TABS: readonly Tab[] = [...PROBLEMATIC_PRODUCTS_KIND_NAMES, ...FITMENT_DASHBOARD_KIND_NAMES];
const isFitmentTab = (tab: Tab): tab is FitmentDashboardKindName => (FITMENT_DASHBOARD_KIND_NAMES as readonly string[]).includes(tab);
type FitmentRow = FitmentDashboard['rows'][number];

function readDays(raw: string | null): number {
  const n = Number(raw);
  return /^\d{1,4}$/.test(raw ?? '') && n >= 1 && n <= STALE_DAYS_MAX ? n : STALE_DAYS_DEFAULT;
}

/** The reason as a short text in the screen's language. */
function useReasonText() {
  const { t } = useTranslation('cms');
  return (reason: ProblematicProductsReason, lang: Language): string => {
    switch (reason.code) {
      case 'stale':
        return t('problematicProducts.reason.stale', { date: formatDate(reason.changedAt, lang) });
      case 'outdated':
        return t('problematicProducts.reason.outdated', { date: formatDate(reason.endedAt, lang, true) });
      case 'popular':
        return t('problematicProducts.reason.popular', { units: formatCount(reason.units, lang), count: reason.orders });
      case 'low_stock':
        return t('problematicProducts.reason.low_stock', { stock: formatCount(reason.stock, lang), level: formatCount(reason.level, lang) });
      default:
        return t(`problematicProducts.reason.${reason.code}`);
    }
  };
}

export function ProblematicProductsListScreen() {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const [search, setSearch] = useSearchParams();
  const rawKind = search.get('kind');
  const kind: Tab = (TABS as readonly string[]).includes(rawKind ?? '') ? (rawKind as Tab) : DEFAULT_KIND;
  const fitmentTab = isFitmentTab(kind);
  const days = readDays(search.get('days'));
  const pageParam = Number(search.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const list = useProblematicProducts({ kind: fitmentTab ? DEFAULT_KIND : kind, days, page: fitmentTab ? 1 : page, lang });
  const data = list.data;
  const fitment = useFitmentDashboard({ kind: fitmentTab ? kind : 'no-fitment', page: fitmentTab ? page : 1, lang });
  const reasonText = useReasonText();
  const [daysInput, setDaysInput] = useState(String(days));

  const selectKind = (next: Tab) => setSearch(withListChanges(search, { kind: next === DEFAULT_KIND ? null : next }));
  const applyDays = (event: FormEvent) => {
    event.preventDefault();
    const next = readDays(daysInput.trim());
    setDaysInput(String(next));
    setSearch(withListChanges(search, { days: next === STALE_DAYS_DEFAULT ? null : String(next) }));
  };

  const columns = useMemo((): StaffColumn<ProblematicProductsRow>[] => {
    const edit = (r: ProblematicProductsRow) => to(`/admin/product/edit/${encodeURIComponent(r.id)}`);
    return [
      {
        id: 'code',
        header: t('problematicProducts.columns.code'),
        value: (r) => r.code1,
        sortable: false,
        cell: (r) => (
          <Link className="problematic-products-code" to={edit(r)}>
            {r.code1}
          </Link>
        ),
      },
      { id: 'name', header: t('problematicProducts.columns.name'), value: (r) => r.name, sortable: false, cell: (r) => <Link to={edit(r)}>{r.name}</Link> },
      {
        id: 'reasons',
        header: t('problematicProducts.columns.reasons'),
        value: () => null,
        sortable: false,
        cell: (r) => (
          <ul className="problematic-products-reasons">
            {r.reasons.map((reason) => (
              <li key={reason.code} className={`problematic-products-reason problematic-products-reason--${reason.code}`}>
                {reasonText(reason, lang)}
              </li>
            ))}
          </ul>
        ),
      },
      { id: 'price', header: t('problematicProducts.columns.price'), value: (r) => r.grossCents, sortable: false, align: 'end', cell: (r) => formatEuro(r.grossCents, lang) ?? '—' },
      { id: 'stock', header: t('problematicProducts.columns.stock'), value: (r) => r.stockTotal, sortable: false, align: 'end', cell: (r) => formatCount(r.stockTotal, lang) },
      {
        id: 'visibility',
        header: t('problematicProducts.columns.visibility'),
        value: (r) => r.visibility,
        sortable: false,
        cell: (r) => <span className={`staff-state ${r.visibility === 'visible' ? 'is-active' : 'is-inactive'}`}>{t(`problematicProducts.visibility.${r.visibility}`)}</span>,
      },
      { id: 'changed', header: t('problematicProducts.columns.changed'), value: (r) => r.changedAt, sortable: false, align: 'end', cell: (r) => formatDate(r.changedAt, lang) },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, to, lang]);

  const fitmentColumns = useMemo((): StaffColumn<FitmentRow>[] => {
    const edit = (r: FitmentRow) => to(`/admin/product/edit/${encodeURIComponent(r.id)}`);
    return [
      { id: 'code', header: t('problematicProducts.columns.code'), value: (r) => r.code1, sortable: false, cell: (r) => <Link className="problematic-products-code" to={edit(r)}>{r.code1}</Link> },
      { id: 'name', header: t('problematicProducts.columns.name'), value: (r) => r.name, sortable: false, cell: (r) => <Link to={edit(r)}>{r.name}</Link> },
      { id: 'applications', header: t('problematicProducts.columns.applications'), value: () => null, sortable: false, cell: (r) => r.applications.join(', ') },
    ];
  }, [t, to]);
  const tabCount = (key: Tab): string | null => {
    if (isFitmentTab(key)) return fitment.data ? formatCount(fitment.data.counts[key], lang) : null;
    return data ? formatCount(data.counts[key], lang) : null;
  };
  const active = fitmentTab ? fitment : list;

  return (
    <section className="staff-screen problematic-products-screen" aria-labelledby="screen-title">
      <PageMeta title={t('problematicProducts.title')} description={t('problematicProducts.title')} noindex />
      <div className="staff-screen__head">
        <div>
          <h1 id="screen-title">{t('problematicProducts.title')}</h1>
          <p className="muted problematic-products-screen__intro">{t(`problematicProducts.intro.${kind}`, { days })}</p>
        </div>
        {kind === 'stale' ? (
          <form className="problematic-products-days" onSubmit={applyDays}>
            <div className="staff-field">
              <label htmlFor="problematic-products-days">{t('problematicProducts.days')}</label>
              <input id="problematic-products-days" type="number" inputMode="numeric" min={1} max={STALE_DAYS_MAX} value={daysInput} onChange={(e) => setDaysInput(e.target.value)} />
            </div>
            <button type="submit" className="button">
              {t('problematicProducts.showDays')}
            </button>
          </form>
        ) : null}
      </div>

      <TabList
        idPrefix="problematic-products"
        label={t('problematicProducts.tabsLabel')}
        tabs={TABS}
        selected={kind}
        onSelect={selectKind}
        tabLabel={(key) => t(`problematicProducts.tab.${key}`)}
        count={tabCount}
      />
      <TabPanel idPrefix="problematic-products" selected={kind} busy={active.isFetching}>
        {active.isPending ? <Spinner /> : null}
        {active.isError ? <FormAlert messages={[apiErrorText(active.error)]} /> : null}
        {fitmentTab && fitment.data && fitment.data.kind === kind ? (
          <>
            <p className="muted problematic-products-screen__total">{t('problematicProducts.total', { count: fitment.data.total, formatted: formatCount(fitment.data.total, lang) })}</p>
            <DataTable
              caption={`${t('problematicProducts.title')}: ${t(`problematicProducts.tab.${kind}`)}`}
              rows={fitment.data.rows}
              columns={fitmentColumns}
              defaultSort={null}
              rowKey={(r) => r.id}
              empty={t(`problematicProducts.empty.${kind}`)}
              sortLabel={() => t('admin.table.sort')}
              serverPaging={{ total: fitment.data.total, pageSize: fitment.data.pageSize }}
            />
          </>
        ) : null}
        {!fitmentTab && data && data.kind === kind ? (
          <>
            <p className="muted problematic-products-screen__total">{t('problematicProducts.total', { count: data.total, formatted: formatCount(data.total, lang) })}</p>
            <DataTable
              caption={`${t('problematicProducts.title')}: ${t(`problematicProducts.tab.${kind}`)}`}
              rows={data.rows}
              columns={columns}
              defaultSort={null}
              rowKey={(r) => r.id}
              empty={t(`problematicProducts.empty.${kind}`)}
              sortLabel={() => t('admin.table.sort')}
              serverPaging={{ total: data.total, pageSize: data.pageSize }}
            />
          </>
        ) : null}
      </TabPanel>
    </section>
  );
}
