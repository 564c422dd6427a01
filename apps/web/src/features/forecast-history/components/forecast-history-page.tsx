import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { planTypeText, PRODUCT_NAME, type ForecastHistoryResponse } from '@predict/shared';
import { useId, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadErrorAlert } from '@/components/load-state';
import { PageSpinner } from '@/components/page-spinner';
import { studyPath, usePlan } from '@/features/plan-shell';
import { isApiError } from '@/lib/api-client';
import { EMPTY, formatDate } from '@/lib/format';
import { useForecastHistory } from '../hooks/use-forecast-history';
import { lpiPoints } from '../utils/history-rows';
import { ForecastHistoryTable } from './forecast-history-table';
import { LpiHistoryChart } from './lpi-history-chart';

const parseId = (param: string | undefined) => {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
};

/** The study's actual FPI and LPI, as the latest extract shows them. */
function actualText(actual: ForecastHistoryResponse['actual']): string {
  if (!actual) return 'No CTMS extract loaded yet: the actual dates show here once Study Actuals has one.';
  const lpi = actual.lastEnrolledMillis === null ? 'not reached yet' : formatDate(actual.lastEnrolledMillis);
  return (
    `Actuals from CTMS extract version ${actual.extractVersion} as of ${formatDate(actual.asOfMillis)}: ` +
    `first patient in ${formatDate(actual.firstEnrolledMillis, EMPTY)}, last patient in ${lpi}.`
  );
}

function Links({ studyId, planId }: { studyId: number; planId: number }) {
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', flexShrink: 0, alignItems: 'center' }}>
      <Button component={RouterLink} to={studyPath(studyId)}>
        Back to Study Plan List
      </Button>
      <Button component={RouterLink} to={`/ctpo/study-actuals/${studyId}`}>
        Study Actuals
      </Button>
      <Button variant="outlined" component={RouterLink} to={`${studyPath(studyId)}/${planId}/simulation`}>
        Simulation
      </Button>
    </Stack>
  );
}

/**
 * /ctpo/study-plans/{studyId}/{planId}/forecast-history (issue 24): the plan's forecasts of record - one per
 * finished run of the plan and of its remodel plans, the locked baseline of record marked - as a table, and how
 * LPI's P10 / P50 / P90 moved over them as a chart with the actual LPI once the study's extract shows it.
 */
export function ForecastHistoryPage({ studyParam, planParam }: { studyParam?: string; planParam?: string }) {
  const tableHeading = useId();
  const studyId = parseId(studyParam);
  const planId = parseId(planParam);
  const plan = usePlan(planId);
  const history = useForecastHistory(planId);
  const points = useMemo(() => lpiPoints(history.data?.records ?? []), [history.data]);

  const missing =
    studyId === null ||
    planId === null ||
    (isApiError(plan.error) && plan.error.status === 404) ||
    (plan.data !== undefined && plan.data.studyId !== studyId);
  if (missing) return <Alert severity="warning">Study plan not found.</Alert>;
  if (plan.isError)
    return (
      <LoadErrorAlert message="The study plan could not be loaded." onRetry={() => void plan.refetch()} />
    );
  if (!plan.data) return <PageSpinner label="Loading study plan" />;

  const records = history.data?.records;
  return (
    <Stack spacing={2}>
      <title>{`Forecast History - ${plan.data.studyPlanName} - ${PRODUCT_NAME}`}</title>
      <Paper sx={{ p: 2 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
        >
          <div>
            <Typography variant="h5" component="h1">
              Forecast History: {plan.data.studyPlanName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {`${plan.data.projectId} · ${plan.data.studyName} · ${planTypeText(plan.data)} · ${plan.data.scenarioStatus}`}
            </Typography>
          </div>
          <Links studyId={studyId} planId={planId} />
        </Stack>
        <Typography variant="body2" sx={{ mt: 1 }}>
          Every finished run keeps its forecast of record. Setting the plan to Baseline Plan locks its newest
          one as the baseline of record, which Study Actuals compares against.
        </Typography>
      </Paper>
      {/* The table below answers loading, failure (with Retry) and the empty history. */}
      {history.data && (
        <Paper sx={{ p: 2 }}>
          <Typography variant="body2">{actualText(history.data.actual)}</Typography>
          {points.length > 0 && (
            <LpiHistoryChart points={points} actualLpi={history.data.actual?.lastEnrolledMillis ?? null} />
          )}
        </Paper>
      )}
      <Paper component="section" aria-labelledby={tableHeading} sx={{ p: 2 }}>
        <Typography id={tableHeading} variant="h6" component="h2">
          Forecasts of record
        </Typography>
        <ForecastHistoryTable records={records} load={history} labelledBy={tableHeading} />
      </Paper>
    </Stack>
  );
}
