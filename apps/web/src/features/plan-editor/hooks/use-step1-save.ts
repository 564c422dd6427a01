import type { EnrollmentPlanStep1Response } from '@predict/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNotify } from '@/components/snackbars';
import { isApiError } from '@/lib/api-client';
import {
  planQueryOptions,
  saveStep1,
  changedFieldsBody,
  newPlanBody,
  planFormFromPlan,
  type PlanFormModel,
  type PlanKind,
  type ReadyPlanRoute,
} from '@/features/plan-shell';

export const SAVED_MESSAGE = 'Successfully saved plan.';
export const CREATE_FAILED_MESSAGE = 'Failed to create new plan.';
export const SAVE_FAILED_MESSAGE = 'Failed to save plan.';

type FieldName = Parameters<UseFormReturn<PlanFormModel>['setError']>[0];

/**
 * Saves step 1 through POST EnrollmentPlanStep1: a new plan whole, a saved plan as its changed fields plus the
 * rowVersion they are based on. Server field messages go under their fields; a 409 (changed meanwhile, or no
 * longer Draft) shows the server's message and offers a reload.
 */
export function useStep1Save(route: ReadyPlanRoute, kind: PlanKind, form: UseFormReturn<PlanFormModel>) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);

  /** Saves the form; resolves with the plan's id, or null when it failed (already reported to the user). */
  async function save(options: { actualStep?: 1 | 2 } = {}): Promise<number | null> {
    const values = form.getValues();
    const plan = route.plan;
    const step =
      options.actualStep && (!plan || plan.actualStep < options.actualStep) ? options.actualStep : undefined;
    const body = plan
      ? changedFieldsBody(values, planFormFromPlan(plan), kind, plan)
      : newPlanBody(values, kind, route.studyId);
    setSaving(true);
    try {
      const saved = await saveStep1(route.studyId, { ...body, ...(step ? { actualStep: step } : {}) });
      onSaved(saved);
      notify.success(SAVED_MESSAGE);
      return saved.Id;
    } catch (error) {
      onFailed(error, plan === undefined);
      return null;
    } finally {
      setSaving(false);
    }
  }

  function onSaved(saved: EnrollmentPlanStep1Response) {
    queryClient.setQueryData(planQueryOptions(saved.Id).queryKey, saved);
    void queryClient.invalidateQueries({ queryKey: ['plan-editor', 'study-plans', route.studyId] });
    // The study page's plan table (another feature) reads the plans too; let it refetch.
    void queryClient.invalidateQueries({ queryKey: ['plans'] });
    // The form now matches what is saved: no unsaved changes until the next edit.
    form.reset(planFormFromPlan(saved));
    setConflict(null);
  }

  function onFailed(error: unknown, isNew: boolean) {
    if (isApiError(error) && error.status === 409) {
      notify.error(error.message);
      setConflict(error.message);
      return;
    }
    notify.error(isNew ? CREATE_FAILED_MESSAGE : SAVE_FAILED_MESSAGE);
    if (isApiError(error)) {
      for (const f of error.fields) {
        const name = f.path.replace(/^body\./, '') as FieldName;
        form.setError(name, { type: 'server', message: f.message });
      }
    }
  }

  /** After a 409: reads the plan again and starts over from what is saved now. */
  async function reload() {
    if (!route.plan) return;
    const fresh = await queryClient.fetchQuery({ ...planQueryOptions(route.plan.studyPlanId), staleTime: 0 });
    form.reset(planFormFromPlan(fresh));
    setConflict(null);
  }

  return { save, saving, conflict, reload };
}
