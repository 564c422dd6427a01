import { PAGE_SIZES } from '@predict/shared';
import {
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type FilterFn,
  type PaginationState,
  type RowData,
  type SortingFn,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { FILTER_FNS } from './column-filters';
import type { DataTableProps } from './data-table-types';
import { useRememberedPageSize } from './use-remembered-page-size';

/**
 * Text sorts ignoring case, anything else by value. (TanStack's 'auto' guesses from the rows after the tenth, so
 * a short table would sort text by character code: 'banana' after 'Grape'.)
 */
const byValue: SortingFn<RowData> = (a, b, columnId) => {
  const x: unknown = a.getValue(columnId);
  const y: unknown = b.getValue(columnId);
  const textual = typeof x === 'string' || typeof y === 'string';
  const [p, q] = textual ? [String(x ?? '').toLowerCase(), String(y ?? '').toLowerCase()] : [x, y];
  return (p as number) > (q as number) ? 1 : (p as number) < (q as number) ? -1 : 0;
};

const apply = <S>(updater: Updater<S>, old: S): S =>
  typeof updater === 'function' ? (updater as (old: S) => S)(old) : updater;

const lastPageOf = (rows: number, pageSize: number) => Math.max(0, Math.ceil(rows / pageSize) - 1);

/**
 * The columns with the table's sorting and filter rules unless they bring their own. A column's sortUndefined
 * 'last' becomes a number set against the direction: TanStack's 'last' calls either of two empty cells the later,
 * which only V8's sort happens to leave in order; a number keeps them in order, last in either direction.
 */
function withDefaults<T extends RowData>(columns: DataTableProps<T>['columns'], desc: boolean) {
  return columns.map((c) => {
    const kind = c.meta?.filter?.kind;
    const sorted = { ...c, sortingFn: c.sortingFn ?? (byValue as SortingFn<T>) };
    if (c.sortUndefined === 'last') sorted.sortUndefined = desc ? -1 : 1;
    return kind && !c.filterFn ? { ...sorted, filterFn: FILTER_FNS[kind] as FilterFn<T> } : sorted;
  });
}

/**
 * The table's TanStack state: sorting, filters and paging held here (client-side) or by the server, one column
 * sorted at a time, a new filter back on the first page, the page kept in range; with the rows' total and page.
 * With `ownerFilters` the owner holds the filters and the page and filters `data` itself.
 */
export function useDataTable<T extends RowData>(props: DataTableProps<T>) {
  const { server, ownerFilters: owner } = props;
  const pageSizes = props.pageSizes ?? PAGE_SIZES;
  const [sortingState, setSortingState] = useState<SortingState>(props.initialSorting ?? []);
  const [filtersState, setFiltersState] = useState<ColumnFiltersState>([]);
  const [pageIndexState, setPageIndexState] = useState(0);
  const [pageSizeState, setPageSizeState] = useRememberedPageSize(
    server ? undefined : props.pageSizeKey,
    pageSizes,
    props.defaultPageSize,
  );
  const data = useMemo(() => [...(props.data ?? [])], [props.data]);
  const sorting = server?.sorting ?? sortingState;
  const desc = sorting[0]?.desc ?? false;
  const columns = useMemo(() => withDefaults(props.columns, desc), [props.columns, desc]);

  const columnFilters = server?.columnFilters ?? owner?.columnFilters ?? filtersState;
  // The owner's page may lie past the rows its filters leave: show the last one (its page is theirs to reset).
  const pageIndex = owner
    ? Math.min(owner.pageIndex, lastPageOf(data.length, pageSizeState))
    : pageIndexState;
  const pagination = server?.pagination ?? { pageIndex, pageSize: pageSizeState };
  const setPagination = (next: PaginationState) => {
    if (server) return server.onPaginationChange(next);
    if (next.pageSize !== pageSizeState) setPageSizeState(next.pageSize);
    if (owner) owner.onPageIndexChange(next.pageIndex);
    else setPageIndexState(next.pageIndex);
  };

  const table = useReactTable<T>({
    data,
    columns,
    getRowId: props.getRowId,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    manualSorting: Boolean(server),
    manualFiltering: Boolean(server ?? owner),
    manualPagination: Boolean(server),
    rowCount: server?.rowCount,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    // A refetch (after a status change, say) must not send the user back to the first page.
    autoResetPageIndex: false,
    state: { sorting, columnFilters, pagination },
    onSortingChange: (updater) => {
      const next = apply(updater, sorting);
      if (server) server.onSortingChange(next);
      else setSortingState(next);
    },
    onColumnFiltersChange: (updater) => {
      const next = apply(updater, columnFilters);
      // New filters start again on the first page (a server-side table or an owner resets it as it applies them).
      if (server) return server.onColumnFiltersChange(next);
      if (owner) return owner.onColumnFiltersChange(next);
      setFiltersState(next);
      setPageIndexState(0);
    },
  });

  const total = server ? server.rowCount : table.getFilteredRowModel().rows.length;
  // Deleting the last row of the last page would otherwise leave an empty page.
  const lastPage = lastPageOf(total, pagination.pageSize);
  if (!server && pageIndexState > lastPage) setPageIndexState(lastPage);
  const page = server ? pagination.pageIndex : Math.min(pageIndex, lastPage);

  return { table, data, total, page, pagination, setPagination, pageSizes };
}
