/**
 * The head of an analysis screen: title, the range's dates, the range picker (the spec's six statistics ranges,
 * kept in the URL as `?range=`) and the CSV export link.
 */
import { Download } from 'lucide-react';
import { useTranslation } from '../../../lib/translation';
import { useSearchParams } from 'react-router';
import { STATISTICS_RANGE_NAMES, type StatisticsRangeName } from '../../../../../api/contracts/admin-statistics';
import { PageMeta } from '../../../components/page-meta';
import { withListChanges } from '../../../components/staff/list-filters';
import type { Language } from '../../../lib/language';
import { addDay, formatCalendarDate } from '../utils/format';

export const DEFAULT_RANGE: StatisticsRangeName = 'last-30-days';

/** The range of the URL (`?range=`), the default for anything else. */
export function useRange(): StatisticsRangeName {
  const [search] = useSearchParams();
  const raw = search.get('range');
  return (STATISTICS_RANGE_NAMES as readonly string[]).includes(raw ?? '') ? (raw as StatisticsRangeName) : DEFAULT_RANGE;
}

export function AnalysisHead(props: { title: string; range: StatisticsRangeName; from: string | null | undefined; to: string | null | undefined; csvUrl: string; lang: Language; idPrefix: string }) {
  const { title, range, from, to, csvUrl, lang, idPrefix } = props;
  const { t } = useTranslation('cms');
  const [search, setSearch] = useSearchParams();
  const dates = from === undefined ? '' : from && to ? `${formatCalendarDate(from, lang)} – ${formatCalendarDate(addDay(to, -1), lang)}` : t('analytics.range.all');
  return (
    <div className="staff-screen__head">
      <PageMeta title={title} description={title} noindex />
      <div>
        <h1 id="screen-title">{title}</h1>
        {dates ? <p className="muted analysis-screen__dates">{dates}</p> : null}
      </div>
      <div className="analysis-screen__tools">
        <div className="staff-field">
          <label htmlFor={`${idPrefix}-range`}>{t('analytics.rangeLabel')}</label>
          <select id={`${idPrefix}-range`} value={range} onChange={(e) => setSearch(withListChanges(search, { range: e.target.value === DEFAULT_RANGE ? null : e.target.value }))}>
            {STATISTICS_RANGE_NAMES.map((r) => (
              <option key={r} value={r}>
                {t(`analytics.range.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <a className="button" href={csvUrl} download>
          <Download size={16} aria-hidden="true" />
          {t('analytics.exportCsv')}
        </a>
      </div>
    </div>
  );
}
