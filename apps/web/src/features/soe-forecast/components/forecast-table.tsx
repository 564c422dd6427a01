import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PAGE_SIZES, SOE_FORECAST_MESSAGES as M } from '@predict/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { useId, useMemo } from 'react';
import { DataTable, type DataTableLoad } from '@/components/data-table';
import { formatCell, type ForecastTableData } from '../utils/forecast-columns';

/** One forecast table in the app's data table, in the server's row order ('No Results Found' when empty). */
export function ForecastTable({
  title,
  table,
  load,
}: {
  title: string;
  table: ForecastTableData;
  load: DataTableLoad;
}) {
  const headingId = useId();
  const columns = useMemo<ColumnDef<unknown>[]>(
    () =>
      table.columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (row: unknown) => c.value(row as never),
        cell: ({ getValue }) => formatCell(getValue() as string | number | null, c.kind),
        // The server's order (countries, then SubTotal and Total) is the table's.
        enableSorting: false,
      })),
    [table.columns],
  );
  const ids = useMemo(() => new Map(table.rows.map((row, i) => [row, String(i)])), [table.rows]);
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <DataTable
        aria-labelledby={headingId}
        columns={columns}
        data={table.rows}
        getRowId={(row) => ids.get(row) ?? ''}
        load={load}
        messages={{ loading: `Loading ${title}`, error: `${title} could not be loaded.`, empty: M.noResults }}
        defaultPageSize={PAGE_SIZES[PAGE_SIZES.length - 1]!}
        stickyFirstColumn
      />
    </Paper>
  );
}
