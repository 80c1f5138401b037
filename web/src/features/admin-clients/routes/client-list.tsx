/**
 * ClientList (spec 2 "Admin area", reached by a full page load to /admin/client): the clients, latest
 * buyers first, with name or business name (linking to ClientEdit), private / business, e-mail, phone, order count,
 * total spent and last order; a search over names, e-mail and phone (300 ms after the last key, spec 9, or Enter)
 * and a private / business filter, both in the URL with the page (conventions 13), so the list can be linked and
 * reloaded; both are declared to the shared ListFilterBar (conventions 16). A forgotten client shows as such, without personal data.
 */
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useSearchParams } from 'react-router';
import type { AdminClientListItem } from '../../../../../api/contracts/admin-clients';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import { ListFilterBar } from '../../../components/staff/list-filter-bar';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { formatDate } from '../../../lib/format-date';
import { useRouteLanguage } from '../../../lib/language';
import { type ClientListParams, useClients } from '../api/get-clients';
import './clients.css';

function listParams(search: URLSearchParams): ClientListParams {
  const type = search.get('type');
  const page = Number(search.get('page'));
  return { q: (search.get('q') ?? '').slice(0, 100), type: type === 'private' || type === 'business' ? type : '', page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** The name a list shows: the business name for a business, else first and last name. */
export function clientName(c: Pick<AdminClientListItem, 'customer_type' | 'first_name' | 'last_name' | 'business_name'>): string {
  const person = [c.first_name, c.last_name].filter(Boolean).join(' ');
  return c.customer_type === 'business' ? c.business_name || person : person || c.business_name;
}

export function ClientListScreen() {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const [search] = useSearchParams();
  const params = listParams(search);
  const list = useClients(params);

  const columns = useMemo(
    (): StaffColumn<AdminClientListItem>[] => [
      {
        id: 'name',
        header: t('clientList.columns.name'),
        value: (c) => clientName(c),
        sortable: false,
        cell: (c) => (
          <Link to={to(`/admin/client/edit/${encodeURIComponent(c.id)}`)} className={c.forgotten ? 'client-list__forgotten' : undefined}>
            {c.forgotten ? t('clientList.forgotten') : clientName(c) || t('clientList.noName')}
          </Link>
        ),
      },
      { id: 'type', header: t('clientList.columns.type'), value: (c) => c.customer_type, sortable: false, cell: (c) => t(`clientList.type.${c.customer_type}`) },
      { id: 'email', header: t('clientList.columns.email'), value: (c) => c.email, sortable: false },
      { id: 'phone', header: t('clientList.columns.phone'), value: (c) => c.phone, sortable: false },
      { id: 'orders', header: t('clientList.columns.orders'), value: (c) => c.order_count, sortable: false, align: 'end' },
      { id: 'spent', header: t('clientList.columns.spent'), value: (c) => c.total_spent_cents, sortable: false, align: 'end', cell: (c) => formatEuro(c.total_spent_cents, lang) },
      { id: 'lastOrder', header: t('clientList.columns.lastOrder'), value: (c) => c.last_order_at, sortable: false, cell: (c) => (c.last_order_at ? formatDate(c.last_order_at, lang, true) : '') },
    ],
    [t, to, lang],
  );
  const filtered = params.q !== '' || params.type !== '';

  return (
    <section className="staff-screen client-list" aria-labelledby="screen-title">
      <PageMeta title={t('clientList.title')} description={t('clientList.title')} noindex />
      <div className="staff-screen__head">
        <h1 id="screen-title">{t('clientList.title')}</h1>
        {list.data ? <p className="muted">{t('clientList.count', { count: list.data.total })}</p> : null}
      </div>
      <ListFilterBar
        label={t('clientList.filters')}
        search={{ label: t('clientList.search'), placeholder: t('clientList.searchPlaceholder'), value: params.q }}
        filters={[
          {
            type: 'select',
            param: 'type',
            label: t('clientList.columns.type'),
            value: params.type,
            options: (['', 'private', 'business'] as const).map((v) => ({ value: v, label: t(`clientList.type.${v || 'all'}`) })),
          },
        ]}
        clear={{ label: t('clientList.clear'), filtered }}
      />
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <FormAlert messages={[apiErrorText(list.error)]} /> : null}
      {list.data ? (
        <DataTable
          caption={t('clientList.title')}
          rows={list.data.clients}
          columns={columns}
          defaultSort={null}
          rowKey={(c) => c.id}
          empty={filtered ? t('clientList.noMatch') : t('clientList.empty')}
          sortLabel={() => t('admin.table.sort')}
          serverPaging={{ total: list.data.total, pageSize: list.data.pageSize }}
        />
      ) : null}
    </section>
  );
}
