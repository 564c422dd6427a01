import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { FetchingBar, LoadErrorAlert } from '@/components/load-state';
import { conflictMessage, type useSoeForecast } from '../api/soe-forecast-api';
import type { forecastTables } from '../utils/forecast-columns';
import { CostChart } from './cost-chart';
import { ForecastTable } from './forecast-table';

/**
 * The Costs tab of the forecast page: the cumulative cost chart and the five tables; without a linked plan with a
 * finished run, or with a level that lacks an exchange rate, the server's message and the way forward (the editor)
 * replace the cost tables (the strategy rows need no plan).
 */
export function CostsTab({
  q,
  tables,
  blocked,
  loading,
  editor,
}: {
  q: ReturnType<typeof useSoeForecast>;
  tables: ReturnType<typeof forecastTables>;
  blocked: string | null;
  loading: boolean;
  editor: { path: string; label: string };
}) {
  return (
    <>
      <FetchingBar active={loading} label="Loading the forecast" />
      {blocked ? (
        <Alert severity="info">
          <AlertTitle>No cost forecast yet</AlertTitle>
          {blocked}{' '}
          <Link component={RouterLink} to={editor.path}>
            {`Open ${editor.label}`}
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
    </>
  );
}
