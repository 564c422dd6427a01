import { runRequestErrorText, type StudyPlan } from '@predict/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { planQueryOptions } from '@/features/plan-shell';
import { isApiError } from '@/lib/api-client';
import { runSimulation } from '../api/review-api';
import { usePlanCheck } from './use-plan-check';

/**
 * Finish & Run Simulation (spec/1 sections 4 and 8): the review-step validation first (errors in an error
 * snackbar block the run, warnings in a warning snackbar; the BUTTON_TYPE entry is not shown), then the run
 * request. Resolves true once the run is recorded: the caller opens the simulation screen, which shows its
 * status (and 'Simulation failed.' with Back to Review Page should it fail).
 */
export function useRunSimulation(plan: StudyPlan) {
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  const check = usePlanCheck();

  const run = async (): Promise<boolean> => {
    setRunning(true);
    try {
      if (!(await check(plan.studyPlanId, 3))) return false;
      let requested = false;
      try {
        await runSimulation(plan.studyPlanId);
        requested = true;
      } catch (error) {
        // A refusal (4xx) says why; nothing ran, so nothing "failed".
        enqueueSnackbar(runRequestErrorText(isApiError(error) ? error : null), { variant: 'error' });
      }
      await queryClient.invalidateQueries({ queryKey: planQueryOptions(plan.studyPlanId).queryKey });
      return requested;
    } finally {
      setRunning(false);
    }
  };

  return { run, running };
}
