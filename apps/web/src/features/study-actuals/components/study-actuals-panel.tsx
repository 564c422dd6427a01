import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FetchingBar } from '@/components/load-state';
import { useCurrentUser } from '@/features/auth';
import { useActuals, useLoadActuals } from '../hooks/use-actuals';
import { ActualsBody } from './actuals-body';
import { ImportActualsDialog } from './import-actuals-dialog';
import { SiteListDialog } from './site-list-dialog';

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

  const openImport = (recomputeFirst: boolean) => {
    if (recomputeFirst) recompute.mutate();
    else recompute.reset();
    setImportOpen(true);
  };

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
          <ActualsBody
            studyId={studyId}
            data={actuals.data}
            loadFailed={actuals.isError}
            onRetry={() => void actuals.refetch()}
            readOnly={roles.readOnly}
            onViewSites={() => setSitesOpen(true)}
            onImport={openImport}
          />
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
