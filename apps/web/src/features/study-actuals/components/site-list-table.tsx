import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { SiteRow } from '@predict/shared';
import type { ColumnDef, ColumnFiltersState } from '@tanstack/react-table';
import { DataTable, type DataTableLoad } from '@/components/data-table';
import {
  cellText,
  compareSiteValues,
  isBlank,
  SITE_COLUMNS,
  type SiteField,
  type SiteFilters,
} from '../utils/site-rows';

const DEFAULT_PAGE_SIZE = 10;
const TOTAL_SX = { fontSize: 13, px: 1, whiteSpace: 'nowrap', fontWeight: 600 } as const;
// The dialog loads the rows and shows their progress and errors; the table is shown once they are there.
const LOADED: DataTableLoad = {
  isFetching: false,
  isError: false,
  isSuccess: true,
  refetch: () => undefined,
};
const MESSAGES = {
  loading: 'Loading sites',
  error: 'The site list could not be loaded.',
  empty: 'No sites.',
};

/** The seven columns; `filtered` gives each its filter box (the owner filters the rows). */
const siteColumns = (filtered: boolean): ColumnDef<SiteRow, string | undefined>[] =>
  SITE_COLUMNS.map((c) => ({
    id: c.field,
    header: c.header,
    // Empty values read undefined so that they sort last in either direction.
    accessorFn: (r) => (isBlank(r[c.field]) ? undefined : (r[c.field] ?? undefined)),
    sortUndefined: 'last',
    sortingFn: (a, b, id) => compareSiteValues(a.getValue(id), b.getValue(id)),
    cell: ({ row }) => cellText(row.original, c.field),
    meta: filtered ? { filter: { kind: 'text', maxLength: 100 } } : undefined,
  }));
const COLUMNS = siteColumns(false);
const FILTERED_COLUMNS = siteColumns(true);

const toColumnFilters = (filters: SiteFilters): ColumnFiltersState =>
  Object.entries(filters)
    .filter(([, text]) => text)
    .map(([id, value]) => ({ id, value }));
const toSiteFilters = (filters: ColumnFiltersState): SiteFilters =>
  Object.fromEntries(filters.map((f) => [f.id as SiteField, f.value as string]));

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
  onFilterInput: (filters: SiteFilters) => void;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const total = (
    <TableRow sx={{ bgcolor: 'action.hover' }}>
      <TableCell component="th" scope="row" sx={TOTAL_SX}>
        Total
      </TableCell>
      <TableCell colSpan={SITE_COLUMNS.length - 1} sx={TOTAL_SX}>
        {`${projectId}: ${rows.length} ${rows.length === 1 ? 'site' : 'sites'}`}
      </TableCell>
    </TableRow>
  );
  return (
    <DataTable
      aria-label={label}
      columns={showFilters ? FILTERED_COLUMNS : COLUMNS}
      data={rows}
      getRowId={(r, index) => `${r.siteNumberPi}-${index}`}
      load={LOADED}
      messages={MESSAGES}
      defaultPageSize={DEFAULT_PAGE_SIZE}
      stickyFirstColumn={false}
      maxHeight={460}
      pinnedRows={total}
      ownerFilters={{
        columnFilters: toColumnFilters(filterInputs),
        onColumnFiltersChange: (next) => onFilterInput(toSiteFilters(next)),
        pageIndex: page,
        onPageIndexChange: onPageChange,
      }}
    />
  );
}
