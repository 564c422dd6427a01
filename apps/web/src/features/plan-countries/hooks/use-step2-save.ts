import {
  COHORTS_INVALID_MESSAGE,
  PLAN_SAVE_FAILED_MESSAGE,
  PLAN_SAVED_MESSAGE,
  SEASONAL_INVALID_MESSAGE,
  type StudyPlan,
} from '@predict/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from '@/components/snackbars';
import type { CohortEditor } from '@/features/sequential-cohorts';
import { planQueryOptions } from '@/features/plan-shell';
import { isApiError } from '@/lib/api-client';
import { saveStep2 } from '../api/plan-countries-api';
import { fieldOfPath } from '../utils/step2-rows';
import type { Step2Drafts } from './use-step2-drafts';

/**
 * Save Draft of step 2 (spec/1 sections 4 and 7): the changed countries of each table in one
 * EnrollmentPlanStep2 call based on the plan's rowVersion, then the cohort table when it changed. Server field
 * messages go under their fields; a 409 shows the server's message and offers a reload.
 */
export function useStep2Save(plan: StudyPlan, drafts: Step2Drafts, cohorts: CohortEditor | null) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  /** Server messages whose path names no field of the page (shown above the footer). */
  const [otherMessages, setOtherMessages] = useState<string[]>([]);
  const cohortsDirty = cohorts !== null && cohorts.isDirty;

  const refetchPlan = () => queryClient.fetchQuery({ ...planQueryOptions(plan.studyPlanId), staleTime: 0 });

  /** Resolves true when everything was saved (or nothing needed saving). */
  async function save(): Promise<boolean> {
    if (drafts.seasonalInvalid) {
      notify.error(SEASONAL_INVALID_MESSAGE);
      return false;
    }
    if (cohortsDirty && !cohorts.isValid) {
      notify.error(COHORTS_INVALID_MESSAGE);
      return false;
    }
    if (!drafts.hasChanges && !cohortsDirty) return true;
    setSaving(true);
    try {
      let rowVersion = plan.rowVersion;
      if (drafts.hasChanges) {
        const { tables, sources } = drafts.saveRows();
        try {
          const answer = await saveStep2(plan.studyId, {
            studyId: plan.studyId,
            studyPlanId: plan.studyPlanId,
            studyPlanType: plan.studyPlanType,
            rowVersion: plan.rowVersion,
            ...tables,
          });
          rowVersion = answer[0]?.rowVersion ?? rowVersion;
        } catch (error) {
          onFailed(error, sources);
          return false;
        }
      }
      // The cohort table is saved against the version the step 2 save just made.
      if (cohortsDirty && !(await cohorts.save({ rowVersion }))) {
        notify.error(PLAN_SAVE_FAILED_MESSAGE);
        await refetchPlan().catch(() => undefined);
        drafts.discard();
        return false;
      }
      // The page shows the saved plan again before the edits are let go, so nothing flashes back.
      await refetchPlan().catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: ['plans'] });
      drafts.discard();
      setConflict(null);
      setOtherMessages([]);
      notify.success(PLAN_SAVED_MESSAGE);
      return true;
    } finally {
      setSaving(false);
    }
  }

  function onFailed(error: unknown, sources: ReturnType<Step2Drafts['saveRows']>['sources']) {
    if (isApiError(error) && error.status === 409) {
      notify.error(error.message);
      setConflict(error.message);
      return;
    }
    notify.error(PLAN_SAVE_FAILED_MESSAGE);
    if (!isApiError(error)) return;
    const placed: { id: number; key: string; message: string }[] = [];
    const other: string[] = [];
    for (const f of error.fields) {
      const field = fieldOfPath(f.path, sources);
      if (field) placed.push({ ...field, message: f.message });
      else other.push(f.message);
    }
    drafts.showServerMessages(placed);
    setOtherMessages(other);
  }

  /** After a 409: reads the plan again and starts over from what is saved now. */
  async function reload() {
    await refetchPlan();
    drafts.discard();
    cohorts?.reset();
    setConflict(null);
    setOtherMessages([]);
  }

  return { save, saving, conflict, reload, otherMessages, refetchPlan };
}
