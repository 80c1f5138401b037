/**
 * UserList (spec 2 "Admin area"): every staff user with roles, state and last sign-in, sortable by each
 * column and paged (both in the URL), the username linking to UserEdit; a New user button (/admin/user/create).
 */
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import type { AdminUser } from '../../../../../api/contracts/admin-users';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useRouteLanguage } from '../../../lib/language';
import { useUsers } from '../api/get-users';
import { roleLabel } from '../components/roles-field';

export function UserListScreen() {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const users = useUsers();
  const columns = useMemo(
    (): StaffColumn<AdminUser>[] => [
      { id: 'username', header: t('admin.users.username'), value: (u) => u.username.toLowerCase(), cell: (u) => <Link to={to(`/admin/user/edit/${encodeURIComponent(u.id)}`)}>{u.username}</Link> },
      { id: 'email', header: t('admin.users.email'), value: (u) => u.email?.toLowerCase() ?? null, cell: (u) => u.email ?? '—' },
      { id: 'roles', header: t('admin.users.roles'), value: (u) => u.roles.join(', ') || null, cell: (u) => u.roles.map((r) => roleLabel(t, r)).join(', ') || '—' },
      {
        id: 'state',
        header: t('admin.users.state'),
        value: (u) => (u.active ? 0 : 1),
        cell: (u) => <span className={`staff-state ${u.active ? 'is-active' : 'is-inactive'}`}>{u.active ? t('admin.state.active') : t('admin.state.inactive')}</span>,
      },
      { id: 'lastSignInAt', header: t('admin.users.lastSignIn'), value: (u) => u.lastSignInAt, cell: (u) => (u.lastSignInAt ? formatDate(u.lastSignInAt, lang, true) : t('admin.users.never')), align: 'end' },
    ],
    [t, lang, to],
  );
  return (
    <section className="staff-screen" aria-labelledby="screen-title">
      <PageMeta title={t('admin.users.title')} description={t('admin.users.title')} noindex />
      <div className="staff-screen__head">
        <h1 id="screen-title">{t('admin.users.title')}</h1>
        <Link className="button button--primary" to={to('/admin/user/create')}>
          <Plus size={16} aria-hidden="true" />
          {t('admin.users.create')}
        </Link>
      </div>
      {users.isPending ? <Spinner /> : null}
      {users.isError ? <FormAlert messages={[apiErrorText(users.error)]} /> : null}
      {users.data ? (
        <DataTable
          caption={t('admin.users.title')}
          rows={users.data}
          columns={columns}
          defaultSort={{ id: 'username', desc: false }}
          rowKey={(u) => u.id}
          empty={t('admin.users.empty')}
          sortLabel={() => t('admin.table.sort')}
        />
      ) : null}
    </section>
  );
}
