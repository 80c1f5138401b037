/**
 * ReorderSuggestionsList (/admin/ReorderSuggestions; analytics/sell-through/reorder.ts): the products whose stock is
 * at or below their reorder point over a statistics range and a service level (90/95/98 %, `?level=` in the URL),
 * with stock, units a day, days of cover, lead time, safety stock, reorder point, the quantity in whole packs and the
 * reason; staff select suggestions and accept them at once (one purchase list, PurchaseListCreated), and the purchase
 * lists made so far are listed below with their CSV for the supplier. A CSV of the suggestions too.
 */
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useSearchParams } from 'react-router';
import { type PurchaseListSummaryRow, type ReorderSuggestionRow, SERVICE_LEVEL_VALUES, type ServiceLevelValue } from '../../../../../api/contracts/admin-reorder';
import { Spinner } from '../../../components/spinner';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import { withListChanges } from '../../../components/staff/list-filters';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useRouteLanguage } from '../../../lib/language';
import { purchaseListCsvUrl, reorderCsvUrl, useAcceptSuggestions, usePurchaseLists, useReorderSuggestions } from '../api/get-reorder';
import { AnalysisHead, useRange } from './range-picker';
import { formatDecimal } from './sell-through-list';
import './analytics.css';

const DEFAULT_LEVEL: ServiceLevelValue = '95';
const keyOf = (s: Pick<ReorderSuggestionRow, 'productId' | 'warehouseId'>) => `${s.productId}:${s.warehouseId}`;

