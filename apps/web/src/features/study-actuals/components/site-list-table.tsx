import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import { PAGE_SIZES, type SiteRow } from '@predict/shared';
import { useState } from 'react';
import {
  cellText,
  nextSort,
  SITE_COLUMNS,
  sortSites,
  type SiteField,
  type SiteFilters,
  type SiteSort,
} from '../utils/site-rows';

const DEFAULT_PAGE_SIZE = 10;
const CELL = { fontSize: 13, px: 1, whiteSpace: 'nowrap' } as const;

/**
 * One tab of the View Site List dialog (spec/3 sections 2 and 4): sortable headers, a filter row when `showFilters`
 * (the inputs show what is typed; the owner applies it after the debounce), the Total row first, and pages of 5, 10
 * or 25 rows (10 by default). `rows` are already filtered; a new filter starts again on the first page.
 */
export function SiteListTable({
  label,
  projectId,
  rows,
  showFilters,
  filterInputs,
  onFilterInput,
  page,
  onPageChange,
}: {
  label: string;
  projectId: string;
  rows: readonly SiteRow[];
  showFilters: boolean;
  filterInputs: SiteFilters;
  onFilterInput: (field: SiteField, text: string) => void;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const [sort, setSort] = useState<SiteSort | null>(null);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const sorted = sortSites(rows, sort);
  const lastPage = Math.max(0, Math.ceil(sorted.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  const pageRows = sorted.slice(shownPage * pageSize, (shownPage + 1) * pageSize);

  return (
    <>
      <TableContainer sx={{ maxHeight: 460 }}>
        <Table size="small" stickyHeader aria-label={label}>
          <TableHead>
            <TableRow>
              {SITE_COLUMNS.map((c) => (
                <TableCell
                  key={c.field}
                  sx={{ ...CELL, fontWeight: 600 }}
                  sortDirection={sort?.field === c.field ? sort.direction : false}
                >
                  <TableSortLabel
                    active={sort?.field === c.field}
                    direction={sort?.field === c.field ? sort.direction : 'asc'}
                    onClick={() => setSort(nextSort(sort, c.field))}
                  >
                    {c.header}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
            {showFilters && (
              <TableRow>
                {SITE_COLUMNS.map((c) => (
                  <TableCell key={c.field} component="td" sx={{ ...CELL, top: 37 }}>
                    <TextField
                      size="small"
                      variant="standard"
                      placeholder="Filter"
                      value={filterInputs[c.field] ?? ''}
                      onChange={(e) => onFilterInput(c.field, e.target.value)}
                      slotProps={{ htmlInput: { 'aria-label': `Filter ${c.header}`, maxLength: 100 } }}
                      sx={{ width: '100%', minWidth: 60, '& .MuiInputBase-root': { fontSize: 13 } }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            )}
          </TableHead>
          <TableBody>
            <TableRow sx={{ bgcolor: 'action.hover' }}>
              <TableCell component="th" scope="row" sx={{ ...CELL, fontWeight: 600 }}>
                Total
              </TableCell>
              <TableCell colSpan={SITE_COLUMNS.length - 1} sx={{ ...CELL, fontWeight: 600 }}>
                {`${projectId}: ${rows.length} ${rows.length === 1 ? 'site' : 'sites'}`}
              </TableCell>
            </TableRow>
            {pageRows.map((r, i) => (
              <TableRow key={`${r.siteNumberPi ?? ''}-${shownPage * pageSize + i}`} hover>
                {SITE_COLUMNS.map((c) => (
                  <TableCell key={c.field} sx={CELL}>
                    {cellText(r, c.field)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={SITE_COLUMNS.length} align="center" sx={{ py: 3 }}>
                  No sites.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={sorted.length}
        page={shownPage}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_, next) => onPageChange(next)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          onPageChange(0);
        }}
      />
    </>
  );
}
