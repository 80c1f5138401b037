/**
 * ProductList (spec 2 "Admin area", /admin/product): every product in a dense table — image,
 * code1, name, gross price, free units per warehouse (editable in place with the spec 5 stock input: '+10' adds,
 * '-10' subtracts, '10' overwrites, Enter or Tab confirms, Escape cancels), availability with the back-office
 * labels of spec 4, and a visibility badge — found by part number (however typed) or name, filtered by category (a
 * tree select), availability policy, visibility, stock state, without image, without category, sorted by the spec 9
 * back-office labels (newest, oldest, name A-Z / Z-A, price low / high), paged by the server. Every choice lives in
 * the URL (`?q=&category=&policy=&visibility=&stock=&noImage=1&noCategory=1&sort=&page=&pageSize=`), so a list can
 * be linked and reloaded; the filters are declared to the shared ListFilterBar (conventions 16). Code and name link
 * to ProductEdit; 'New product' and 'Categories' link to their screens; each row's history button opens the
 * product's stock history with the audit timeline of its stock stream.
 */
import { FolderTree, History, ImageOff, Plus, SlidersHorizontal } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useSearchParams } from 'react-router';
import {
  ADMIN_PRODUCT_PAGE_SIZES,
  ADMIN_PRODUCT_SORTS,
  ADMIN_STOCK_STATES,
  AVAILABILITY_POLICY_VALUES,
  PRODUCT_VISIBILITY_STATES,
  type AdminProductListItem,
} from '../../../../../api/contracts/admin-products';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import { ListFilterBar } from '../../../components/staff/list-filter-bar';
import { StaffDialog } from '../../../components/staff/staff-dialog';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { useRouteLanguage, type Language } from '../../../lib/language';
import { hasPermission, useStaffSession } from '../../../lib/staff/session';
import { type CategoryChoice, useCategoryChoices } from '../api/get-category-choices';
import { listParams, useProducts } from '../api/get-products';
import { StockCell } from '../components/stock-cell';
import { StockHistory } from '../components/stock-history';
import './product-list.css';

