import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { countryIssueMessage } from '@predict/shared';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useConfirm } from '@/components/warning-dialog';
import {
  AddCountryDialog,
  CtisSubmissionDialog,
  DeleteCountryDialog,
  EditCountryDialog,
} from '@/features/country-dialogs';
import {
  type ReadyPlanRoute,
  PlanStepHeader,
  UnsavedChangesDialog,
  planStepPath,
  studyPath,
} from '@/features/plan-shell';
import { usePlanCheck } from '@/features/plan-review';
import { isSequentialPlan, SequentialCohortTable, useCohortEditor } from '@/features/sequential-cohorts';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { useStep2Drafts } from '../hooks/use-step2-drafts';
import { useStep2Save } from '../hooks/use-step2-save';
import { countryTabs, draftFromGroup, hasCountryIssue } from '../utils/country-draft';
import { CountryPanel } from './country-panel';
import { Step2Footer } from './step2-footer';

export const DISCARD_CHANGES_MESSAGE = 'Discard your unsaved changes to this plan?';

type DialogName = 'add' | 'edit' | 'delete' | 'ctis';

/** Step 2, Countries & Site Groups (spec/1 section 2): one tab per country with its inputs and tables. */
export function Step2Editor({ route }: { route: ReadyPlanRoute }) {
  const plan = route.plan!;
  const { studyId } = route;
  const confirm = useConfirm();
  const navigate = useNavigate();
  const drafts = useStep2Drafts(plan);
  const cohortEditor = useCohortEditor(plan, { readOnly: route.readOnly, step: 2 });
  const sequentialPlan = isSequentialPlan(plan);
  const cohorts = sequentialPlan ? cohortEditor : null;
  const { save, saving, conflict, reload, otherMessages, refetchPlan } = useStep2Save(plan, drafts, cohorts);
  const dirty = drafts.hasChanges || (cohorts?.isDirty ?? false);
  const { blocker, leave } = useLeaveGuard(dirty);
  const checkPlan = usePlanCheck();
  const [search, setSearch] = useSearchParams();
  const [dialog, setDialog] = useState<DialogName | null>(null);

  const { tabs } = drafts;
  const requested = Number(search.get('country') ?? 0);
  const tabIndex = Number.isInteger(requested) && requested >= 0 && requested < tabs.length ? requested : 0;
  const tab = tabs[tabIndex];
  const canEdit = !route.readOnly;
  const hasCtis = tabs.some((t) => t.group?.isCtisEligible);
  const disabled = saving || Boolean(conflict);
  // Cohort errors on show block saving and going on like the country tables' (spec/1 section 5).
  const blocking = drafts.blocking || (cohorts?.blocking ?? false);
  const saveDisabled = !dirty || disabled || blocking;
  // The cohort section waits for its table; the country sections are there with the tab.
  useScrollToHash(tabs.length > 0 && (cohorts === null || cohorts.loadState === 'resolved'));

  const selectTab = (index: number) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('country', String(index));
        return next;
      },
      { replace: true },
    );

  const nextStep = async () => {
    if (dirty && !(await save())) return;
    // What blocks the review is listed in snackbars (spec/1 section 8); warnings do not stop the user.
    if (!(await checkPlan(plan.studyPlanId, 2))) return;
    leave(planStepPath(studyId, plan.studyPlanId, 3));
  };

  const cancel = async () => {
    if (!(await confirm({ title: 'Warning!', message: DISCARD_CHANGES_MESSAGE }))) return;
    drafts.discard();
    cohorts?.reset();
  };

  const addButton = (
    <Button variant="contained" onClick={() => setDialog('add')} disabled={disabled}>
      Add Country
    </Button>
  );

  const saveAndExit = async () => {
    if (await save()) blocker.proceed?.();
    else blocker.reset?.();
  };

  const afterEdit = async () => {
    setDialog(null);
    const fresh = await refetchPlan();
    const group = fresh.countries
      .flatMap((c) => c.siteGroups)
      .find((g) => g.studyPlanSiteGroupId === tab?.group?.studyPlanSiteGroupId);
    if (group)
      drafts.takeSavedSites(group.studyPlanSiteGroupId, draftFromGroup(group, drafts.forcedOverride));
  };

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
      <Paper component="section" aria-labelledby="countries-title" sx={{ p: 3 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', mb: 1 }}
        >
          <Typography id="countries-title" variant="h6" component="h1">
            Countries & Site Groups
          </Typography>
          {canEdit && (
            <Stack direction="row" spacing={1}>
              {hasCtis && (
                <Button variant="outlined" onClick={() => setDialog('ctis')} disabled={disabled}>
                  CTIS Submission
                </Button>
              )}
              {tabs.length > 0 && addButton}
            </Stack>
          )}
        </Stack>
        {tabs.length === 0 ? (
          <Box sx={{ py: 4, textAlign: 'center' }}>
            <Typography gutterBottom>Add a country to start.</Typography>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              Each country gets its own inputs, milestones, activation profile and seasonal variation.
            </Typography>
            {canEdit && addButton}
          </Box>
        ) : (
          <>
            <Tabs
              value={tabIndex}
              onChange={(_, index: number) => selectTab(index)}
              variant="scrollable"
              scrollButtons="auto"
              aria-label="Countries"
            >
              {tabs.map((t) => (
                <Tab
                  key={`${t.country.countryId}-${t.group?.studyPlanSiteGroupId ?? 'none'}`}
                  label={t.label}
                />
              ))}
            </Tabs>
            <Box role="tabpanel" aria-label={tab?.label} sx={{ pt: 3 }}>
              {tab && hasCountryIssue(tab.group) ? (
                <Alert severity="error">
                  {countryIssueMessage(plan.studyPlanId, tab.country.countryName, tab.country.countryId)}
                </Alert>
              ) : (
                tab?.group && (
                  <CountryPanel
                    key={tab.group.studyPlanSiteGroupId}
                    label={tab.label}
                    group={tab.group}
                    drafts={drafts}
                    disabled={disabled}
                    canEdit={canEdit}
                    sequentialPlan={sequentialPlan}
                    onEdit={() => setDialog('edit')}
                    onDelete={() => setDialog('delete')}
                  />
                )
              )}
            </Box>
          </>
        )}
      </Paper>
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
        <>
          <AddCountryDialog
            open={dialog === 'add'}
            plan={plan}
            onClose={() => setDialog(null)}
            onAdded={({ tabIndex: countryIndex, studyPlanSiteGroupId }) => {
              setDialog(null);
              // The server's tabIndex counts countries; a tab here is a site group (the USA may have two).
              void refetchPlan().then((fresh) => {
                const index = countryTabs(fresh).findIndex(
                  (t) => t.group?.studyPlanSiteGroupId === studyPlanSiteGroupId,
                );
                selectTab(index >= 0 ? index : countryIndex);
              });
            }}
          />
          {hasCtis && (
            <CtisSubmissionDialog
              open={dialog === 'ctis'}
              plan={plan}
              onClose={() => setDialog(null)}
              onSaved={() => {
                setDialog(null);
                void refetchPlan();
              }}
            />
          )}
          {tabCountry && (
            <>
              <EditCountryDialog
                open={dialog === 'edit'}
                plan={plan}
                country={tabCountry}
                onClose={() => setDialog(null)}
                onSaved={() => void afterEdit()}
              />
              <DeleteCountryDialog
                open={dialog === 'delete'}
                plan={plan}
                country={tabCountry}
                onClose={() => setDialog(null)}
                onRemoved={() => {
                  setDialog(null);
                  selectTab(Math.max(0, tabIndex - 1));
                  void refetchPlan();
                }}
              />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
