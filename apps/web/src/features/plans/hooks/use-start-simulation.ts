import { runRequestErrorText } from '@predict/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useNotify } from '@/components/snackbars';
import { isApiError } from '@/lib/api-client';
import { requestSimulationRun, studyPlansQueryKey } from '../api/plans';
import { planSimulationPath } from '../utils/plan-paths';

/**
 * Start Simulation of the plan list (spec/1 section 2): a run is requested only for a plan the user may edit
 * (Draft), then the simulation screen opens. A refused request (the review rules, a plan changed meanwhile) says
 * why, not "failed" (nothing ran), and stays on the list.
 */
export function useStartSimulation() {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();

  const start = async (plan: { studyId: number; studyPlanId: number; isEditable: boolean }) => {
    if (plan.isEditable) {
      try {
        await requestSimulationRun(plan.studyPlanId);
      } catch (error) {
        notify.error(runRequestErrorText(isApiError(error) ? error : null));
        return;
      }
      // The list shows View Simulation from now on.
      void queryClient.invalidateQueries({ queryKey: studyPlansQueryKey(plan.studyId) });
    }
    void navigate(planSimulationPath(plan.studyId, plan.studyPlanId, false));
  };

  return { start };
}
