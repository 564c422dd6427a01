import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { PAGE_SIZES, type StudySortColumn } from '@predict/shared';
import { FetchingBar, LoadErrorAlert } from '@/components/load-state';
import { flexRender, getCoreRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import { useStudyList } from '../api/studies';
import { useStudyListState } from '../hooks/use-study-list-state';
import { STUDY_COLUMNS, studyColumns } from './study-columns';
import { StudyTableHead } from './study-table-head';

/** The study list of spec/1 section 2: search, column filters, sorting and paging, all done by the server. */
export function StudyList() {
  const state = useStudyListState();
  const { query } = state;
  const studies = useStudyList(query);
  const rows = studies.data?.rows ?? [];
  const sorting: SortingState = [{ id: query.sort, desc: query.order === 'desc' }];

  const table = useReactTable({
    data: rows,
    columns: studyColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.studyId),
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    rowCount: studies.data?.total ?? 0,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    state: { sorting, pagination: { pageIndex: query.page, pageSize: query.pageSize } },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first) state.setSort(first.id as StudySortColumn, first.desc ? 'desc' : 'asc');
    },
  });

  return (
    <Paper sx={{ p: 2 }}>
      <TextField
        label="Search studies"
        helperText="Search by PCN, sponsor name or indication"
        value={state.searchInput}
        onChange={(e) => state.setSearchInput(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') state.submitSearch();
        }}
        size="small"
        sx={{ mb: 2, width: { xs: '100%', sm: 420 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { maxLength: 200 },
        }}
      />
      {studies.isError && (
        <LoadErrorAlert message="The studies could not be loaded." onRetry={() => void studies.refetch()} />
      )}
      <FetchingBar active={studies.isFetching} label="Loading studies" />
      <TableContainer>
        <Table size="small" aria-label="Studies">
          <StudyTableHead table={table} filters={state.filterInputs} onFilterChange={state.setFilter} />
          <TableBody>
            {table.getRowModel().rows.map((row) => (
              <TableRow key={row.id} hover>
                {row.getVisibleCells().map((cell) => (
                  <TableCell
                    key={cell.id}
                    sx={{ whiteSpace: cell.column.id === 'studyName' ? 'normal' : 'nowrap' }}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {studies.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={STUDY_COLUMNS.length} align="center" sx={{ py: 4 }}>
                  No studies match your search.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={studies.data?.total ?? 0}
        page={query.page}
        rowsPerPage={query.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_, page) => state.setPage(page)}
        onRowsPerPageChange={(e) => state.setPageSize(Number(e.target.value))}
      />
    </Paper>
  );
}
