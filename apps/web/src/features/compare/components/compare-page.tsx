import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lpiProbabilityBy, PRODUCT_NAME, type ComparedPlan, type PlanComparison } from '@predict/shared';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadErrorAlert } from '@/components/load-state';
import { PageSpinner } from '@/components/page-spinner';
import { dayToNoonUtcMillis, studyPath } from '@/features/plan-shell';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useCompareExport } from '../hooks/use-compare-export';
import { usePlanComparison } from '../hooks/use-plan-comparison';
import { readPlansParam } from '../utils/compare-params';
import type { CompareRow } from '../utils/compare-rows';
import { CompareCharts } from './compare-charts';
import { CompareSections } from './compare-sections';
import { LpiByDate } from './lpi-by-date';

const parseId = (param: string | undefined) => {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
};

function Refused({ studyId, messages }: { studyId: number | null; messages: string[] }) {
  return (
    <Alert
      severity="warning"
      action={
        studyId !== null && (
          <Button color="inherit" size="small" component={RouterLink} to={studyPath(studyId)}>
            Back to Study Plan List
          </Button>
        )
      }
    >
      {messages.map((m) => (
        <div key={m}>{m}</div>
      ))}
    </Alert>
  );
}

/** The probability-of-LPI row for the typed day; null until a whole date is typed. */
function lpiRow(comparison: PlanComparison | undefined, day: string): CompareRow | null {
  const millis = dayToNoonUtcMillis(day);
  if (!comparison || millis === null) return null;
  return {
    id: 'lpi-by-date',
    label: `Probability of LPI by ${formatDate(millis)}`,
    kind: 'percent',
    values: comparison.plans.map((p) => lpiProbabilityBy(p.lpiPercentiles, millis)),
  };
}

/**
 * /ctpo/study-plans/{studyId}/compare?plans=a,b,c: 2 to 4 plans side by side from their stored results, values that
 * differ from the first plan's highlighted; the address is the comparison, so it can be shared. Read-only users
 * may compare.
 */
export function ComparePage({ studyParam, plansParam }: { studyParam?: string; plansParam: string | null }) {
  const studyId = parseId(studyParam);
  const plans = readPlansParam(plansParam);
  const planIds = 'ids' in plans ? plans.ids : null;
  const comparison = usePlanComparison(studyId, planIds);
  const [day, setDay] = useState('');
  const row = useMemo(() => lpiRow(comparison.data, day), [comparison.data, day]);
  const { busy, exportWorkbook } = useCompareExport(comparison.data, row);

  if (studyId === null) return <Alert severity="warning">Study not found.</Alert>;
  if ('message' in plans) return <Refused studyId={studyId} messages={[plans.message]} />;
  if (isApiError(comparison.error) && comparison.error.status === 404)
    return <Alert severity="warning">Study not found.</Alert>;
  if (isApiError(comparison.error) && comparison.error.status === 400)
    return <Refused studyId={studyId} messages={comparison.error.fields.map((f) => f.message)} />;
  if (comparison.isError)
    return (
      <LoadErrorAlert
        message="The comparison could not be loaded."
        onRetry={() => void comparison.refetch()}
      />
    );
  if (!comparison.data) return <PageSpinner label="Loading comparison" />;

  const data = comparison.data;
  return (
    <Stack spacing={2}>
      <title>{`Compare scenarios - ${data.projectId} - ${PRODUCT_NAME}`}</title>
      <Paper sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <div>
            <Typography variant="h5" component="h1">
              Compare scenarios: {data.projectId}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {`${data.studyName} · ${data.plans.length} plans, each from its latest finished simulation run. ` +
                'Values that differ from the first plan are highlighted.'}
            </Typography>
          </div>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
            <Button component={RouterLink} to={studyPath(data.studyId)}>
              Back to Study Plan List
            </Button>
            <Button variant="contained" onClick={() => void exportWorkbook()} disabled={busy}>
              Export comparison
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <CompareSections
        comparison={data}
        extras={{
          milestones: <LpiByDate plans={data.plans} day={day} onDayChange={setDay} row={row} />,
          cost: costNote(data.plans),
        }}
      />
      <CompareCharts comparison={data} />
    </Stack>
  );
}

/** Where the cost band comes from (the SOE forecast's replications), under the cost section. */
function costNote(plans: readonly ComparedPlan[]) {
  const n = Math.max(0, ...plans.map((p) => p.cost?.bandReplications ?? 0));
  if (!plans.some((p) => p.cost)) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {n > 0
        ? `Total is the Cost Summary's (the plan line); P10-P90 over the first ${n} replications of each plan's run, each costed on its own enrollment, as in the Schedule of Events forecast.`
        : "Total is the Cost Summary's (the plan line); the run has no Monte Carlo replications for a band."}
    </Typography>
  );
}
