import { useNavigate } from 'react-router';
import { planStepPath, type ReadyPlanRoute } from '@/features/plan-shell';
import { savedNewPlanState } from '../utils/step1-editor-key';
import type { useStep1Save } from './use-step1-save';

type Save = ReturnType<typeof useStep1Save>['save'];

/**
 * Step 1's Save Draft and Next Step: both first mark the form attempted (so every message shows) and save only
 * when allowed; a new plan then moves to its saved id's address.
 */
export function useStep1Steps(
  route: ReadyPlanRoute,
  {
    save,
    canSave,
    isDirty,
    markAttempted,
  }: { save: Save; canSave: boolean; isDirty: boolean; markAttempted: () => void },
) {
  const navigate = useNavigate();
  const { plan, studyId } = route;

  const saveDraft = async () => {
    markAttempted();
    if (!canSave) return;
    const id = await save();
    // Same editor under the saved id (see step1-editor-key.ts): nothing typed meanwhile is lost.
    if (id !== null && route.isNew) {
      void navigate(planStepPath(studyId, id, 1), { replace: true, state: savedNewPlanState(route) });
    }
  };

  const nextStep = async () => {
    markAttempted();
    if (!canSave) return;
    if (route.isNew || isDirty) {
      const id = await save({ actualStep: 2 });
      if (id !== null) void navigate(planStepPath(studyId, id, 2), { replace: route.isNew });
      return;
    }
    if (plan) void navigate(planStepPath(studyId, plan.studyPlanId, 2));
  };

  return { saveDraft, nextStep };
}