/** The category tree as indented options: depth-first, by position then name. */
function categoryOptions(categories: readonly CategoryChoice[], lang: Language): { id: string; label: string }[] {
  const name = (c: CategoryChoice) => c.name[lang] || c.name[lang === 'et' ? 'en' : 'et'] || c.id;
  const known = new Set(categories.map((c) => c.id));
  const children = new Map<string | null, CategoryChoice[]>();
  for (const c of categories) {
    const parent = c.parentId && known.has(c.parentId) ? c.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const out: { id: string; label: string }[] = [];
  const walk = (parent: string | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => a.position - b.position || name(a).localeCompare(name(b), lang));
    for (const c of list) {
      out.push({ id: c.id, label: `${'\u00a0\u00a0'.repeat(depth)}${depth ? '└ ' : ''}${name(c)}` });
      if (depth < 12) walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export function ProductListScreen() {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const [search] = useSearchParams();
  const params = listParams(search);
  const list = useProducts(params, lang);
  const categories = useCategoryChoices();
  const session = useStaffSession();
  const canEditStock = session.data ? hasPermission(session.data, 'stock.edit') : false;
  const [reason, setReason] = useState('');
  const [historyOf, setHistoryOf] = useState<AdminProductListItem | null>(null);
  const reasonId = useId();

  const warehouses = list.data?.warehouses ?? [];
  const shownWarehouses = useMemo(() => {
    const data = list.data;
    if (!data) return [];
    // Active warehouses, and inactive ones that still hold stock of a product on the page.
    return data.warehouses.filter((w) => w.active || data.products.some((p) => (p.stock[w.id] ?? 0) !== 0));
  }, [list.data]);
  const options = useMemo(() => categoryOptions(categories.data ?? [], lang), [categories.data, lang]);
  const any = { value: '', label: t('productList.any') };
  const filtered = params.q !== '' || params.category !== null || params.policy !== null || params.visibility !== null || params.stock !== null || params.noImage || params.noCategory;

  const columns = useMemo((): StaffColumn<AdminProductListItem>[] => {
    const edit = (p: AdminProductListItem) => to(`/admin/product/edit/${encodeURIComponent(p.id)}`);
    return [
      {
        id: 'image',
        header: t('productList.columns.image'),
        value: () => null,
        sortable: false,
        cell: (p) =>
          p.image ? (
            <img className="product-list__thumb" src={p.image} alt="" width={40} height={40} loading="lazy" decoding="async" />
          ) : (
            <span className="product-list__thumb is-empty" title={t('productList.noImageTitle')}>
              <ImageOff size={16} aria-hidden="true" />
              <span className="visually-hidden">{t('productList.noImageTitle')}</span>
            </span>
          ),
      },
      {
        id: 'code1',
        header: t('productList.columns.code'),
        value: (p) => p.code1,
        sortable: false,
        cell: (p) => (
          <Link className="product-list__code" to={edit(p)}>
            {p.code1}
          </Link>
        ),
      },
      { id: 'name', header: t('productList.columns.name'), value: (p) => p.name, sortable: false, cell: (p) => <Link to={edit(p)}>{p.name || '—'}</Link> },
      { id: 'price', header: t('productList.columns.price'), value: (p) => p.grossCents, sortable: false, align: 'end', cell: (p) => formatEuro(p.grossCents, lang) ?? <span className="muted">{t('productList.noPrice')}</span> },
      ...shownWarehouses.map(
        (w): StaffColumn<AdminProductListItem> => ({
          id: `stock-${w.id}`,
          header: w.name,
          value: (p) => p.stock[w.id] ?? 0,
          sortable: false,
          align: 'end',
          cell: (p) =>
            canEditStock ? (
              <StockCell productId={p.id} code={p.code1} warehouse={w} value={p.stock[w.id] ?? 0} lang={lang} reason={reason} />
            ) : (
              <span className="product-list__stock">{p.stock[w.id] ?? 0}</span>
            ),
        }),
      ),
      {
        id: 'availability',
        header: t('productList.columns.availability'),
        value: (p) => p.policy,
        sortable: false,
        cell: (p) => (
          <span className={`product-list__availability${p.low ? ' is-low' : ''}`}>
            {t(`productList.policies.${p.policy}`)}
            {p.deliveryDays ? ` · ${t('productList.deliveryDays', { count: p.deliveryDays })}` : ''}
            {p.low ? <span className="product-list__low">{t('productList.low')}</span> : null}
          </span>
        ),
      },
      {
        id: 'visibility',
        header: t('productList.columns.visibility'),
        value: (p) => p.visibility,
        sortable: false,
        cell: (p) => <span className={`staff-state product-list__visibility is-${p.visibility}`}>{t(`productList.visibilities.${p.visibility}`)}</span>,
      },
      {
        id: 'actions',
        header: t('productList.columns.actions'),
        value: () => null,
        sortable: false,
        cell: (p) => (
          <button type="button" className="icon-button product-list__history" onClick={() => setHistoryOf(p)} aria-label={t('productList.historyOf', { code: p.code1 })} title={t('productList.historyOf', { code: p.code1 })}>
            <History size={16} aria-hidden="true" />
          </button>
        ),
      },
    ];
  }, [t, to, lang, shownWarehouses, canEditStock, reason]);

  return (
    <section className="staff-screen product-list" aria-labelledby="screen-title">
      <PageMeta title={t('productList.title')} description={t('productList.title')} noindex />
      <div className="staff-screen__head">
        <h1 id="screen-title">{t('productList.title')}</h1>
        <div className="product-list__links">
          <Link className="button" to={to('/admin/product/categories')}>
            <FolderTree size={16} aria-hidden="true" />
            {t('productList.categories')}
          </Link>
          <Link className="button" to={to('/admin/filter')}>
            <SlidersHorizontal size={16} aria-hidden="true" />
            {t('filterList.title')}
          </Link>
          <Link className="button button--primary" to={to('/admin/product/create')}>
            <Plus size={16} aria-hidden="true" />
            {t('productList.create')}
          </Link>
        </div>
      </div>

      <ListFilterBar
        label={t('productList.filters')}
        search={{ label: t('productList.search'), placeholder: t('productList.searchPlaceholder'), value: params.q }}
        filters={[
          { type: 'select', param: 'category', label: t('productList.category'), value: params.category ?? '', options: [any, ...options.map((o) => ({ value: o.id, label: o.label }))] },
          { type: 'select', param: 'policy', label: t('productList.policy'), value: params.policy ?? '', options: [any, ...AVAILABILITY_POLICY_VALUES.map((p) => ({ value: p, label: t(`productList.policies.${p}`) }))] },
          { type: 'select', param: 'visibility', label: t('productList.visibility'), value: params.visibility ?? '', options: [any, ...PRODUCT_VISIBILITY_STATES.map((v) => ({ value: v, label: t(`productList.visibilities.${v}`) }))] },
          { type: 'select', param: 'stock', label: t('productList.stock'), value: params.stock ?? '', options: [any, ...ADMIN_STOCK_STATES.map((v) => ({ value: v, label: t(`productList.stockStates.${v}`) }))] },
          {
            type: 'checks',
            legend: t('productList.flags'),
            checks: [
              { param: 'noImage', label: t('productList.noImage'), checked: params.noImage },
              { param: 'noCategory', label: t('productList.noCategory'), checked: params.noCategory },
            ],
          },
          { type: 'select', param: 'sort', label: t('productList.sort'), value: params.sort, defaultValue: 'newest', options: ADMIN_PRODUCT_SORTS.map((v) => ({ value: v, label: t(`productList.sorts.${v}`) })) },
        ]}
        pageSize={{ label: t('productList.pageSize'), value: params.pageSize, sizes: ADMIN_PRODUCT_PAGE_SIZES }}
        clear={{ label: t('productList.clear'), filtered }}
      />

      {canEditStock ? (
        <div className="staff-field product-list__reason">
          <label htmlFor={reasonId}>{t('productList.reason')}</label>
          <input id={reasonId} className="list-filter-bar__input" type="text" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('productList.reasonPlaceholder')} />
          <p className="muted product-list__hint">{t('productList.stockHint')}</p>
        </div>
      ) : null}

      {list.isPending ? <Spinner /> : null}
      {list.isError ? <FormAlert messages={[apiErrorText(list.error)]} /> : null}
      {list.data ? (
        <>
          <p className="muted product-list__total" aria-live="polite">
            {t('productList.total', { count: list.data.total })}
          </p>
          <DataTable
            caption={t('productList.title')}
            rows={list.data.products}
            columns={columns}
            defaultSort={null}
            rowKey={(p) => p.id}
            empty={filtered ? t('productList.emptyFiltered') : t('productList.empty')}
            sortLabel={() => t('admin.table.sort')}
            serverPaging={{ total: list.data.total, pageSize: list.data.pageSize }}
          />
        </>
      ) : null}

      {historyOf ? <StockHistoryDialog product={historyOf} warehouses={warehouses} onClose={() => setHistoryOf(null)} /> : null}
    </section>
  );
}

/** The stock history of one product in the staff dialog (Escape and the close button close it). */
function StockHistoryDialog({ product, warehouses, onClose }: { product: AdminProductListItem; warehouses: readonly { id: string; name: string }[]; onClose: () => void }) {
  const { t } = useTranslation('cms');
  return (
    <StaffDialog title={t('productList.history.titleOf', { code: product.code1, name: product.name })} closeLabel={t('productList.history.close')} onClose={onClose} size="wide">
      <StockHistory productId={product.id} warehouses={warehouses} />
    </StaffDialog>
  );
}
