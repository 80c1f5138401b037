/**
 * PageList (spec 2 "Admin area": PageEdit and PageList; "Labels name ... pages"), /admin/page: the content pages in
 * the shared staff table — title (linking to PageEdit, /admin/page/edit/{id}) with its URL name, layout (spec 1, by
 * its translated name), state (draft, published, scheduled, hidden), the languages it has a title in, and the last
 * change with who made it — found by title or URL name in either language, filtered by layout, state and language,
 * sorted by title or last change (the column headers), paged by the server. Every choice lives in the URL
 * (`?q=&layout=&state=&language=&sort=-changedAt&page=2&pageSize=48`, ../utils/page-list-params.ts), declared to
 * the shared ListFilterBar and DataTable (conventions 16). 'New page' opens the create dialog; each row has its
 * audit timeline (history.view) and, for pages.edit, a delete with confirmation. Read-only for pages.view alone.
 */
import { History, ListTree, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useSearchParams } from 'react-router';
import { PAGE_STATES, type PageListItem } from '../../../../../api/contracts/pages-admin';
import { PAGE_LAYOUTS } from '../../../../../domain/page/page-doc';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import { HistoryTimeline } from '../../../components/staff/history-timeline';
import { ListFilterBar } from '../../../components/staff/list-filter-bar';
import { StaffDialog } from '../../../components/staff/staff-dialog';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useRouteLanguage, type Language } from '../../../lib/language';
import { hasPermission, useStaffSession } from '../../../lib/staff/session';
import { usePages } from '../api/get-pages';
import { DeletePageDialog } from '../components/delete-page-dialog';
import { NewPageDialog } from '../components/new-page-dialog';
import { isFiltered, PAGE_LIST_DEFAULT_SORT, PAGE_LIST_LANGUAGES, PAGE_LIST_SIZES, pageListParams } from '../utils/page-list-params';
import './admin-pages.css';

/** The page's title in `lang`, else in the other language. */
const titleOf = (p: Pick<PageListItem, 'title'>, lang: Language) => p.title[lang] || p.title[lang === 'et' ? 'en' : 'et'];

