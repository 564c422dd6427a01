import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CalibrationStudy } from '@predict/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, type DataTableLoad } from '@/components/data-table';
import { dateScoreColumns, SitesCell } from './calibration-cells';

const PAGE_SIZE_KEY = 'predict.forecastCalibration.studies.pageSize';
const helper = createColumnHelper<CalibrationStudy>();
const plain = { enableSorting: false } as const;

const columns = [
  helper.accessor('projectId', {
    header: 'Study',
    cell: ({ row }) => (
      <Stack>
        <strong>{row.original.projectId}</strong>
        <Typography variant="caption" color="text.secondary">
          {row.original.studyName}
        </Typography>
      </Stack>
    ),
    meta: { wrap: true, minWidth: 150 },
  }),
  helper.accessor('studyPlanName', {
    header: 'Baseline Plan',
    meta: { wrap: true, minWidth: 130 },
    ...plain,
  }),
  ...dateScoreColumns(helper, 'fpi', (s) => s.fpi),
  ...dateScoreColumns(helper, 'lpi', (s) => s.lpi),
  helper.display({
    id: 'sites',
    header: 'Sites at month 12',
    cell: (c) => <SitesCell score={c.row.original.sitesMonth12} />,
  }),
];

/**
 * The completed studies: each baseline of record's FPI and LPI P10 / P50 / P90 against the actual dates, with the
 * actual's PIT and where it fell (misses filled red), and sites activated at month 12 where the record has them.
 */
export function CompletedStudiesTable({
  studies,
  load,
  labelledBy,
  emptyText,
}: {
  studies: readonly CalibrationStudy[] | undefined;
  load: DataTableLoad;
  labelledBy: string;
  emptyText: string;
}) {
  return (
    <DataTable
      aria-labelledby={labelledBy}
      columns={columns}
      data={studies}
      getRowId={(s) => String(s.studyId)}
      load={load}
      messages={{
        loading: 'Loading the completed studies',
        error: 'The completed studies could not be loaded.',
        empty: emptyText,
      }}
      defaultPageSize={10}
      pageSizeKey={PAGE_SIZE_KEY}
      stickyFirstColumn={false}
    />
  );
}
