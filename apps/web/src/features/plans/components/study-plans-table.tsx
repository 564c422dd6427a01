import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PAGE_SIZES, type StudySearchResult } from '@predict/shared';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type SortingState,
} from '@tanstack/react-table';
import { useId, useState } from 'react';
import { useCurrentUser } from '@/features/auth';
import { useStudyPlans } from '../api/plans';
import { useRememberedPageSize } from '../hooks/use-remembered-page-size';
import { PLAN_COLUMNS, planColumns } from './plan-columns';
import { PlanRowActionsCell } from './plan-row-actions-cell';
import { PlanTableHead } from './plan-table-head';
import { NewPlanDialog } from './new-plan-dialog';
import { FetchingBar, LoadErrorAlert } from '@/components/load-state';

export const PLANS_PAGE_SIZE_KEY = 'predict.studyPlans.pageSize';

/**
 * The study page's plan table (spec/1 section 2, One study). A study has few plans, so filtering, sorting and
 * paging happen here on the whole list.
 */
export function StudyPlansTable({ study }: { study: StudySearchResult }) {
  const { studyId } = study;
  const headingId = useId();
  const { roles } = useCurrentUser();
  const plans = useStudyPlans(studyId);
  const [pageSize, setPageSize] = useRememberedPageSize(PLANS_PAGE_SIZE_KEY);
  const [pageIndex, setPageIndex] = useState(0);
  const [sorting, setSorting] = useState<SortingState>([{ id: 'updateDate', desc: true }]);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [newPlanOpen, setNewPlanOpen] = useState(false);
  const rows = plans.data ?? [];

  const table = useReactTable({
    data: rows,
    columns: planColumns,
    getRowId: (row) => String(row.studyPlanId),
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    // A refetch (after a status change, say) must not send the user back to the first page.
    autoResetPageIndex: false,
    state: { sorting, columnFilters, pagination: { pageIndex, pageSize } },
    onSortingChange: setSorting,
    onColumnFiltersChange: (updater) => {
      setColumnFilters(updater);
      setPageIndex(0);
    },
  });
  const filteredCount = table.getFilteredRowModel().rows.length;
  // Deleting the last row of the last page would otherwise leave an empty page.
  const lastPage = Math.max(0, Math.ceil(filteredCount / pageSize) - 1);
  const page = Math.min(pageIndex, lastPage);
  if (page !== pageIndex) setPageIndex(page);

  const colSpan = PLAN_COLUMNS.length + 1;
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Study Plans
        </Typography>
        {!roles.readOnly && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setNewPlanOpen(true)}
            disabled={!plans.isSuccess}
          >
            Add Study Plan
          </Button>
        )}
      </Box>
      {plans.isError && (
        <LoadErrorAlert message="The study plans could not be loaded." onRetry={() => void plans.refetch()} />
      )}
      <FetchingBar active={plans.isFetching} label="Loading study plans" />
      <TableContainer>
        <Table size="small" aria-labelledby={headingId}>
          <PlanTableHead table={table} />
          <TableBody>
            {table.getRowModel().rows.map((row) => (
              <TableRow key={row.id} hover>
                {row.getVisibleCells().map((cell) => (
                  <TableCell
                    key={cell.id}
                    sx={{ whiteSpace: cell.column.id === 'studyPlanDescr' ? 'normal' : 'nowrap' }}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                ))}
                <TableCell align="right">
                  <PlanRowActionsCell study={study} plan={row.original} plans={rows} />
                </TableCell>
              </TableRow>
            ))}
            {plans.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={colSpan} align="center" sx={{ py: 4 }}>
                  No study plans yet.
                </TableCell>
              </TableRow>
            )}
            {plans.isSuccess && rows.length > 0 && filteredCount === 0 && (
              <TableRow>
                <TableCell colSpan={colSpan} align="center" sx={{ py: 4 }}>
                  No study plans match the filters.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={filteredCount}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_, next) => setPageIndex(next)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPageIndex(0);
        }}
      />
      {newPlanOpen && <NewPlanDialog studyId={studyId} plans={rows} onClose={() => setNewPlanOpen(false)} />}
    </Paper>
  );
}