export function PageListScreen() {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const [search] = useSearchParams();
  const params = pageListParams(search);
  const list = usePages(params, lang);
  const session = useStaffSession();
  const canEdit = session.data ? hasPermission(session.data, 'pages.edit') : false;
  const canSeeHistory = session.data ? hasPermission(session.data, 'history.view') : false;
  const [creating, setCreating] = useState(false);
  const [historyOf, setHistoryOf] = useState<PageListItem | null>(null);
  const [deleting, setDeleting] = useState<PageListItem | null>(null);
  const filtered = isFiltered(params);
  const any = { value: '', label: t('pageList.any') };
  // The delete dialog reads the row as the list shows it now (its version after a reload).
  const deletingRow = deleting ? (list.data?.items.find((p) => p.pageId === deleting.pageId) ?? deleting) : null;

  const columns = useMemo((): StaffColumn<PageListItem>[] => {
    const edit = (p: PageListItem) => to(`/admin/page/edit/${encodeURIComponent(p.pageId)}`);
    return [
      {
        id: 'title',
        header: t('pageList.columns.title'),
        value: (p) => titleOf(p, lang),
        cell: (p) => (
          <span className="admin-pages__title">
            <Link to={edit(p)}>{titleOf(p, lang) || '—'}</Link>
            <span className="muted">/{p.slug[lang] || p.slug.et}</span>
          </span>
        ),
      },
      { id: 'layout', header: t('pageList.columns.layout'), value: (p) => p.layout, sortable: false, cell: (p) => t(`pageLayouts.${p.layout}`, { defaultValue: p.layout }) },
      { id: 'state', header: t('pageList.columns.state'), value: (p) => p.state, sortable: false, cell: (p) => <span className={`staff-state admin-pages__state is-${p.state}`}>{t(`pageList.states.${p.state}`)}</span> },
      {
        id: 'languages',
        header: t('pageList.columns.languages'),
        value: () => null,
        sortable: false,
        cell: (p) => (
          <span className="admin-pages__languages">
            {PAGE_LIST_LANGUAGES.filter((l) => p.title[l] !== '').map((l) => (
              <abbr key={l} title={t(`pageList.languages.${l}`)}>
                {l.toUpperCase()}
              </abbr>
            ))}
          </span>
        ),
      },
      {
        id: 'changedAt',
        header: t('pageList.columns.changed'),
        value: (p) => p.changedAt,
        cell: (p) => (
          <span className="admin-pages__changed">
            {p.changedAt ? <time dateTime={p.changedAt}>{formatDate(p.changedAt, lang, true)}</time> : '—'}
            <span className="muted">{p.changedBy ?? t('pageList.system')}</span>
          </span>
        ),
      },
      {
        id: 'actions',
        header: t('pageList.columns.actions'),
        value: () => null,
        sortable: false,
        cell: (p) => (
          <span className="admin-pages__actions">
            {canSeeHistory ? (
              <button type="button" className="icon-button" onClick={() => setHistoryOf(p)} aria-label={t('pageList.historyOf', { title: titleOf(p, lang) })} title={t('pageList.historyOf', { title: titleOf(p, lang) })}>
                <History size={16} aria-hidden="true" />
              </button>
            ) : null}
            {canEdit ? (
              <button type="button" className="icon-button" onClick={() => setDeleting(p)} aria-label={t('pageList.deleteOf', { title: titleOf(p, lang) })} title={t('pageList.deleteOf', { title: titleOf(p, lang) })}>
                <Trash2 size={16} aria-hidden="true" />
              </button>
            ) : null}
          </span>
        ),
      },
    ];
  }, [t, to, lang, canEdit, canSeeHistory]);

  return (
    <section className="staff-screen admin-pages" aria-labelledby="screen-title">
      <PageMeta title={t('pageList.title')} description={t('pageList.title')} noindex />
      <div className="staff-screen__head">
        <h1 id="screen-title">{t('pageList.title')}</h1>
        <div className="admin-pages__links">
          <Link className="button" to={to('/admin/menu')}>
            <ListTree size={16} aria-hidden="true" />
            {t('admin.menu.menu')}
          </Link>
          {canEdit ? (
            <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
              <Plus size={16} aria-hidden="true" />
              {t('pageList.create.open')}
            </button>
          ) : null}
        </div>
      </div>

      <ListFilterBar
        label={t('pageList.filters')}
        search={{ label: t('pageList.search'), placeholder: t('pageList.searchPlaceholder'), value: params.q }}
        filters={[
          { type: 'select', param: 'layout', label: t('pageList.columns.layout'), value: params.layout ?? '', options: [any, ...PAGE_LAYOUTS.map((l) => ({ value: l, label: t(`pageLayouts.${l}`) }))] },
          { type: 'select', param: 'state', label: t('pageList.columns.state'), value: params.state ?? '', options: [any, ...PAGE_STATES.map((s) => ({ value: s, label: t(`pageList.states.${s}`) }))] },
          { type: 'select', param: 'language', label: t('pageList.language'), value: params.language ?? '', options: [any, ...PAGE_LIST_LANGUAGES.map((l) => ({ value: l, label: t(`pageList.languages.${l}`) }))] },
        ]}
        pageSize={{ label: t('pageList.pageSize'), value: params.pageSize, sizes: PAGE_LIST_SIZES }}
        clear={{ label: t('pageList.clear'), filtered }}
      />

      {list.isPending ? <Spinner /> : null}
      {list.isError ? <FormAlert messages={[apiErrorText(list.error)]} /> : null}
      {list.data ? (
        <>
          <p className="muted admin-pages__total" aria-live="polite">
            {t('pageList.total', { count: list.data.total })}
          </p>
          <DataTable
            caption={t('pageList.title')}
            rows={list.data.items}
            columns={columns}
            defaultSort={PAGE_LIST_DEFAULT_SORT}
            rowKey={(p) => p.pageId}
            empty={filtered ? t('pageList.emptyFiltered') : t('pageList.empty')}
            sortLabel={() => t('admin.table.sort')}
            serverPaging={{ total: list.data.total, pageSize: list.data.pageSize }}
          />
        </>
      ) : null}

      {creating ? <NewPageDialog onClose={() => setCreating(false)} /> : null}
      {deletingRow ? <DeletePageDialog page={deletingRow} title={titleOf(deletingRow, lang)} onClose={() => setDeleting(null)} /> : null}
      {historyOf ? (
        <StaffDialog title={t('pageList.historyOf', { title: titleOf(historyOf, lang) })} closeLabel={t('pageList.close')} onClose={() => setHistoryOf(null)} size="wide">
          <HistoryTimeline stream={`page-${historyOf.pageId}`} />
        </StaffDialog>
      ) : null}
    </section>
  );
}
