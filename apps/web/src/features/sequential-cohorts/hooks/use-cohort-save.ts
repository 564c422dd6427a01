import { COHORTS_INVALID_MESSAGE, type StudyPlan } from '@predict/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from '@/components/snackbars';
import { planQueryOptions } from '@/features/plan-shell';
import { isApiError } from '@/lib/api-client';
import { cohortsQuery, saveCohorts } from '../api/cohorts-api';
import { inputRowOf } from '../utils/cohort-form';
import type { CohortForm } from './use-cohort-form';

/** The server's 400 field messages ('rows.2.patients') by the cells they belong to ('2.patients'). */
const cellErrorsOf = (fields: { path: string; message: string }[]): Record<string, string> =>
  Object.fromEntries(
    fields.flatMap((f) => {
      const m = /^rows\.(\d+)\.(\w+)$/.exec(f.path);
      return m ? [[`${m[1]}.${m[2]}`, f.message]] : [];
    }),
  );

interface CohortSaveArgs {
  plan: StudyPlan;
  readOnly: boolean;
  enabled: boolean;
  isValid: boolean;
  form: CohortForm;
}

/** Save of the cohort table (POST SequentialCohort); see CohortEditor['save']. */
export function useCohortSave({ plan, readOnly, enabled, isValid, form }: CohortSaveArgs) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const { baseline, names, rows, setSubmitted, setServerErrors } = form;

  const save = async (options: { rowVersion?: number } = {}) => {
    if (readOnly || !enabled) return true;
    if (!baseline || !isValid) {
      setSubmitted(true);
      notify.error(COHORTS_INVALID_MESSAGE);
      return false;
    }
    setSaving(true);
    try {
      const answer = await saveCohorts(plan.studyId, {
        studyPlanId: plan.studyPlanId,
        rowVersion: options.rowVersion ?? plan.rowVersion,
        phaseNames: { dtl: names.dtl.trim(), src: names.src.trim() },
        rows: rows.map(inputRowOf),
      });
      queryClient.setQueryData(cohortsQuery(plan.studyPlanId).queryKey, answer);
      await queryClient.invalidateQueries({ queryKey: planQueryOptions(plan.studyPlanId).queryKey });
      return true;
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        setSubmitted(true);
        setServerErrors(cellErrorsOf(error.fields));
        notify.error(COHORTS_INVALID_MESSAGE);
      }
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { saving, save };
}
