import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  isActualsGateOpen,
  NO_BASELINE_PLAN_MESSAGE,
  NO_BASELINE_RUN_MESSAGE,
  type ActualsResponse,
} from '@predict/shared';
import { LoadErrorAlert } from '@/components/load-state';
import { formatDateTime } from '@/lib/format';
import { NO_EXTRACT_READ_ONLY_MESSAGE, noExtractMessage } from '../utils/actuals-messages';
import { ActualsTable } from './actuals-table';
import { ActualsToolbar } from './actuals-toolbar';

/**
 * The Baseline Plan's Forecast History (plan-shell's forecastHistoryPath; written out here because plan-shell sits
 * above this feature: it reaches the study page, which shows this panel).
 */
const forecastHistoryPath = (studyId: number, planId: number) =>
  `/ctpo/study-plans/${studyId}/${planId}/forecast-history`;

interface ActualsBodyProps {
  studyId: number;
  /** The actuals as last read; undefined while the first read is on its way. */
  data: ActualsResponse | undefined;
  loadFailed: boolean;
  onRetry: () => void;
  readOnly: boolean;
  onViewSites: () => void;
  /** Opens IMPORT ACTUALS; with `recomputeFirst` the rows are recomputed from the latest extract as it opens. */
  onImport: (recomputeFirst: boolean) => void;
}

/** The Study Actuals panel's body: the table with its toolbar, or the message that says why there are no rows. */
export function ActualsBody({
  studyId,
  data,
  loadFailed,
  onRetry,
  readOnly,
  onViewSites,
  onImport,
}: ActualsBodyProps) {
  if (loadFailed) return <LoadErrorAlert message="The actuals could not be loaded." onRetry={onRetry} />;
  if (data?.state === 'ready' && data.rows.length > 0)
    return (
      <ReadyActuals
        studyId={studyId}
        data={data}
        readOnly={readOnly}
        onViewSites={onViewSites}
        onImport={() => onImport(true)}
      />
    );
  if (data?.state === 'noBaselinePlan') return <Alert severity="info">{NO_BASELINE_PLAN_MESSAGE}</Alert>;
  if (data?.state === 'noRun') return <Alert severity="info">{NO_BASELINE_RUN_MESSAGE}</Alert>;
  if (data) return <NoExtractAlert studyId={studyId} readOnly={readOnly} onImport={() => onImport(false)} />;
  return null;
}

/** The rows against the Baseline Plan, with the toolbar above and the extract they come from below. */
function ReadyActuals({
  studyId,
  data,
  readOnly,
  onViewSites,
  onImport,
}: Pick<ActualsBodyProps, 'studyId' | 'readOnly' | 'onViewSites'> & {
  data: ActualsResponse;
  onImport: () => void;
}) {
  const { rows, extract, baselinePlan } = data;
  return (
    <Stack spacing={1}>
      <ActualsToolbar
        studyId={studyId}
        readOnly={readOnly}
        gateOpen={isActualsGateOpen(rows[0]?.timestamp)}
        historyPath={baselinePlan ? forecastHistoryPath(studyId, baselinePlan.studyPlanId) : undefined}
        onViewSites={onViewSites}
        onImport={onImport}
      />
      <ActualsTable rows={rows} />
      {extract && (
        <Typography variant="caption" color="text.secondary">
          {`CTMS extract version ${extract.version} as of ${formatDateTime(extract.asOf)} UTC, loaded by ${extract.loadedBy}`}
          {baselinePlan ? `; compared with the Baseline Plan '${baselinePlan.studyPlanName}'.` : '.'}
        </Typography>
      )}
    </Stack>
  );
}

/** No CTMS extract yet: a planner is offered IMPORT ACTUALS, a read-only user is told who can. */
function NoExtractAlert({
  studyId,
  readOnly,
  onImport,
}: {
  studyId: number;
  readOnly: boolean;
  onImport: () => void;
}) {
  return (
    <Alert
      severity="info"
      action={
        readOnly ? undefined : (
          <Button color="inherit" size="small" onClick={onImport}>
            IMPORT ACTUALS
          </Button>
        )
      }
    >
      {readOnly ? NO_EXTRACT_READ_ONLY_MESSAGE : noExtractMessage(studyId)}
    </Alert>
  );
}
