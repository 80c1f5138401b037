/**
 * The one table of every staff list (conventions 13; "tables that sort and page"): TanStack Table v9
 * headless (`useTable` with the row sorting and pagination features) over rows already loaded, with the sort and
 * the page in the URL (`?sort=-lastSignInAt&page=2`, ./list-state.ts), so a list can be linked and reloaded. Headers
 * are buttons (keyboard reachable) with `aria-sort`; paging uses the storefront's pager. Dense rows, numbers and
 * dates right-aligned by `align: 'end'`. Styles in ./staff.css.
 *
 *   <DataTable caption="Users" rows={users} columns={[{ id: 'username', header: 'Username', value: (u) => u.username }]}
 *              defaultSort={{ id: 'username', desc: false }} rowKey={(u) => u.id} empty="No users" />
 */
import {
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Pagination } from '../pagination';
import { clampPage, readListState, STAFF_PAGE_SIZE, toggledSort, writeListState, type ListSort } from './list-state';
import './staff.css';

const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});

/** One column: its id (the `sort` value in the URL), header text, the value it sorts by, and how a cell shows. */
export interface StaffColumn<T> {
  id: string;
  header: string;
  /** The sort value; null sorts last. Shown as text when there is no `cell`. */
  value: (row: T) => string | number | null;
  cell?: (row: T) => ReactNode;
  /** Default true. */
  sortable?: boolean;
  align?: 'start' | 'end';
}

interface DataTableProps<T> {
  /** The table's accessible name (shown visually hidden: the screen's heading says it too). */
  caption: string;
  rows: readonly T[];
  columns: readonly StaffColumn<T>[];
  defaultSort: ListSort | null;
  rowKey: (row: T) => string;
  /** Shown in place of the rows when there are none. */
  empty: string;
  /** Texts of the sort buttons: e.g. 'Sort by {column}' made by the caller's translation. */
  sortLabel: (header: string) => string;
  /**
   * Paged by the server (spec 2 ProductList): `rows` are the URL's page (`?page=`) of `total` rows, already sorted
   * and filtered by the server; the table shows them as they are and its pager links change only `page`.
   */
  serverPaging?: { total: number; pageSize: number };
}

export function DataTable<T extends RowData>({ caption, rows, columns, defaultSort, rowKey, empty, sortLabel, serverPaging }: DataTableProps<T>) {
  const [search, setSearch] = useSearchParams();
  const sortable = useMemo(() => columns.filter((c) => c.sortable !== false).map((c) => c.id), [columns]);
  const listState = readListState(search, sortable, defaultSort);
  const page = serverPaging ? listState.page : clampPage(listState.page, rows.length);

  const columnDefs = useMemo(
    () =>
      columns.map(
        (c): ColumnDef<typeof features, T> => ({
          id: c.id,
          accessorFn: (row: T) => c.value(row) ?? undefined,
          header: c.header,
          cell: (ctx) => (c.cell ? c.cell(ctx.row.original) : String(ctx.getValue() ?? '')),
          enableSorting: c.sortable !== false,
          sortFn: 'alphanumeric',
          sortUndefined: 'last',
        }),
      ),
    [columns],
  );
  const data = useMemo(() => [...rows], [rows]);
  const sorting = useMemo(() => (listState.sort ? [listState.sort] : []), [listState.sort?.id, listState.sort?.desc]); // eslint-disable-line react-hooks/exhaustive-deps
  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId: (row: T) => rowKey(row),
    state: serverPaging ? { sorting: [], pagination: { pageIndex: 0, pageSize: Math.max(1, rows.length) } } : { sorting, pagination: { pageIndex: page - 1, pageSize: STAFF_PAGE_SIZE } },
    onSortingChange: () => {},
    onPaginationChange: () => {},
    autoResetPageIndex: false,
  });

  const sortBy = (id: string) => setSearch(writeListState(search, { sort: toggledSort(listState.sort, id), page: 1 }, defaultSort));
  const pageCount = Math.max(1, Math.ceil((serverPaging?.total ?? rows.length) / (serverPaging?.pageSize ?? STAFF_PAGE_SIZE)));
  const pageHref = (p: number) => {
    if (!serverPaging) return `?${writeListState(search, { sort: listState.sort, page: p }, defaultSort).toString()}`;
    const next = new URLSearchParams(search);
    if (p <= 1) next.delete('page');
    else next.set('page', String(p));
    return `?${next.toString()}`;
  };
  const columnById = new Map(columns.map((c) => [c.id, c]));

  return (
    <div className="data-table">
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const col = columnById.get(header.column.id);
                const sorted = listState.sort?.id === header.column.id ? (listState.sort.desc ? 'descending' : 'ascending') : undefined;
                const Icon = sorted === 'ascending' ? ArrowUp : sorted === 'descending' ? ArrowDown : ArrowUpDown;
                return (
                  <th key={header.id} scope="col" aria-sort={sorted} className={col?.align === 'end' ? 'is-end' : undefined}>
                    {col && col.sortable !== false ? (
                      <button type="button" className="data-table__sort" onClick={() => sortBy(col.id)} aria-label={`${col.header}, ${sortLabel(col.header)}`}>
                        {col.header}
                        <Icon size={14} aria-hidden="true" className={sorted ? undefined : 'is-idle'} />
                      </button>
                    ) : (
                      col?.header
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="data-table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={columnById.get(cell.column.id)?.align === 'end' ? 'is-end' : undefined}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <Pagination page={page} pageCount={pageCount} hrefFor={pageHref} />
    </div>
  );
}
