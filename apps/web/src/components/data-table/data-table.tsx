import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { PAGE_SIZES } from '@predict/shared';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnFiltersState,
  type FilterFn,
  type PaginationState,
  type RowData,
  type SortingFn,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { FetchingBar, LoadErrorAlert } from '@/components/load-state';
import { FILTER_FNS } from './column-filters';
import { DataTableHead } from './data-table-head';
import { CELL_SX, stickySx } from './sticky';
import { useRememberedPageSize } from './use-remembered-page-size';

/** Where the rows come from: a react-query result fits. */
export interface DataTableLoad {
  isFetching: boolean;
  isError: boolean;
  isSuccess: boolean;
  refetch: () => unknown;
}

/** The texts of the table's states. */
export interface DataTableMessages {
  /** Names the progress bar while rows load ('Loading studies'). */
  loading: string;
  /** Shown with a Retry button when loading fails. */
  error: string;
  /** Shown when there are no rows at all. */
  empty: string;
  /** Shown when rows exist but the column filters leave none (client-side tables); `empty` otherwise. */
  noMatch?: string;
}

/**
 * Server-side tables (the study list) own their sorting, filters and paging: the table shows them and reports
 * changes; `data` is the current page and `rowCount` the total.
 */
export interface ServerSideState {
  rowCount: number;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  columnFilters: ColumnFiltersState;
  onColumnFiltersChange: (filters: ColumnFiltersState) => void;
  pagination: PaginationState;
  onPaginationChange: (pagination: PaginationState) => void;
}

export interface DataTableProps<T extends RowData> {
  // Columns of different value types do not share one ColumnDef<T, V> type (TanStack's own advice).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  data: readonly T[] | undefined;
  getRowId: (row: T) => string;
  load: DataTableLoad;
  messages: DataTableMessages;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** Client-side tables: the sort before the user picks one. */
  initialSorting?: SortingState;
  pageSizes?: readonly number[];
  defaultPageSize: number;
  /** Client-side tables: remember the page size in local storage under this key. */
  pageSizeKey?: string;
  /** A trailing, sticky column with each row's menu. */
  rowActions?: { header: string; cell: (row: T) => ReactNode };
  /** The first column stays in view when the table scrolls sideways (default true). */
  stickyFirstColumn?: boolean;
  /** Sorting, filtering and paging done by the server; without it they are done here on `data`. */
  server?: ServerSideState;
}

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

const apply = <S,>(updater: Updater<S>, old: S): S =>
  typeof updater === 'function' ? (updater as (old: S) => S)(old) : updater;

/**
 * The app's table (MUI look, TanStack Table state): sortable headers, a filter row for columns whose
 * `meta.filter` names a kind (text, select, dateRange, numberRange), paging, and the loading, error and empty
 * states. One column is sorted at a time; clicking it again reverses the order (no unsorted state).
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { server, load, messages } = props;
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
  const columns = useMemo(
    () =>
      props.columns.map((c) => {
        const kind = c.meta?.filter?.kind;
        const sorted = c.sortingFn ? c : { ...c, sortingFn: byValue as SortingFn<T> };
        return kind && !c.filterFn ? { ...sorted, filterFn: FILTER_FNS[kind] as FilterFn<T> } : sorted;
      }),
    [props.columns],
  );

  const sorting = server?.sorting ?? sortingState;
  const columnFilters = server?.columnFilters ?? filtersState;
  const pagination = server?.pagination ?? { pageIndex: pageIndexState, pageSize: pageSizeState };
  const setPagination = (next: PaginationState) => {
    if (server) return server.onPaginationChange(next);
    if (next.pageSize !== pageSizeState) setPageSizeState(next.pageSize);
    setPageIndexState(next.pageIndex);
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
    manualFiltering: Boolean(server),
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
      // New filters start again on the first page (a server-side table resets it with its query).
      if (server) return server.onColumnFiltersChange(next);
      setFiltersState(next);
      setPageIndexState(0);
    },
  });

  const total = server ? server.rowCount : table.getFilteredRowModel().rows.length;
  // Deleting the last row of the last page would otherwise leave an empty page.
  const lastPage = Math.max(0, Math.ceil(total / pagination.pageSize) - 1);
  if (!server && pageIndexState > lastPage) setPageIndexState(lastPage);
  const page = server ? pagination.pageIndex : Math.min(pageIndexState, lastPage);

  const stickyFirst = props.stickyFirstColumn ?? true;
  const colSpan = table.getVisibleLeafColumns().length + (props.rowActions ? 1 : 0);
  const emptyText =
    load.isSuccess && data.length === 0
      ? messages.empty
      : load.isSuccess && total === 0
        ? (messages.noMatch ?? messages.empty)
        : null;

  return (
    <>
      {load.isError && <LoadErrorAlert message={messages.error} onRetry={() => void load.refetch()} />}
      <FetchingBar active={load.isFetching} label={messages.loading} />
      <TableContainer>
        <Table size="small" aria-label={props['aria-label']} aria-labelledby={props['aria-labelledby']}>
          <DataTableHead
            table={table}
            stickyFirst={stickyFirst}
            actionsHeader={props.rowActions?.header ?? null}
          />
          <TableBody>
            {table.getRowModel().rows.map((row) => (
              <TableRow key={row.id} hover>
                {row.getVisibleCells().map((cell, index) => (
                  <TableCell
                    key={cell.id}
                    sx={{
                      ...CELL_SX,
                      whiteSpace: cell.column.columnDef.meta?.wrap ? 'normal' : 'nowrap',
                      minWidth: cell.column.columnDef.meta?.minWidth,
                      ...stickySx(stickyFirst && index === 0 ? 'left' : null, false),
                    }}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                ))}
                {props.rowActions && (
                  <TableCell align="right" sx={{ ...CELL_SX, ...stickySx('right', false) }}>
                    {props.rowActions.cell(row.original)}
                  </TableCell>
                )}
              </TableRow>
            ))}
            {emptyText !== null && (
              <TableRow>
                <TableCell colSpan={colSpan} align="center" sx={{ py: 4 }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={pagination.pageSize}
        rowsPerPageOptions={[...pageSizes]}
        onPageChange={(_, next) => setPagination({ ...pagination, pageIndex: next })}
        onRowsPerPageChange={(e) => setPagination({ pageIndex: 0, pageSize: Number(e.target.value) })}
      />
    </>
  );
}