export function ReorderSuggestionsListScreen() {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const range = useRange();
  const [search, setSearch] = useSearchParams();
  const rawLevel = search.get('level');
  const serviceLevel = (SERVICE_LEVEL_VALUES as readonly string[]).includes(rawLevel ?? '') ? (rawLevel as ServiceLevelValue) : DEFAULT_LEVEL;
  const params = { range, lang, serviceLevel };
  const result = useReorderSuggestions(params);
  const lists = usePurchaseLists();
  const accept = useAcceptSuggestions();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const data = result.data;
  const shown = useMemo(() => new Set(data?.suggestions.map(keyOf) ?? []), [data]);
  const chosen = [...selected].filter((k) => shown.has(k));

  const toggle = (key: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const columns = useMemo(
    (): StaffColumn<ReorderSuggestionRow>[] => [
      {
        id: 'select',
        header: t('analytics.reorder.select'),
        sortable: false,
        value: () => null,
        cell: (s) => (
          <input
            type="checkbox"
            checked={selected.has(keyOf(s))}
            onChange={(e) => toggle(keyOf(s), e.target.checked)}
            aria-label={t('analytics.reorder.selectRow', { code: s.code || s.productId, warehouse: s.warehouseName })}
          />
        ),
      },
      { id: 'code', header: t('analytics.sellThrough.code'), value: (s) => s.code },
      { id: 'name', header: t('analytics.sellThrough.product'), value: (s) => (lang === 'en' ? s.name.en || s.name.et : s.name.et || s.name.en) },
      { id: 'warehouse', header: t('analytics.sellThrough.warehouse'), value: (s) => s.warehouseName },
      { id: 'onHand', header: t('analytics.sellThrough.onHand'), value: (s) => s.onHand, align: 'end' },
      { id: 'daysOfCover', header: t('analytics.sellThrough.daysOfCover'), value: (s) => s.daysOfCover, cell: (s) => formatDecimal(s.daysOfCover, lang), align: 'end' },
      { id: 'reorderPoint', header: t('analytics.reorder.reorderPoint'), value: (s) => s.reorderPoint, align: 'end' },
      { id: 'quantity', header: t('analytics.reorder.quantity'), value: (s) => s.quantity, cell: (s) => t('analytics.reorder.packs', { quantity: s.quantity, count: s.packs }), align: 'end' },
      { id: 'openRequests', header: t('analytics.sellThrough.openRequests'), value: (s) => s.openRequests, align: 'end' },
      { id: 'reason', header: t('analytics.reorder.reason'), sortable: false, value: (s) => s.reason, cell: (s) => <span className="analysis-reason">{s.reason}{s.settingsSet ? '' : ` ${t('analytics.reorder.defaults')}`}</span> },
    ],
    [t, lang, selected],
  );
  const listColumns = useMemo(
    (): StaffColumn<PurchaseListSummaryRow>[] => [
      { id: 'createdAt', header: t('analytics.reorder.listCreated'), sortable: false, value: (l) => l.createdAt, cell: (l) => formatDate(l.createdAt, lang, true) },
      { id: 'createdBy', header: t('analytics.reorder.listBy'), sortable: false, value: (l) => l.createdByName ?? '–' },
      { id: 'lineCount', header: t('analytics.reorder.listLines'), sortable: false, value: (l) => l.lineCount, align: 'end' },
      { id: 'units', header: t('analytics.reorder.listUnits'), sortable: false, value: (l) => l.units, align: 'end' },
      {
        id: 'csv',
        header: t('analytics.reorder.listCsv'),
        sortable: false,
        value: () => null,
        cell: (l) => (
          <a href={purchaseListCsvUrl(l.id, lang)} download aria-label={t('analytics.reorder.listCsvOf', { date: formatDate(l.createdAt, lang, true) })}>
            <Download size={14} aria-hidden="true" /> CSV
          </a>
        ),
      },
    ],
    [t, lang],
  );

  const onAccept = () => {
    if (!data || !chosen.length) return;
    const items = data.suggestions.filter((s) => selected.has(keyOf(s))).map((s) => ({ productId: s.productId, warehouseId: s.warehouseId }));
    accept.mutate({ range, serviceLevel, items }, { onSuccess: () => setSelected(new Set()) });
  };

  return (
    <section className="staff-screen analysis-screen" aria-labelledby="screen-title">
      <AnalysisHead title={t('analytics.reorder.title')} range={range} from={data?.from} to={data?.to} csvUrl={reorderCsvUrl(params)} lang={lang} idPrefix="reorder" />
      <div className="analysis-screen__tools analysis-screen__tools--start">
        <div className="staff-field">
          <label htmlFor="reorder-level">{t('analytics.reorder.serviceLevel')}</label>
          <select id="reorder-level" value={serviceLevel} onChange={(e) => setSearch(withListChanges(search, { level: e.target.value === DEFAULT_LEVEL ? null : e.target.value }))}>
            {SERVICE_LEVEL_VALUES.map((l) => (
              <option key={l} value={l}>
                {t('analytics.reorder.level', { level: l })}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button" disabled={!data?.suggestions.length} onClick={() => setSelected(new Set(data?.suggestions.map(keyOf)))}>
          {t('analytics.reorder.selectAll')}
        </button>
        <button type="button" className="button button--primary" disabled={!chosen.length || accept.isPending} onClick={onAccept}>
          {t('analytics.reorder.accept', { count: chosen.length })}
        </button>
      </div>
      <p className="muted analysis-screen__note">{t('analytics.reorder.explain')}</p>
      <div role="status" aria-live="polite">
        {accept.isSuccess ? (
          <p className="analysis-screen__done">
            {t('analytics.reorder.accepted', { count: accept.data.list.lineCount, units: accept.data.list.units })}{' '}
            <a href={purchaseListCsvUrl(accept.data.list.id, lang)} download>
              {t('analytics.reorder.listCsv')}
            </a>
          </p>
        ) : null}
      </div>
      {accept.isError ? <FormAlert messages={[apiErrorText(accept.error)]} /> : null}
      <div aria-busy={result.isFetching}>
        {result.isPending ? <Spinner /> : null}
        {result.isError ? <FormAlert messages={[apiErrorText(result.error)]} /> : null}
        {data ? (
          <DataTable
            caption={t('analytics.reorder.title')}
            rows={data.suggestions}
            columns={columns}
            defaultSort={{ id: 'daysOfCover', desc: false }}
            rowKey={keyOf}
            empty={t('analytics.reorder.empty')}
            sortLabel={() => t('analytics.sort')}
          />
        ) : null}
      </div>
      <h2 className="analysis-screen__section">{t('analytics.reorder.listsTitle')}</h2>
      {lists.isError ? <FormAlert messages={[apiErrorText(lists.error)]} /> : null}
      {lists.data ? (
        <DataTable
          caption={t('analytics.reorder.listsTitle')}
          rows={lists.data}
          columns={listColumns}
          defaultSort={null}
          rowKey={(l) => l.id}
          empty={t('analytics.reorder.listsEmpty')}
          sortLabel={() => t('analytics.sort')}
        />
      ) : null}
    </section>
  );
}
