import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { type ReadyPlanRoute, PlanStepHeader } from '@/features/plan-shell';
import { type CohortEditor, SequentialCohortTable } from '@/features/sequential-cohorts';
import { useStep2State } from '../hooks/use-step2-state';
import { CountriesSection } from './countries-section';
import { CountryDialogsHost, type Step2DialogName } from './country-dialogs-host';
import { Step2SaveAndLeave } from './step2-save-and-leave';

/** Step 2, Countries & Site Groups (spec/1 section 2): one tab per country with its inputs and tables. */
export function Step2Editor({ route }: { route: ReadyPlanRoute }) {
  const step = useStep2State(route);
  const { plan, drafts, cohorts, tabs, tabIndex, selectTab, canEdit, hasCtis, saving, conflict } = step;
  const { studyId } = route;
  const [dialog, setDialog] = useState<Step2DialogName | null>(null);

  return (
    <Stack spacing={2}>
      <PlanStepHeader
        studyId={studyId}
        planId={plan.studyPlanId}
        active={2}
        disabled={route.readOnly || saving}
        details={{
          name: plan.studyPlanName,
          description: plan.studyPlanDescr,
          croStart: plan.croProjectStartDateMillis,
          protocol: plan.finalProtocolStartDateMillis,
        }}
      />
      {conflict && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void step.reload()}>
              Reload
            </Button>
          }
        >
          {conflict}
        </Alert>
      )}
      <CountriesSection
        plan={plan}
        tabs={tabs}
        tabIndex={tabIndex}
        onSelectTab={selectTab}
        drafts={drafts}
        canEdit={canEdit}
        disabled={step.disabled}
        hasCtis={hasCtis}
        sequentialPlan={step.sequentialPlan}
        onOpen={setDialog}
      />
      {cohorts && <SequentialCohortSection editor={cohorts} />}
      {step.otherMessages.map((m) => (
        <Alert key={m} severity="error">
          {m}
        </Alert>
      ))}
      <Step2SaveAndLeave step={step} studyId={studyId} />
      {canEdit && (
        <CountryDialogsHost
          dialog={dialog}
          plan={plan}
          hasCtis={hasCtis}
          tab={step.tab}
          tabIndex={tabIndex}
          selectTab={selectTab}
          refetchPlan={step.refetchPlan}
          drafts={drafts}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

/** A sequential plan's cohort table, after the country tabs (the page's last anchor). */
function SequentialCohortSection({ editor }: { editor: CohortEditor }) {
  return (
    <Paper
      component="section"
      id="sequential-cohort-setup"
      aria-label="Sequential Cohort Setup"
      sx={{ p: 3 }}
    >
      <SequentialCohortTable editor={editor} />
    </Paper>
  );
}
