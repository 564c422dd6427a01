import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FetchingBar, LoadErrorAlert } from '@/components/load-state';
import { useCurrentUser } from '@/features/auth';
import { soeEditorPath, soeListPath } from '@/features/soe';
import { conflictMessage, useSoeForecast } from '../api/soe-forecast-api';
import { forecastTables, type ForecastData } from '../utils/forecast-columns';
import { CostChart } from './cost-chart';
import { ExportForecastDialog } from './export-forecast-dialog';
import { ForecastTable } from './forecast-table';

/**
 * The forecast page (spec/2 section 2, design/soe-costing.md section 5): Back to SOE List, Edit SOE (View SOE for
 * read-only users), Export Tables; the cumulative cost chart and the five tables. Without a linked plan with a
 * finished run, or with a level that lacks an exchange rate, the server's message and the way forward replace the
 * cost tables.
 */
export function SoeForecastPage({ studyId, soeId }: { studyId: number; soeId: number }) {
  const q = useSoeForecast(soeId);
  // The editor opens read-only for read-only users: the link says what it does for them (spec/2: View SOE).
  const editorLabel = useCurrentUser().roles.readOnly ? 'View SOE' : 'Edit SOE';
  const [exportOpen, setExportOpen] = useState(false);
  const soe = q.soe.data?.data[0];
  const blocked = conflictMessage(q.summary.error);
  const data: ForecastData = {
    summary: q.summary.data,
    detail: q.detail.data,
    strategy: q.strategy.data,
    grants: q.grants.data,
  };
  const tables = forecastTables(data);
  const anyLoading = Object.values(q).some((x) => x.isPending && x.fetchStatus !== 'idle');

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Link
          component={RouterLink}
          to={soeListPath(studyId)}
          sx={{ display: 'inline-flex', alignItems: 'center' }}
        >
          <ArrowBackIcon fontSize="small" sx={{ mr: 0.5 }} />
          Back to SOE List
        </Link>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {soe ? `Forecast: ${soe.scheduleOfEventsName}` : 'Forecast'}
        </Typography>
        <Button variant="outlined" component={RouterLink} to={soeEditorPath(studyId, soeId)}>
          {editorLabel}
        </Button>
        <Button variant="contained" onClick={() => setExportOpen(true)} disabled={!soe || anyLoading}>
          Export Tables
        </Button>
      </Box>
      {soe && (
        <Typography variant="body2" color="text.secondary">
          {`Linked enrollment plan: ${soe.studyPlanName ?? 'none'} · Currency: ${soe.currency}`}
        </Typography>
      )}
      {q.soe.isError && (
        <LoadErrorAlert
          message="The Schedule of Events could not be loaded."
          onRetry={() => void q.soe.refetch()}
        />
      )}
      <FetchingBar active={anyLoading} label="Loading the forecast" />
      {blocked ? (
        <Alert severity="info">
          <AlertTitle>No cost forecast yet</AlertTitle>
          {blocked}{' '}
          <Link component={RouterLink} to={soeEditorPath(studyId, soeId)}>
            {`Open ${editorLabel}`}
          </Link>
        </Alert>
      ) : (
        <>
          {q.chart.data && <CostChart chart={q.chart.data} />}
          {q.chart.isError && !conflictMessage(q.chart.error) && (
            <LoadErrorAlert
              message="The cost chart could not be loaded."
              onRetry={() => void q.chart.refetch()}
            />
          )}
          <ForecastTable title="Cost Summary" table={tables['Cost Summary']} load={q.summary} />
          <ForecastTable title="Cost Detail" table={tables['Cost Detail']} load={q.detail} />
        </>
      )}
      <ForecastTable title="Clinical Strategy" table={tables['Clinical Strategy']} load={q.strategy} />
      <ForecastTable title="Data Management" table={tables['Data Management']} load={q.strategy} />
      {!blocked && (
        <ForecastTable title="Investigator Grants" table={tables['Investigator Grants']} load={q.grants} />
      )}
      {exportOpen && soe && (
        <ExportForecastDialog
          data={blocked ? { strategy: data.strategy } : data}
          soeName={soe.scheduleOfEventsName}
          studyId={studyId}
          onClose={() => setExportOpen(false)}
        />
      )}
    </Stack>
  );
}
