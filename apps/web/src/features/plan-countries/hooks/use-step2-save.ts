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
import { saveStep2 } from '../api/plan-countries-api';
import type { Step2Tables } from '../utils/step2-rows';
import type { Step2Drafts } from './use-step2-drafts';
import { useStep2SaveMessages } from './use-step2-save-messages';

/**
 * Save Draft of step 2 (spec/1 sections 4 and 7): the changed countries of each table in one
 * EnrollmentPlanStep2 call based on the plan's rowVersion, then the cohort table when it changed. Server field
 * messages go under their fields; a 409 shows the server's message and offers a reload.
 */
export function useStep2Save(plan: StudyPlan, drafts: Step2Drafts, cohorts: CohortEditor | null) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const messages = useStep2SaveMessages(drafts);
  const cohortsDirty = cohorts !== null && cohorts.isDirty;
  // What must be put right before anything is sent.
  const refusal = drafts.seasonalInvalid
    ? SEASONAL_INVALID_MESSAGE
    : cohortsDirty && !cohorts.isValid
      ? COHORTS_INVALID_MESSAGE
      : null;

  const refetchPlan = () => queryClient.fetchQuery({ ...planQueryOptions(plan.studyPlanId), staleTime: 0 });

  /** Resolves true when everything was saved (or nothing needed saving). */
  async function save(): Promise<boolean> {
    if (refusal) {
      notify.error(refusal);
      return false;
    }
    if (!drafts.hasChanges && !cohortsDirty) return true;
    setSaving(true);
    try {
      const rowVersion = await saveCountryTables();
      if (rowVersion === null) return false;
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
      messages.clear();
      notify.success(PLAN_SAVED_MESSAGE);
      return true;
    } finally {
      setSaving(false);
    }
  }

  /** The changed country rows, if any; resolves the plan's rowVersion after them, or null when the save failed. */
  async function saveCountryTables(): Promise<number | null> {
    if (!drafts.hasChanges) return plan.rowVersion;
    const { tables, sources } = drafts.saveRows();
    try {
      return await sendCountryTables(plan, tables);
    } catch (error) {
      messages.showFailure(error, sources);
      return null;
    }
  }

  /** After a 409: reads the plan again and starts over from what is saved now. */
  async function reload() {
    await refetchPlan();
    drafts.discard();
    cohorts?.reset();
    messages.clear();
  }

  return {
    save,
    saving,
    conflict: messages.conflict,
    reload,
    otherMessages: messages.otherMessages,
    refetchPlan,
  };
}

/** The changed country rows in one EnrollmentPlanStep2 call; resolves the plan's rowVersion after it. */
async function sendCountryTables(plan: StudyPlan, tables: Step2Tables): Promise<number> {
  const answer = await saveStep2(plan.studyId, {
    studyId: plan.studyId,
    studyPlanId: plan.studyPlanId,
    studyPlanType: plan.studyPlanType,
    rowVersion: plan.rowVersion,
    ...tables,
  });
  return answer[0]?.rowVersion ?? plan.rowVersion;
}
