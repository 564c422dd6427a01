import {
  BUTTON_TYPE_CODE,
  type PlanValidationItem,
  type SimulationStatus,
  type StudyPlan,
} from '@predict/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { createElement, useState } from 'react';
import { planQueryOptions } from '@/features/plan-editor/api/plan-editor-api';
import { isApiError } from '@/lib/api-client';
import { fetchPlanValidation, runSimulation } from '../api/review-api';

/** Ours: the simulation engine service runs requested simulations in a later release. */
export const SIMULATION_REQUESTED_MESSAGE =
  'Simulation requested. Results will be available when the simulation service runs it.';
export const SIMULATION_RUNNING_MESSAGE = 'Simulation is running...';
export const SIMULATION_COMPLETED_MESSAGE = 'Simulation completed.'; // ours
export const SIMULATION_FAILED_MESSAGE = 'Simulation failed.';
export const VALIDATION_FAILED_MESSAGE = 'The plan could not be checked before running. Please try again.'; // ours

/** A snackbar line per message; one message stays plain text. */
const listMessage = (items: PlanValidationItem[]) =>
  items.length === 1
    ? items[0]!.message
    : createElement(
        'ul',
        { style: { margin: 0, paddingLeft: 16 } },
        items.map((item, i) => createElement('li', { key: i }, item.message)),
      );

/** The recorded status of a run request, told as it is (spec/1 section 4 status texts). */
function statusMessage(status: SimulationStatus): { variant: 'info' | 'success' | 'error'; text: string } {
  switch (status.simOptRunStatus) {
    case 'NOT_STARTED':
    case 'REQUESTING':
      return { variant: 'info', text: SIMULATION_REQUESTED_MESSAGE };
    case 'RUNNING':
    case 'PROCESSING':
      return { variant: 'info', text: status.simOptRunMsg || SIMULATION_RUNNING_MESSAGE };
    case 'COMPLETED_OK':
      return { variant: 'success', text: SIMULATION_COMPLETED_MESSAGE };
    default:
      return {
        variant: 'error',
        text: [SIMULATION_FAILED_MESSAGE, status.simOptRunMsg].filter(Boolean).join(' '),
      };
  }
}

/**
 * Finish & Run Simulation (spec/1 sections 4 and 8): the review-step validation first (errors in an error
 * snackbar block the run, warnings in a warning snackbar; the BUTTON_TYPE entry is not shown), then the run
 * request, whose recorded status is reported as it is.
 */
export function useRunSimulation(plan: StudyPlan) {
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      let items: PlanValidationItem[];
      try {
        items = (await fetchPlanValidation(plan.studyPlanId)).items.filter(
          (i) => i.code !== BUTTON_TYPE_CODE,
        );
      } catch {
        enqueueSnackbar(VALIDATION_FAILED_MESSAGE, { variant: 'error' });
        return;
      }
      const errors = items.filter((i) => i.severity === 'error');
      const warnings = items.filter((i) => i.severity === 'warning');
      if (errors.length) enqueueSnackbar(listMessage(errors), { variant: 'error' });
      if (warnings.length) enqueueSnackbar(listMessage(warnings), { variant: 'warning' });
      // buttonType ALL: every error blocks the run.
      if (errors.length) return;
      try {
        const status = await runSimulation(plan.studyPlanId);
        const { variant, text } = statusMessage(status);
        enqueueSnackbar(text, { variant });
      } catch (error) {
        const detail = isApiError(error) ? error.message : '';
        enqueueSnackbar([SIMULATION_FAILED_MESSAGE, detail].filter(Boolean).join(' '), { variant: 'error' });
      }
      await queryClient.invalidateQueries({ queryKey: planQueryOptions(plan.studyPlanId).queryKey });
    } finally {
      setRunning(false);
    }
  };

  return { run, running };
}
