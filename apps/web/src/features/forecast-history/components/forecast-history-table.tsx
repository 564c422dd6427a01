import Chip from '@mui/material/Chip';
import { type ForecastHistoryRecord } from '@predict/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, type DataTableLoad } from '@/components/data-table';
import { EMPTY, formatDate, formatDateTime } from '@/lib/format';
import { settingsSummary } from '../utils/history-rows';

export const NO_RECORDS_MESSAGE = 'No finished runs yet: run a simulation to record a forecast.';
export const BASELINE_BADGE = 'Baseline of record';
const PAGE_SIZE_KEY = 'predict.forecastHistory.pageSize';

const MESSAGES = {
  loading: 'Loading the forecast history',
  error: 'The forecast history could not be loaded.',
  empty: NO_RECORDS_MESSAGE,
};

const helper = createColumnHelper<ForecastHistoryRecord>();
// The server's order (newest first) is the table's: no column sorts.
const plain = { enableSorting: false } as const;
const day = (ms: number | null) => formatDate(ms, EMPTY);

const columns = [
  helper.accessor('createdMillis', {
    header: 'Created (UTC)',
    cell: ({ getValue }) => formatDateTime(getValue()),
    ...plain,
  }),
  helper.accessor('kind', {
    header: 'Kind',
    // The baseline of record's kind is 'Baseline': its badge says so, and keeps the column narrow.
    cell: ({ row, getValue }) =>
      row.original.isBaseline ? <Chip label={BASELINE_BADGE} color="primary" size="small" /> : getValue(),
    ...plain,
  }),
  helper.accessor('studyPlanName', { header: 'Plan', meta: { wrap: true, minWidth: 140 }, ...plain }),
  helper.accessor('planVersion', { header: 'Version', ...plain }),
  helper.accessor((r) => r.extract?.asOfMillis ?? null, {
    id: 'asOf',
    header: 'As of',
    cell: ({ getValue }) => day(getValue()),
    ...plain,
  }),
  helper.accessor((r) => r.lpi.p10, {
    id: 'lpiP10',
    header: 'LPI P10',
    cell: (c) => day(c.getValue()),
    ...plain,
  }),
  helper.accessor((r) => r.lpi.p50, {
    id: 'lpiP50',
    header: 'LPI P50',
    cell: (c) => day(c.getValue()),
    ...plain,
  }),
  helper.accessor((r) => r.lpi.p90, {
    id: 'lpiP90',
    header: 'LPI P90',
    cell: (c) => day(c.getValue()),
    ...plain,
  }),
  helper.accessor((r) => settingsSummary(r.uncertainty), {
    id: 'settings',
    header: 'Uncertainty settings',
    meta: { wrap: true, minWidth: 220 },
    ...plain,
  }),
];

/**
 * The plan's forecasts of record, newest first (issue 24): when each was made, what kind of forecast it is (the
 * badge marks the locked baseline of record), the extract a remodel used, LPI's P10 / P50 / P90 and the settings.
 */
export function ForecastHistoryTable({
  records,
  load,
  labelledBy,
}: {
  records: readonly ForecastHistoryRecord[] | undefined;
  load: DataTableLoad;
  labelledBy: string;
}) {
  return (
    <DataTable
      aria-labelledby={labelledBy}
      columns={columns}
      data={records}
      getRowId={(r) => String(r.forecastRecordId)}
      load={load}
      messages={MESSAGES}
      defaultPageSize={10}
      pageSizeKey={PAGE_SIZE_KEY}
      stickyFirstColumn={false}
    />
  );
}
