import type {
  ColumnDef,
  ColumnFiltersState,
  PaginationState,
  RowData,
  SortingState,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';

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

/**
 * Client-side tables whose owner filters `data` itself (after a debounce, say): the filter row shows and reports
 * `columnFilters`, and the owner holds the page, so as to go back to the first when it applies them.
 */
export interface OwnerFilters {
  columnFilters: ColumnFiltersState;
  onColumnFiltersChange: (filters: ColumnFiltersState) => void;
  pageIndex: number;
  onPageIndexChange: (pageIndex: number) => void;
}

export interface DataTableProps<T extends RowData> {
  // Columns of different value types do not share one ColumnDef<T, V> type (TanStack's own advice).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  data: readonly T[] | undefined;
  /** `index` is the row's place in `data`. */
  getRowId: (row: T, index: number) => string;
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
  /** Filters (and the page) held by the owner, who filters `data`; without it, `data` is filtered here. */
  ownerFilters?: OwnerFilters;
  /** Rows shown above every page's rows (a Total row): not sorted, filtered or counted in paging. */
  pinnedRows?: ReactNode;
  /** The table scrolls within this height (px), its head staying in view. */
  maxHeight?: number;
}
