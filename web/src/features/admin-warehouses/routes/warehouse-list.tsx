/**
 * WarehouseList (spec 2 "Admin area"): every warehouse with its state, sortable and paged in the URL, the
 * name linking to WarehouseEdit; a New warehouse button (/admin/warehouse/create).
 */
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import type { AdminWarehouse } from '../../../../../api/contracts/admin-warehouses';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { useWarehouses } from '../api/get-warehouses';

export function WarehouseListScreen() {
  const { t } = useTranslation('cms');
  const { to } = useRouteLanguage();
  const warehouses = useWarehouses();
  const columns = useMemo(
    (): StaffColumn<AdminWarehouse>[] => [
      { id: 'name', header: t('admin.warehouses.name'), value: (w) => w.name.toLowerCase(), cell: (w) => <Link to={to(`/admin/warehouse/edit/${encodeURIComponent(w.id)}`)}>{w.name}</Link> },
      {
        id: 'state',
        header: t('admin.warehouses.state'),
        value: (w) => (w.active ? 0 : 1),
        cell: (w) => <span className={`staff-state ${w.active ? 'is-active' : 'is-inactive'}`}>{w.active ? t('admin.state.active') : t('admin.state.inactive')}</span>,
      },
    ],
    [t, to],
  );
  return (
    <section className="staff-screen" aria-labelledby="screen-title">
      <PageMeta title={t('admin.warehouses.title')} description={t('admin.warehouses.title')} noindex />
      <div className="staff-screen__head">
        <h1 id="screen-title">{t('admin.warehouses.title')}</h1>
        <Link className="button button--primary" to={to('/admin/warehouse/create')}>
          <Plus size={16} aria-hidden="true" />
          {t('admin.warehouses.create')}
        </Link>
      </div>
      {warehouses.isPending ? <Spinner /> : null}
      {warehouses.isError ? <FormAlert messages={[apiErrorText(warehouses.error)]} /> : null}
      {warehouses.data ? (
        <DataTable
          caption={t('admin.warehouses.title')}
          rows={warehouses.data}
          columns={columns}
          defaultSort={{ id: 'name', desc: false }}
          rowKey={(w) => w.id}
          empty={t('admin.warehouses.empty')}
          sortLabel={() => t('admin.table.sort')}
        />
      ) : null}
    </section>
  );
}
