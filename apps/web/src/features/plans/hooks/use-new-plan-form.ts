import { COMBINABLE_TYPE_DETAILS, validateCombinationForm, type StudyPlanListRow } from '@predict/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EMPTY_COMBINATION, type CombinationValues } from '../components/combination-fields';
import { newPlanPath } from '../utils/plan-paths';
import { useCreateCombinationPlan } from './use-plan-mutations';

export type NewPlanChoice = 'scenario-a' | 'scenario-b' | 'scenario-c';

export interface NewPlanValues {
  choice: NewPlanChoice;
  /** Sequential cohorts (an Overall Enrollment Duration plan only). */
  sequential: boolean;
  combination: CombinationValues;
}

const INITIAL: NewPlanValues = { choice: 'scenario-a', sequential: false, combination: EMPTY_COMBINATION };

const combinable = (plans: readonly StudyPlanListRow[]) =>
  plans.filter((p) => (COMBINABLE_TYPE_DETAILS as readonly string[]).includes(p.studyPlanTypeDetail));

/**
 * The new plan form's state: the plan type and, for a Combination, its fields judged by the shared
 * validateCombinationForm (messages show once a submit was tried). Submit opens the editor of a Rates or Duration
 * plan, or creates the Combination (then onCreated).
 */
export function useNewPlanForm(studyId: number, plans: readonly StudyPlanListRow[], onCreated: () => void) {
  const navigate = useNavigate();
  const [values, setValues] = useState<NewPlanValues>(INITIAL);
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateCombinationPlan(studyId);
  const { choice, sequential, combination } = values;

  const eligible = combinable(plans);
  const chosen = combination.selected
    .map((id) => eligible.find((p) => p.studyPlanId === id))
    .filter((p): p is StudyPlanListRow => p !== undefined);
  const ruleErrors = Object.fromEntries(
    validateCombinationForm(
      { studyPlanName: combination.name, studyPlanDescr: combination.descr, plans: chosen },
      { existingNames: plans.map((p) => p.studyPlanName) },
    ).map((e) => [e.field, e.message]),
  );

  const set = <K extends keyof NewPlanValues>(key: K, value: NewPlanValues[K]) =>
    setValues((prev) => ({ ...prev, [key]: value }));

  const submit = () => {
    if (choice !== 'scenario-c') {
      void navigate(newPlanPath(studyId, choice, sequential));
      return;
    }
    setSubmitted(true);
    if (Object.keys(ruleErrors).length > 0) return;
    create.mutate(
      chosen.map((p) => ({
        studyId,
        studyPlanId: p.studyPlanId,
        studyPlanName: combination.name.trim(),
        studyPlanDescr: combination.descr.trim(),
      })),
      { onSuccess: onCreated },
    );
  };

  return {
    values,
    set,
    /** The plans a combination may be built from. */
    eligible,
    submitted,
    errors: submitted ? ruleErrors : {},
    valid: Object.keys(ruleErrors).length === 0,
    submit,
    pending: create.isPending,
  };
}

export type NewPlanForm = ReturnType<typeof useNewPlanForm>;
