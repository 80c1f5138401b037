/**
 * StatisticsList's Vehicles view (spec 2 "Search keywords": the keyword statistics show searches that named a
 * vehicle): the vehicle models (or makes named alone) the range's searches named, with how many chose the vehicle
 * in the garage and how many typed it in the search text, the searches that found nothing and the top keywords, in
 * the shared DataTable (sort and page in the URL).
 */
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { VehicleStatisticsRow } from '../../../../../api/contracts/admin-statistics';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import type { Language } from '../../../lib/language';
import { formatCalendarDate } from '../utils/calendar-date';

export function SearchVehiclesTable({ rows, caption, lang }: { rows: readonly VehicleStatisticsRow[]; caption: string; lang: Language }) {
  const { t } = useTranslation('cms');
  const columns = useMemo(
    (): StaffColumn<VehicleStatisticsRow>[] => [
      { id: 'vehicle', header: t('admin.statistics.vehicles.vehicle'), value: (v) => v.label, cell: (v) => <span className="statistics-vehicle">{v.label}</span> },
      { id: 'searches', header: t('admin.statistics.searches'), value: (v) => v.searches, align: 'end' },
      { id: 'chosen', header: t('admin.statistics.vehicles.chosen'), value: (v) => v.chosen, align: 'end' },
      { id: 'typed', header: t('admin.statistics.vehicles.typed'), value: (v) => v.typed, align: 'end' },
      { id: 'zeroResults', header: t('admin.statistics.zeroResults'), value: (v) => v.zeroResults, align: 'end' },
      { id: 'lastSearchedOn', header: t('admin.statistics.lastSearchedOn'), value: (v) => v.lastSearchedOn, cell: (v) => formatCalendarDate(v.lastSearchedOn, lang), align: 'end' },
      {
        id: 'topKeywords',
        header: t('admin.statistics.vehicles.topKeywords'),
        value: (v) => v.topKeywords[0]?.keyword ?? null,
        sortable: false,
        cell: (v) => (
          <ul className="statistics-top-keywords">
            {v.topKeywords.map((k) => (
              <li key={k.keyword}>
                <span className="statistics-keyword">{k.keyword}</span> <span className="muted">({k.searches})</span>
              </li>
            ))}
          </ul>
        ),
      },
    ],
    [t, lang],
  );
  return (
    <DataTable
      caption={caption}
      rows={rows}
      columns={columns}
      defaultSort={{ id: 'searches', desc: true }}
      rowKey={(v) => v.key}
      empty={t('admin.statistics.vehicles.empty')}
      sortLabel={() => t('admin.table.sort')}
    />
  );
}
