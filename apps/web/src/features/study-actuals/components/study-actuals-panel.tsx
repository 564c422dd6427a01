import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isActualsGateOpen, NO_BASELINE_PLAN_MESSAGE, NO_BASELINE_RUN_MESSAGE } from '@predict/shared';
import { useState, type ReactNode } from 'react';
import { FetchingBar, LoadErrorAlert } from '@/components/load-state';
import { useCurrentUser } from '@/features/auth';
import { formatDateTime } from '@/lib/format';
import { useActuals, useLoadActuals } from '../hooks/use-actuals';
import { NO_EXTRACT_READ_ONLY_MESSAGE, noExtractMessage } from '../utils/actuals-messages';
import { ActualsTable } from './actuals-table';
import { ActualsToolbar } from './actuals-toolbar';
import { ImportActualsDialog } from './import-actuals-dialog';
import { SiteListDialog } from './site-list-dialog';

/**
 * The Baseline Plan's Forecast History (plan-shell's forecastHistoryPath; written out here because plan-shell sits
 * above this feature: it reaches the study page, which shows this panel).
 */
const forecastHistoryPath = (studyId: number, planId: number) =>
  `/ctpo/study-plans/${studyId}/${planId}/forecast-history`;

/**
 * The Study Actuals screen's body (spec/3 section 2): the collapsible table of planned against actual values with
 * its toolbar, or the message that says why there are no rows and how to get them.
 */
export function StudyActualsPanel({ studyId, projectId }: { studyId: number; projectId: string }) {
  const { roles } = useCurrentUser();
  const actuals = useActuals(studyId);
  const recompute = useLoadActuals(studyId);
  const [sitesOpen, setSitesOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  const rows = actuals.data?.rows ?? [];
  const gateOpen = isActualsGateOpen(rows[0]?.timestamp);
  const openImport = (recomputeFirst: boolean) => {
    if (recomputeFirst) recompute.mutate();
    else recompute.reset();
    setImportOpen(true);
  };

  let body: ReactNode = null;
  const data = actuals.data;
  if (actuals.isError) {
    body = (
      <LoadErrorAlert message="The actuals could not be loaded." onRetry={() => void actuals.refetch()} />
    );
  } else if (data?.state === 'ready' && rows.length > 0) {
    body = (
      <Stack spacing={1}>
        <ActualsToolbar
          studyId={studyId}
          readOnly={roles.readOnly}
          gateOpen={gateOpen}
          historyPath={
            data.baselinePlan ? forecastHistoryPath(studyId, data.baselinePlan.studyPlanId) : undefined
          }
          onViewSites={() => setSitesOpen(true)}
          onImport={() => openImport(true)}
        />
        <ActualsTable rows={rows} />
        {data.extract && (
          <Typography variant="caption" color="text.secondary">
            {`CTMS extract version ${data.extract.version} as of ${formatDateTime(data.extract.asOf)} UTC, loaded by ${data.extract.loadedBy}`}
            {data.baselinePlan
              ? `; compared with the Baseline Plan '${data.baselinePlan.studyPlanName}'.`
              : '.'}
          </Typography>
        )}
      </Stack>
    );
  } else if (data?.state === 'noBaselinePlan') {
    body = <Alert severity="info">{NO_BASELINE_PLAN_MESSAGE}</Alert>;
  } else if (data?.state === 'noRun') {
    body = <Alert severity="info">{NO_BASELINE_RUN_MESSAGE}</Alert>;
  } else if (data) {
    body = (
      <Alert
        severity="info"
        action={
          roles.readOnly ? undefined : (
            <Button color="inherit" size="small" onClick={() => openImport(false)}>
              IMPORT ACTUALS
            </Button>
          )
        }
      >
        {roles.readOnly ? NO_EXTRACT_READ_ONLY_MESSAGE : noExtractMessage(studyId)}
      </Alert>
    );
  }

  return (
    <>
      <Accordion defaultExpanded disableGutters>
        <AccordionSummary
          expandIcon={<ExpandMoreIcon />}
          aria-controls="study-actuals-content"
          id="study-actuals-header"
        >
          <Typography variant="h6" component="h2">
            Study Actuals
          </Typography>
        </AccordionSummary>
        <AccordionDetails id="study-actuals-content">
          <FetchingBar active={actuals.isFetching} label="Loading actuals" />
          {body}
        </AccordionDetails>
      </Accordion>
      {sitesOpen && (
        <SiteListDialog studyId={studyId} projectId={projectId} open onClose={() => setSitesOpen(false)} />
      )}
      <ImportActualsDialog
        studyId={studyId}
        open={importOpen}
        recompute={{
          pending: recompute.isPending,
          error: recompute.isError ? recompute.error.message : null,
          idle: recompute.isIdle,
        }}
        onClose={() => setImportOpen(false)}
      />
    </>
  );
}
