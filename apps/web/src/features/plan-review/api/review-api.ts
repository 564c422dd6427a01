import { PlanValidationResponse, SimulationStatus } from '@predict/shared';
import { api } from '@/lib/api-client';

/**
 * GET /ctpo/plan/{planId}/validation?step=2|3: what blocks Next Step from the countries (2) or a run (3), applied
 * to the saved plan.
 */
export const fetchPlanValidation = (planId: number, step: 2 | 3 = 3) =>
  api.get(`/ctpo/plan/${planId}/validation`, PlanValidationResponse, { query: { step } });

export const runSimulation = (studyPlanId: number) =>
  api.post('/ctpo/runsimulation', { studyPlanId }, SimulationStatus);
