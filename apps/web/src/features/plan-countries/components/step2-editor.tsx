import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type ReadyPlanRoute,
  PlanStepHeader,
  UnsavedChangesDialog,
  planStepPath,
  studyPath,
} from '@/features/plan-shell';
import { isSequentialPlan, SequentialCohortTable, useCohortEditor } from '@/features/sequential-cohorts';
import { useCountryTab } from '../hooks/use-country-tab';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { useStep2Drafts } from '../hooks/use-step2-drafts';
import { useStep2Leave } from '../hooks/use-step2-leave';
import { useStep2Save } from '../hooks/use-step2-save';
import { CountriesSection } from './countries-section';
import { CountryDialogsHost, type Step2DialogName } from './country-dialogs-host';
import { Step2Footer } from './step2-footer';

/** Step 2, Countries & Site Groups (spec/1 section 2): one tab per country with its inputs and tables. */
export function Step2Editor({ route }: { route: ReadyPlanRoute }) {
  const plan = route.plan!;
  const { studyId } = route;
  const navigate = useNavigate();
  const drafts = useStep2Drafts(plan);
  const cohortEditor = useCohortEditor(plan, { readOnly: route.readOnly, step: 2 });
  const sequentialPlan = isSequentialPlan(plan);
  const cohorts = sequentialPlan ? cohortEditor : null;
  const { save, saving, conflict, reload, otherMessages, refetchPlan } = useStep2Save(plan, drafts, cohorts);
  const dirty = drafts.hasChanges || (cohorts?.isDirty ?? false);
  const { blocker, nextStep, cancel, saveAndExit } = useStep2Leave({
    studyId,
    planId: plan.studyPlanId,
    dirty,
    save,
    discard: () => {
      drafts.discard();
      cohorts?.reset();
    },
  });
  const [dialog, setDialog] = useState<Step2DialogName | null>(null);

  const { tabs } = drafts;
  const { tabIndex, selectTab } = useCountryTab(tabs.length);
  const tab = tabs[tabIndex];
  const canEdit = !route.readOnly;
  const hasCtis = tabs.some((t) => t.group?.isCtisEligible);
  const disabled = saving || Boolean(conflict);
  // Cohort errors on show block saving and going on like the country tables' (spec/1 section 5).
  const blocking = drafts.blocking || (cohorts?.blocking ?? false);
  const saveDisabled = !dirty || disabled || blocking;
  // The cohort section waits for its table; the country sections are there with the tab.
  useScrollToHash(tabs.length > 0 && (cohorts === null || cohorts.loadState === 'resolved'));

  // The dialogs act on the tab's own site group (the USA has more than one).
  const tabCountry = tab?.group ? { ...tab.country, siteGroups: [tab.group] } : tab?.country;

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
            <Button color="inherit" size="small" onClick={() => void reload()}>
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
        disabled={disabled}
        hasCtis={hasCtis}
        sequentialPlan={sequentialPlan}
        onOpen={setDialog}
      />
      {cohorts && (
        <Paper
          component="section"
          id="sequential-cohort-setup"
          aria-label="Sequential Cohort Setup"
          sx={{ p: 3 }}
        >
          <SequentialCohortTable editor={cohorts} />
        </Paper>
      )}
      {otherMessages.map((m) => (
        <Alert key={m} severity="error">
          {m}
        </Alert>
      ))}
      <Step2Footer
        saving={saving}
        dirty={dirty}
        saveDisabled={saveDisabled}
        nextDisabled={disabled || blocking}
        hasCountries={tabs.length > 0}
        onBackToList={() => void navigate(studyPath(studyId))}
        onCancel={() => void cancel()}
        onSaveDraft={() => void save()}
        onViewDifferentCountry={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        onBack={() => void navigate(planStepPath(studyId, plan.studyPlanId, 1))}
        onNextStep={() => void nextStep()}
      />
      <UnsavedChangesDialog
        open={blocker.state === 'blocked'}
        canSave={!blocking && !conflict}
        saving={saving}
        onExit={() => blocker.proceed?.()}
        onSaveAndExit={() => void saveAndExit()}
        onClose={() => blocker.reset?.()}
      />
      {canEdit && (
        <CountryDialogsHost
          dialog={dialog}
          plan={plan}
          hasCtis={hasCtis}
          tabCountry={tabCountry}
          tabGroupId={tab?.group?.studyPlanSiteGroupId}
          tabIndex={tabIndex}
          selectTab={selectTab}
          refetchPlan={refetchPlan}
          drafts={drafts}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
