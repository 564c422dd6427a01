import MuiTable from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { flexRender, type RowData, type Table } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { FetchingBar, LoadErrorAlert } from '@/components/load-state';
import { DataTableHead } from './data-table-head';
import { CELL_SX, stickySx } from './sticky';
import type { DataTableProps } from './data-table-types';
import { useDataTable } from './use-data-table';

export type {
  DataTableLoad,
  DataTableMessages,
  DataTableProps,
  OwnerFilters,
  ServerSideState,
} from './data-table-types';

/**
 * The app's table (MUI look, TanStack Table state): sortable headers, a filter row for columns whose
 * `meta.filter` names a kind (text, select, dateRange, numberRange), paging, and the loading, error and empty
 * states. One column is sorted at a time; clicking it again reverses the order (no unsorted state). Rows may be
 * pinned above every page (a Total row), and the owner may filter the rows itself (`ownerFilters`).
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { load, messages } = props;
  const { table, data, total, page, pagination, setPagination, pageSizes } = useDataTable(props);

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
      <TableContainer sx={props.maxHeight ? { maxHeight: props.maxHeight } : undefined}>
        <MuiTable
          size="small"
          // Collapsed borders would scroll away from a sticky head (MUI's stickyHeader separates them too).
          sx={props.maxHeight ? { borderCollapse: 'separate' } : undefined}
          aria-label={props['aria-label']}
          aria-labelledby={props['aria-labelledby']}
        >
          <DataTableHead
            table={table}
            stickyFirst={stickyFirst}
            actionsHeader={props.rowActions?.header ?? null}
            sticky={Boolean(props.maxHeight)}
          />
          <DataTableBody
            table={table}
            stickyFirst={stickyFirst}
            rowActions={props.rowActions}
            pinnedRows={props.pinnedRows}
            emptyText={emptyText}
            colSpan={colSpan}
          />
        </MuiTable>
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

/** The pinned rows, then the page's rows, each with its row menu, or the empty state's one row. */
function DataTableBody<T extends RowData>(p: {
  table: Table<T>;
  stickyFirst: boolean;
  rowActions: DataTableProps<T>['rowActions'];
  pinnedRows: ReactNode;
  emptyText: string | null;
  colSpan: number;
}) {
  return (
    <TableBody>
      {p.pinnedRows}
      {p.table.getRowModel().rows.map((row) => (
        <TableRow key={row.id} hover>
          {row.getVisibleCells().map((cell, index) => (
            <TableCell
              key={cell.id}
              sx={{
                ...CELL_SX,
                whiteSpace: cell.column.columnDef.meta?.wrap ? 'normal' : 'nowrap',
                minWidth: cell.column.columnDef.meta?.minWidth,
                ...stickySx(p.stickyFirst && index === 0 ? 'left' : null, false),
              }}
            >
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </TableCell>
          ))}
          {p.rowActions && (
            <TableCell align="right" sx={{ ...CELL_SX, ...stickySx('right', false) }}>
              {p.rowActions.cell(row.original)}
            </TableCell>
          )}
        </TableRow>
      ))}
      {p.emptyText !== null && (
        <TableRow>
          <TableCell colSpan={p.colSpan} align="center" sx={{ py: 4 }}>
            {p.emptyText}
          </TableCell>
        </TableRow>
      )}
    </TableBody>
  );
}
