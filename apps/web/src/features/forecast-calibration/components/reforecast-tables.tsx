import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CalibrationBucketSummary, CalibrationReforecast, CalibrationShare } from '@predict/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, type DataTableLoad } from '@/components/data-table';
import { EMPTY, formatDate, formatDecimal } from '@/lib/format';
import { intervalText, shareText } from '../utils/calibration-format';
import { dateScoreColumns } from './calibration-cells';

const PAGE_SIZE_KEY = 'predict.forecastCalibration.reforecasts.pageSize';
const helper = createColumnHelper<CalibrationReforecast>();
const plain = { enableSorting: false } as const;

function ShareCell({ value }: { value: CalibrationShare }) {
  if (value.n === 0) return <>{EMPTY}</>;
  return (
    <Stack>
      <span>{`${shareText(value)} (${value.count} of ${value.n})`}</span>
      <Typography variant="caption" color="text.secondary">
        {intervalText(value)}
      </Typography>
    </Stack>
  );
}

/** Per bucket: n, LPI inside P10-P90 and below P50 with their 90% intervals. */
export function BucketSummaryTable({
  buckets,
  labelledBy,
}: {
  buckets: readonly CalibrationBucketSummary[];
  labelledBy: string;
}) {
  return (
    <Table size="small" aria-labelledby={labelledBy}>
      <TableHead>
        <TableRow>
          <TableCell>Re-forecast made at</TableCell>
          <TableCell>n</TableCell>
          <TableCell>LPI inside P10–P90 (target 80%)</TableCell>
          <TableCell>LPI below P50 (target 50%)</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {buckets.map((b) => (
          <TableRow key={b.bucket}>
            <TableCell>{`${b.bucket}% enrolled`}</TableCell>
            <TableCell>{b.lpi.n}</TableCell>
            <TableCell>
              <ShareCell value={b.lpi.coverage} />
            </TableCell>
            <TableCell>
              <ShareCell value={b.lpi.belowMedian} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

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
  helper.accessor('studyPlanName', { header: 'Remodel plan', meta: { wrap: true, minWidth: 130 }, ...plain }),
  helper.accessor('bucket', { header: 'Bucket', cell: (c) => `${c.getValue()}%` }),
  helper.accessor('asOfMillis', {
    header: 'As of',
    cell: ({ row }) => (
      <Stack>
        <span>{formatDate(row.original.asOfMillis)}</span>
        <Typography variant="caption" color="text.secondary">
          {`${row.original.enrolledAtAsOf} of ${row.original.targetEnrolled} enrolled (${formatDecimal(row.original.percentEnrolled, 0)}%)`}
        </Typography>
      </Stack>
    ),
    meta: { wrap: true, minWidth: 150 },
  }),
  ...dateScoreColumns(helper, 'lpi', (r) => r.lpi),
];

/** The re-forecasts scored: one remodel record per study and bucket, against the study's actual LPI. */
export function ReforecastTable({
  reforecasts,
  load,
  labelledBy,
}: {
  reforecasts: readonly CalibrationReforecast[];
  load: DataTableLoad;
  labelledBy: string;
}) {
  return (
    <DataTable
      aria-labelledby={labelledBy}
      columns={columns}
      data={reforecasts}
      getRowId={(r) => String(r.forecastRecordId)}
      load={load}
      messages={{
        loading: 'Loading the re-forecasts',
        error: 'The re-forecasts could not be loaded.',
        empty: 'No re-forecast of a completed study was made at 25, 50 or 75% enrolled.',
      }}
      defaultPageSize={10}
      pageSizeKey={PAGE_SIZE_KEY}
      stickyFirstColumn={false}
    />
  );
}
