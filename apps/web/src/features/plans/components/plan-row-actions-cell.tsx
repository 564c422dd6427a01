import type { PlanStatus, StudyPlanListRow, StudySearchResult } from '@predict/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '@/components/warning-dialog';
import { planHistoryPath } from '@/features/audit-trail';
import { useCurrentUser } from '@/features/auth';
import { useStartSimulation } from '../hooks/use-start-simulation';
import { useSaveAsPlan } from '../hooks/use-plan-mutations';
import { planEditPath, planReviewPath, planSimulationPath } from '../utils/plan-paths';
import { isDraftStatus, planRowActions } from '../utils/plan-rows';
import { ClonePlanDialog } from './clone-plan-dialog';
import { DeletePlanDialog } from './delete-plan-dialog';
import { PlanRowMenu } from './plan-row-menu';

export const SAVE_AS_DRAFT_TITLE = 'Save As Draft';
export const saveAsDraftText = (plan: Pick<StudyPlanListRow, 'studyPlanName' | 'studyPlanVersion'>) =>
  `The draft will be saved as '${plan.studyPlanName} v${plan.studyPlanVersion + 1}'.`;

/** One row's menu and the dialogs its actions open. */
export function PlanRowActionsCell({
  study,
  plan,
  plans,
}: {
  study: StudySearchResult;
  plan: StudyPlanListRow;
  plans: readonly StudyPlanListRow[];
}) {
  const { studyId } = study;
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { roles } = useCurrentUser();
  const saveAs = useSaveAsPlan(studyId);
  const startSimulation = useStartSimulation();
  const [dialog, setDialog] = useState<'clone' | 'delete' | null>(null);

  const onSaveAs = async (status: PlanStatus) => {
    // Draft (or Draft-Combo) raises the version, so it is confirmed first (spec/1 section 4).
    if (isDraftStatus(status)) {
      const ok = await confirm({ title: SAVE_AS_DRAFT_TITLE, message: saveAsDraftText(plan) });
      if (!ok) return;
    }
    saveAs.mutate({ plan, status });
  };

  return (
    <>
      <PlanRowMenu
        plan={plan}
        actions={planRowActions(plan, roles.readOnly)}
        onView={() =>
          void navigate(
            plan.isEditable
              ? planEditPath(studyId, plan.studyPlanId)
              : planReviewPath(studyId, plan.studyPlanId),
          )
        }
        onStartSimulation={() => void startSimulation.start(plan)}
        onViewSimulation={() => void navigate(planSimulationPath(studyId, plan.studyPlanId, roles.readOnly))}
        onClone={() => setDialog('clone')}
        onDelete={() => setDialog('delete')}
        onSaveAs={(status) => void onSaveAs(status)}
        onHistory={roles.admin ? () => void navigate(planHistoryPath(studyId, plan.studyPlanId)) : undefined}
      />
      {dialog === 'clone' && (
        <ClonePlanDialog
          plan={plan}
          currentStudy={study}
          studyPlanNames={plans.map((p) => p.studyPlanName)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && (
        <DeletePlanDialog studyId={studyId} plan={plan} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
