/**
 * ProblematicProductsList (/admin/ProblematicProducts; spec 2 "Admin area": the product dashboard; "What
 * staff look at each morning"): six tabs — problematic (visible but not purchasable, no price, no description in a
 * language, no image), stale (not changed for N days, N chosen here, default 180), outdated (a visibility rule that
 * has ended), popular (most ordered in the last 30 days), low stock, without a category — each with its count, a
 * dense table of one page of the kind (paged by the api; the order is the kind's own), each row with its reason(s)
 * and linking to the product's edit screen /admin/product/edit/{id}. Tab, N and page live in the URL
 * (`?kind=stale&days=90&page=2`). Tabs follow the ARIA tabs pattern (arrow keys, Home, End).
 */
import { useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  DASHBOARD_KIND_NAMES,
  type DashboardKindName,
  type DashboardReason,
  type DashboardRow,
  STALE_DAYS_DEFAULT,
  STALE_DAYS_MAX,
} from '../../../../../api/contracts/admin-product-dashboard';
import { PageMeta } from '../../../components/page-meta';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import { STAFF_PAGE_SIZE } from '../../../components/staff/list-state';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { formatCount, formatDate, formatEuro } from '../../../lib/format';
import type { Language } from '../../../lib/language';
import { useRouteLanguage } from '../../../lib/language';
import { useProductDashboard } from '../api/get-product-dashboard';
import './problematic-products.css';

const DEFAULT_KIND: DashboardKindName = 'problematic';

function readDays(raw: string | null): number {
  const n = Number(raw);
  return /^\d{1,4}$/.test(raw ?? '') && n >= 1 && n <= STALE_DAYS_MAX ? n : STALE_DAYS_DEFAULT;
}

/** The reason as a short text in the screen's language. */
function useReasonText() {
  const { t } = useTranslation('cms');
  return (reason: DashboardReason, lang: Language): string => {
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
  const kind: DashboardKindName = (DASHBOARD_KIND_NAMES as readonly string[]).includes(rawKind ?? '') ? (rawKind as DashboardKindName) : DEFAULT_KIND;
  const days = readDays(search.get('days'));
  const pageParam = Number(search.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const dashboard = useProductDashboard({ kind, days, page, lang });
  const data = dashboard.data;
  const reasonText = useReasonText();
  const tabRefs = useRef<Partial<Record<DashboardKindName, HTMLButtonElement | null>>>({});
  const [daysInput, setDaysInput] = useState(String(days));

  const selectKind = (next: DashboardKindName) => {
    const params = new URLSearchParams(search);
    if (next === DEFAULT_KIND) params.delete('kind');
    else params.set('kind', next);
    params.delete('page');
    setSearch(params);
    tabRefs.current[next]?.focus();
  };
  const onTabKey = (event: KeyboardEvent) => {
    const i = DASHBOARD_KIND_NAMES.indexOf(kind);
    const n = DASHBOARD_KIND_NAMES.length;
    const target =
      event.key === 'ArrowRight' ? (i + 1) % n : event.key === 'ArrowLeft' ? (i + n - 1) % n : event.key === 'Home' ? 0 : event.key === 'End' ? n - 1 : null;
    if (target === null) return;
    event.preventDefault();
    selectKind(DASHBOARD_KIND_NAMES[target]!);
  };
  const applyDays = (event: FormEvent) => {
    event.preventDefault();
    const next = readDays(daysInput.trim());
    setDaysInput(String(next));
    const params = new URLSearchParams(search);
    if (next === STALE_DAYS_DEFAULT) params.delete('days');
    else params.set('days', String(next));
    params.delete('page');
    setSearch(params);
  };

  const columns = useMemo((): StaffColumn<DashboardRow>[] => {
    const edit = (r: DashboardRow) => to(`/admin/product/edit/${encodeURIComponent(r.id)}`);
    return [
      {
        id: 'code',
        header: t('problematicProducts.columns.code'),
        value: (r) => r.code1,
        sortable: false,
        cell: (r) => (
          <Link className="dashboard-code" to={edit(r)}>
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
          <ul className="dashboard-reasons">
            {r.reasons.map((reason) => (
              <li key={reason.code} className={`dashboard-reason dashboard-reason--${reason.code}`}>
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

  const pageCount = data ? Math.max(1, Math.ceil(data.total / STAFF_PAGE_SIZE)) : 1;
  const hrefFor = (p: number) => {
    const params = new URLSearchParams(search);
    if (p <= 1) params.delete('page');
    else params.set('page', String(p));
    return `?${params.toString()}`;
  };

  return (
    <section className="staff-screen dashboard-screen" aria-labelledby="screen-title">
      <PageMeta title={t('problematicProducts.title')} description={t('problematicProducts.title')} noindex />
      <div className="staff-screen__head">
        <div>
          <h1 id="screen-title">{t('problematicProducts.title')}</h1>
          <p className="muted dashboard-screen__intro">{t(`problematicProducts.intro.${kind}`, { days })}</p>
        </div>
        {kind === 'stale' ? (
          <form className="dashboard-days" onSubmit={applyDays}>
            <div className="staff-field">
              <label htmlFor="dashboard-days">{t('problematicProducts.days')}</label>
              <input id="dashboard-days" type="number" inputMode="numeric" min={1} max={STALE_DAYS_MAX} value={daysInput} onChange={(e) => setDaysInput(e.target.value)} />
            </div>
            <button type="submit" className="button">
              {t('problematicProducts.showDays')}
            </button>
          </form>
        ) : null}
      </div>

      <div className="dashboard-tabs" role="tablist" aria-label={t('problematicProducts.tabsLabel')}>
        {DASHBOARD_KIND_NAMES.map((key) => (
          <button
            key={key}
            ref={(el) => {
              tabRefs.current[key] = el;
            }}
            type="button"
            role="tab"
            id={`dashboard-tab-${key}`}
            aria-selected={kind === key}
            aria-controls="dashboard-panel"
            tabIndex={kind === key ? 0 : -1}
            className="dashboard-tabs__tab"
            onClick={() => selectKind(key)}
            onKeyDown={onTabKey}
          >
            {t(`problematicProducts.tab.${key}`)}
            {data ? <span className="dashboard-tabs__count">{formatCount(data.counts[key], lang)}</span> : null}
          </button>
        ))}
      </div>
      <div id="dashboard-panel" role="tabpanel" aria-labelledby={`dashboard-tab-${kind}`} aria-busy={dashboard.isFetching}>
        {dashboard.isPending ? <Spinner /> : null}
        {dashboard.isError ? <FormAlert messages={[apiErrorText(dashboard.error)]} /> : null}
        {data && data.kind === kind ? (
          <>
            <p className="muted dashboard-screen__total">{t('problematicProducts.total', { count: data.total, formatted: formatCount(data.total, lang) })}</p>
            <DataTable
              caption={`${t('problematicProducts.title')}: ${t(`problematicProducts.tab.${kind}`)}`}
              rows={data.rows}
              columns={columns}
              defaultSort={null}
              rowKey={(r) => r.id}
              empty={t(`problematicProducts.empty.${kind}`)}
              sortLabel={() => t('admin.table.sort')}
            />
            <Pagination page={Math.min(page, pageCount)} pageCount={pageCount} hrefFor={hrefFor} />
          </>
        ) : null}
      </div>
    </section>
  );
}
