import { useConfirm } from '@/components/warning-dialog';
import { planStepPath } from '@/features/plan-shell';
import { usePlanCheck } from '@/features/plan-review';
import { useLeaveGuard } from './use-leave-guard';

/** Ours: the question before Cancel drops the step's unsaved changes. */
export const DISCARD_CHANGES_MESSAGE = 'Discard your unsaved changes to this plan?';

/**
 * How step 2 is left: Next Step saves what changed, then checks the plan for the review (what blocks it is listed
 * in snackbars, spec/1 section 8; warnings do not stop the user); Cancel asks before dropping the changes; a
 * blocked navigation can save and go on.
 */
export function useStep2Leave({
  studyId,
  planId,
  dirty,
  save,
  discard,
}: {
  studyId: number;
  planId: number;
  dirty: boolean;
  save: () => Promise<boolean>;
  discard: () => void;
}) {
  const confirm = useConfirm();
  const checkPlan = usePlanCheck();
  const { blocker, leave } = useLeaveGuard(dirty);

  const nextStep = async () => {
    if (dirty && !(await save())) return;
    if (!(await checkPlan(planId, 2))) return;
    leave(planStepPath(studyId, planId, 3));
  };
  const cancel = async () => {
    if (await confirm({ title: 'Warning!', message: DISCARD_CHANGES_MESSAGE })) discard();
  };
  const saveAndExit = async () => {
    if (await save()) blocker.proceed?.();
    else blocker.reset?.();
  };
  return { blocker, nextStep, cancel, saveAndExit };
}
