import { PLAN_FORM_FIELDS, validatePlanForm } from '@predict/shared';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  useStudyPlanRows,
  countrySitesOf,
  emptyPlanForm,
  formContext,
  planFormFromPlan,
  type PlanFormModel,
  type ReadyPlanRoute,
} from '@/features/plan-shell';

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

/**
 * Step 1's form: its values, the shared rules' result on them, and the message to show under each field (the
 * live rule's once the field, its partner or the whole form is due, else the server's).
 */
export function useStep1Form(route: ReadyPlanRoute) {
  const { plan, kind, studyId } = route;
  const form = useForm<PlanFormModel>({
    defaultValues: plan ? planFormFromPlan(plan) : emptyPlanForm(),
  });
  const { formState, getFieldState } = form;
  const values = useWatch({ control: form.control }) as PlanFormModel;
  const rows = useStudyPlanRows(studyId);
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
  const { touchedFields, dirtyFields, errors: serverErrors } = formState;
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

  const markAttempted = () => setAttempted(true);

  return { form, values, result, valid: result.errors.length === 0, errorFor, markAttempted };
}
