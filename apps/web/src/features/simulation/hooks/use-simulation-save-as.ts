import type { PlanStatus, StudyPlan } from '@predict/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useConfirm } from '@/components/warning-dialog';
import { planQueryOptions } from '@/features/plan-shell';
import { SAVE_AS_DRAFT_TITLE, saveAsDraftText, useSaveAsPlan, isDraftStatus } from '@/features/plans';

/**
 * Save As of the simulation screen: the plan list's flow (Draft, or Draft-Combo, is confirmed first because it
 * raises the version; spec/1 sections 2 and 4), then the plan is reloaded so the header shows its new status.
 */
export function useSimulationSaveAs(plan: StudyPlan) {
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const saveAs = useSaveAsPlan(plan.studyId);

  const choose = async (status: PlanStatus) => {
    if (isDraftStatus(status)) {
      const ok = await confirm({ title: SAVE_AS_DRAFT_TITLE, message: saveAsDraftText(plan) });
      if (!ok) return;
    }
    saveAs.mutate(
      { plan, status },
      {
        onSettled: () =>
          queryClient.invalidateQueries({ queryKey: planQueryOptions(plan.studyPlanId).queryKey }),
      },
    );
  };

  return { choose, saving: saveAs.isPending };
}
