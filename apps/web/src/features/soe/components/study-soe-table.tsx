import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PAGE_SIZES, type SoeListRow } from '@predict/shared';
import { useId, useState, type ReactNode } from 'react';
import { useRememberedPageSize } from '@/features/plans';
import { formatDate } from '@/lib/format-date';
import { useStudySoes } from '../api/soe';
import { FetchingBar, LoadErrorAlert } from '@/components/load-state';

export const SOE_PAGE_SIZE_KEY = 'predict.soe.pageSize';

interface SoeColumn {
  header: string;
  cell: (row: SoeListRow) => ReactNode;
  wrap?: boolean;
}

/** The table's columns, in order (spec/2 section 2, SOE list and create). */
export const SOE_COLUMNS: readonly SoeColumn[] = [
  { header: 'SOE Name', cell: (row) => row.soeName },
  { header: 'Description', cell: (row) => row.soeDescr, wrap: true },
  { header: 'Status', cell: (row) => row.status },
  { header: 'Version', cell: (row) => row.version },
  { header: 'Linked Enrollment Plan', cell: (row) => row.linkedStudyPlanName ?? '' },
  { header: 'Last Updated', cell: (row) => formatDate(row.updateDate) },
];

/**
 * The study page's Schedules of Events table: the study's SOEs as the server orders them (newest first), paged
 * here. It only lists for now: the add-SOE button and the row menu (Edit, Clone, Delete, View SOE) come with the
 * SOE editor issue, and controls that would do nothing yet are deliberately not shown.
 */
export function StudySoeTable({ studyId }: { studyId: number }) {
  const headingId = useId();
  const soes = useStudySoes(studyId);
  const [pageSize, setPageSize] = useRememberedPageSize(SOE_PAGE_SIZE_KEY);
  const [pageIndex, setPageIndex] = useState(0);
  const rows = soes.data ?? [];
  // A refetch with fewer rows would otherwise leave an empty page.
  const page = Math.min(pageIndex, Math.max(0, Math.ceil(rows.length / pageSize) - 1));
  const pageRows = rows.slice(page * pageSize, (page + 1) * pageSize);

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Schedules of Events
      </Typography>
      {soes.isError && (
        <LoadErrorAlert
          message="The Schedules of Events could not be loaded."
          onRetry={() => void soes.refetch()}
        />
      )}
      <FetchingBar active={soes.isFetching} label="Loading Schedules of Events" />
      <TableContainer>
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              {SOE_COLUMNS.map((c) => (
                <TableCell key={c.header} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.map((row) => (
              <TableRow key={row.soeId} hover>
                {SOE_COLUMNS.map((c) => (
                  <TableCell key={c.header} sx={{ whiteSpace: c.wrap ? 'normal' : 'nowrap' }}>
                    {c.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {soes.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={SOE_COLUMNS.length} align="center" sx={{ py: 4 }}>
                  No Schedules of Events yet.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_, next) => setPageIndex(next)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPageIndex(0);
        }}
      />
    </Paper>
  );
}
