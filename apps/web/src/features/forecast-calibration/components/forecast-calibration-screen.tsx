import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ForecastCalibrationResponse } from '@predict/shared';
import { useId, useState, type ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/load-state';
import { PageSpinner } from '@/components/page-spinner';
import { useCurrentUser } from '@/features/auth';
import { CalibrationFitPanel } from '@/features/calibration-fit';
import { useCalibrationExport, useForecastCalibration } from '../hooks/use-forecast-calibration';
import { hasPits } from '../utils/calibration-format';
import { CalibrationCharts } from './calibration-charts';
import { CalibrationSummaryCards } from './calibration-summary-cards';
import { CompletedStudiesTable } from './completed-studies-table';
import {
  IMPORT_COMPLETED_STUDIES_LABEL,
  ImportCompletedStudiesDialog,
} from './import-completed-studies-dialog';
import { BucketSummaryTable, ReforecastTable } from './reforecast-tables';

export const NO_COMPLETED_STUDIES_MESSAGE =
  'No completed studies yet: a study counts once its Baseline Plan has a forecast of record and its CTMS extract ' +
  'reaches the last patient in.';
export const LOAD_FAILED_MESSAGE = 'The forecast calibration could not be loaded.';
export const READ_ONLY_LABEL = 'Read-only view';

function Section({ title, children }: { title: string; children: (headingId: string) => ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children(id)}
    </Paper>
  );
}

function Header({ exportable }: { exportable: boolean }) {
  const { roles } = useCurrentUser();
  const file = useCalibrationExport();
  const [importing, setImporting] = useState(false);
  return (
    <Paper sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 480px', minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1">
              Forecast Calibration
            </Typography>
            {!roles.admin && <Chip label={READ_ONLY_LABEL} size="small" variant="outlined" />}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            How the forecasts of record did on the completed studies: where each actual first and last patient
            in fell in its Baseline Plan&apos;s forecast (its PIT), how often P10–P90 held it (80% when
            calibrated) and how often it came before P50 (50%), with 90% confidence intervals; and the same
            for the re-forecasts made at 25, 50 and 75% enrolled.
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {roles.admin && (
            <Button variant="outlined" startIcon={<FileUploadOutlined />} onClick={() => setImporting(true)}>
              {IMPORT_COMPLETED_STUDIES_LABEL}
            </Button>
          )}
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={!exportable || file.exporting}
            onClick={() => void file.run()}
          >
            {file.exporting ? 'Exporting…' : 'Export'}
          </Button>
        </Stack>
      </Box>
      {roles.admin && <ImportCompletedStudiesDialog open={importing} onClose={() => setImporting(false)} />}
    </Paper>
  );
}

function TrackRecord({
  data,
  load,
}: {
  data: ForecastCalibrationResponse;
  load: Parameters<typeof CompletedStudiesTable>[0]['load'];
}) {
  return (
    <>
      <Section title="Baseline forecasts">
        {() => (
          <Stack spacing={2}>
            <CalibrationSummaryCards summaries={data.milestones} />
            {hasPits(data.milestones) && <CalibrationCharts summaries={data.milestones} />}
          </Stack>
        )}
      </Section>
      <Section title="Completed studies">
        {(id) => (
          <CompletedStudiesTable
            studies={data.studies}
            load={load}
            labelledBy={id}
            emptyText={NO_COMPLETED_STUDIES_MESSAGE}
          />
        )}
      </Section>
      <Section title="Re-forecasts by share enrolled">
        {(id) => (
          <Stack spacing={2}>
            <BucketSummaryTable buckets={data.reforecastBuckets} labelledBy={id} />
            <ReforecastTable reforecasts={data.reforecasts} load={load} labelledBy={id} />
          </Stack>
        )}
      </Section>
    </>
  );
}

/**
 * /ctpo/admin-data/forecast-calibration: the track record of the forecasts of record, for every signed-in user,
 * then the fitted uncertainty (CalibrationFitPanel: administrators fit and approve calibration versions there).
 * Administrators also import completed studies (a zip of plans and CTMS extracts) into the track record.
 */
export function ForecastCalibrationScreen() {
  const calibration = useForecastCalibration();
  const { data } = calibration;
  const empty = data !== undefined && data.studies.length === 0;
  return (
    <Stack spacing={2}>
      <Header exportable={data !== undefined && !empty} />
      {calibration.isPending && <PageSpinner label="Loading forecast calibration" />}
      {calibration.isError && (
        <LoadErrorAlert message={LOAD_FAILED_MESSAGE} onRetry={() => void calibration.refetch()} />
      )}
      {empty && (
        <Paper sx={{ p: 3 }}>
          <Typography>{NO_COMPLETED_STUDIES_MESSAGE}</Typography>
        </Paper>
      )}
      {data && !empty && <TrackRecord data={data} load={calibration} />}
      <CalibrationFitPanel />
    </Stack>
  );
}
