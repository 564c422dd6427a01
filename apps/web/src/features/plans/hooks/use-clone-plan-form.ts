import {
  cloneDefaultName,
  validateCloneForm,
  type StudySearchResult,
  type StudyPlanListRow,
} from '@predict/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { isApiError } from '@/lib/api-client';
import { planEditPath } from '../utils/plan-paths';
import { fieldMessages } from '../utils/plan-rows';
import { useClonePlan } from './use-plan-mutations';

export interface ClonePlanValues {
  name: string;
  descr: string;
  /** The study the clone goes to. */
  target: StudySearchResult | null;
}

/** The field of the shared rule and of the server's messages that each value is judged as. */
const RULE_FIELD: Record<keyof ClonePlanValues, string> = {
  name: 'studyPlanName',
  descr: 'studyPlanDescr',
  target: 'studyId',
};

export interface ClonePlanFormArgs {
  plan: StudyPlanListRow;
  currentStudy: StudySearchResult;
  /** Names of the current study's plans: uniqueness is checked here only for that study, the server checks all. */
  studyPlanNames: readonly string[];
}

/**
 * The Clone Study Plan form's state, judged by the shared validateCloneForm: its messages and the server's 400
 * field messages (until that field changes) show once a submit was tried. A clone that succeeds opens its editor.
 */
export function useClonePlanForm({ plan, currentStudy, studyPlanNames }: ClonePlanFormArgs) {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const [values, setValues] = useState<ClonePlanValues>(() => ({
    name: cloneDefaultName(plan.studyPlanName),
    descr: plan.studyPlanDescr,
    target: currentStudy,
  }));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const clone = useClonePlan();
  const { name, descr, target } = values;

  const localErrors = Object.fromEntries(
    validateCloneForm(
      { studyPlanName: name, studyPlanDescr: descr, studyId: target?.studyId ?? null },
      { existingNames: target?.studyId === currentStudy.studyId ? studyPlanNames : [] },
    ).map((e) => [e.field, e.message]),
  );
  const errors: Record<string, string> = submitted ? { ...serverErrors, ...localErrors } : {};

  // A server message belongs to the value it judged: editing the field clears it.
  const set = <K extends keyof ClonePlanValues>(key: K, value: ClonePlanValues[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    setServerErrors(({ [RULE_FIELD[key]]: _, ...rest }) => rest);
  };

  const submit = () => {
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(localErrors).length > 0 || target === null) return;
    clone.mutate(
      {
        studyPlanId: plan.studyPlanId,
        studyPlanName: name.trim(),
        studyPlanDescr: descr.trim(),
        scenarioStatus: 'Draft',
        ownedBy: user.name,
        studyId: target.studyId,
      },
      {
        onSuccess: (row) => void navigate(planEditPath(row.studyId ?? target.studyId, row.studyPlanId)),
        onError: (error) => {
          if (isApiError(error)) setServerErrors(fieldMessages(error));
        },
      },
    );
  };

  return {
    values,
    set,
    submitted,
    errors,
    valid: Object.keys(localErrors).length === 0,
    submit,
    pending: clone.isPending,
  };
}

export type ClonePlanForm = ReturnType<typeof useClonePlanForm>;
