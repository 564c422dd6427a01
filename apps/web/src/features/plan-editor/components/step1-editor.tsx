import Stack from '@mui/material/Stack';
import { FormProvider } from 'react-hook-form';
import { type ReadyPlanRoute, PlanStepHeader, UnsavedChangesDialog } from '@/features/plan-shell';
import { useStep1Form } from '../hooks/use-step1-form';
import { useStep1Leave } from '../hooks/use-step1-leave';
import { useStep1Save } from '../hooks/use-step1-save';
import { useStep1Steps } from '../hooks/use-step1-steps';
import { DetailsSection, OverallInputsSection } from './plan-sections';
import { Step1Actions } from './step1-actions';
import { ConflictAlert, PlanWarnings } from './step1-alerts';

/** Step 1, Overall Parameters: the plan's details and overall inputs (spec/1 section 2). */
export function Step1Editor({ route }: { route: ReadyPlanRoute }) {
  const { plan, kind, studyId } = route;
  const { form, values, result, valid, errorFor, markAttempted } = useStep1Form(route);
  const { save, saving, conflict, reload } = useStep1Save(route, kind, form);
  const { isDirty } = form.formState;
  const canSave = valid && !saving && !conflict;
  const { saveDraft, nextStep } = useStep1Steps(route, { save, canSave, isDirty, markAttempted });
  const leave = useStep1Leave(studyId, isDirty, save);

  return (
    <FormProvider {...form}>
      <Stack
        spacing={2}
        component="form"
        noValidate
        onSubmit={(e) => e.preventDefault()}
        aria-label="Overall Parameters"
      >
        <PlanStepHeader
          studyId={studyId}
          planId={plan?.studyPlanId ?? null}
          active={1}
          disabled={route.readOnly || saving}
          details={{
            name: values.studyPlanName,
            description: values.studyPlanDescr,
            croStart: values.croProjectStartDateMillis,
            protocol: values.finalProtocolStartDateMillis,
          }}
          hasUnsavedChanges={isDirty}
        />
        <ConflictAlert conflict={conflict} onReload={() => void reload()} />
        <DetailsSection errorFor={errorFor} disabled={saving} />
        <OverallInputsSection kind={kind} errorFor={errorFor} disabled={saving} />
        <PlanWarnings warnings={result.warnings} />
        <Step1Actions
          saving={saving}
          saveDisabled={!canSave || !isDirty}
          nextDisabled={!canSave}
          onBackToList={leave.exit}
          onCancel={leave.exit}
          onSaveDraft={() => void saveDraft()}
          onNextStep={() => void nextStep()}
        />
      </Stack>
      <UnsavedChangesDialog
        open={leave.leaving}
        canSave={canSave}
        saving={saving}
        onExit={leave.exitNow}
        onSaveAndExit={() => void leave.saveAndExit()}
        onClose={leave.stay}
      />
    </FormProvider>
  );
}
