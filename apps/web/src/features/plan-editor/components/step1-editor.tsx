import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PLAN_FORM_FIELDS, validatePlanForm } from '@predict/shared';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  useStudyPlanRows,
  countrySitesOf,
  emptyPlanForm,
  formContext,
  planFormFromPlan,
  type PlanFormModel,
  planStepPath,
  studyPath,
  type ReadyPlanRoute,
  PlanStepHeader,
  UnsavedChangesDialog,
} from '@/features/plan-shell';
import { useStep1Save } from '../hooks/use-step1-save';
import { DetailsSection, OverallInputsSection } from './plan-sections';
import { savedNewPlanState } from '../utils/step1-editor-key';
import { Step1Actions } from './step1-actions';

const pairs: [string, string][] = [
  ['screenFailRate', PLAN_FORM_FIELDS.patientsEnrolled],
  ['dropOutRate', PLAN_FORM_FIELDS.patientsCompletingTreatment],
  ['pauseEnrollmentAfterPatient', 'pauseEnrollmentDays'],
];
/**
 * Fields whose messages depend on each other: filling one can put a message on its untouched partner (the pause
 * pair's "Can't be empty."), which must show even before the partner itself is touched.
 */
const PAIRED_FIELDS: Record<string, string> = Object.fromEntries(
  pairs.flatMap(([a, b]) => [
    [a, b],
    [b, a],
  ]),
);

/** Step 1, Overall Parameters: the plan's details and overall inputs (spec/1 section 2). */
export function Step1Editor({ route }: { route: ReadyPlanRoute }) {
  const navigate = useNavigate();
  const { plan, kind, studyId } = route;
  const form = useForm<PlanFormModel>({
    defaultValues: plan ? planFormFromPlan(plan) : emptyPlanForm(),
  });
  const { formState, getFieldState } = form;
  const values = useWatch({ control: form.control }) as PlanFormModel;
  const rows = useStudyPlanRows(studyId);
  const { save, saving, conflict, reload } = useStep1Save(route, kind, form);
  const [leaving, setLeaving] = useState(false);
  // Until the user acts, a new plan's empty fields are not yet mistakes: their messages wait for a touch.
  const [attempted, setAttempted] = useState(false);

  const existingNames = useMemo(
    () => (rows.data ?? []).filter((r) => r.studyPlanId !== plan?.studyPlanId).map((r) => r.studyPlanName),
    [rows.data, plan?.studyPlanId],
  );
  // The shared rules, the same the server runs on save: the form never judges a value differently.
  const result = useMemo(
    () =>
      validatePlanForm({ ...values, countrySites: countrySitesOf(plan) }, formContext(kind, existingNames)),
    [values, plan, kind, existingNames],
  );
  const liveErrors = useMemo(() => new Map(result.errors.map((e) => [e.field, e.message])), [result]);
  const { isDirty, touchedFields, dirtyFields, errors: serverErrors } = formState;
  const showAll = !route.isNew || attempted || formState.submitCount > 0;

  const stateOf = (field: string) =>
    getFieldState(
      field as Parameters<typeof getFieldState>[0],
      {
        touchedFields,
        dirtyFields,
        errors: serverErrors,
      } as typeof formState,
    );
  const handled = (field: string) => stateOf(field).isTouched || stateOf(field).isDirty;
  const errorFor = (field: string) => {
    const live = liveErrors.get(field);
    const partner = PAIRED_FIELDS[field];
    if (live && (showAll || handled(field) || (partner !== undefined && handled(partner)))) return live;
    return stateOf(field).error?.message;
  };

  const valid = result.errors.length === 0;
  const canSave = valid && !saving && !conflict;

  useEffect(() => {
    if (!isDirty) return;
    // Closing the tab or reloading would lose the changes: let the browser ask.
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const saveDraft = async () => {
    setAttempted(true);
    if (!canSave) return;
    const id = await save();
    // Same editor under the saved id (see step1-editor-key.ts): nothing typed meanwhile is lost.
    if (id !== null && route.isNew) {
      void navigate(planStepPath(studyId, id, 1), { replace: true, state: savedNewPlanState(route) });
    }
  };

  const nextStep = async () => {
    setAttempted(true);
    if (!canSave) return;
    if (route.isNew || isDirty) {
      const id = await save({ actualStep: 2 });
      if (id !== null) void navigate(planStepPath(studyId, id, 2), { replace: route.isNew });
      return;
    }
    if (plan) void navigate(planStepPath(studyId, plan.studyPlanId, 2));
  };

  const exit = () => {
    if (isDirty) setLeaving(true);
    else void navigate(studyPath(studyId));
  };

  const saveAndExit = async () => {
    const id = await save();
    setLeaving(false);
    if (id !== null) void navigate(studyPath(studyId));
  };

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
        <DetailsSection errorFor={errorFor} disabled={saving} />
        <OverallInputsSection kind={kind} errorFor={errorFor} disabled={saving} />
        {result.warnings.map((w) => (
          <Alert key={w} severity="warning">
            {w}
          </Alert>
        ))}
        <Step1Actions
          saving={saving}
          saveDisabled={!canSave || !isDirty}
          nextDisabled={!canSave}
          onBackToList={exit}
          onCancel={exit}
          onSaveDraft={() => void saveDraft()}
          onNextStep={() => void nextStep()}
        />
      </Stack>
      <UnsavedChangesDialog
        open={leaving}
        canSave={canSave}
        saving={saving}
        onExit={() => void navigate(studyPath(studyId))}
        onSaveAndExit={() => void saveAndExit()}
        onClose={() => setLeaving(false)}
      />
    </FormProvider>
  );
}
