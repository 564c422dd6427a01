import { PlanValidationResponse, SimulationStatus } from '@predict/shared';
import { api } from '@/lib/api-client';

/** GET /ctpo/plan/{planId}/validation?step=3: the rules a run needs, applied to the saved plan. */
export const fetchPlanValidation = (planId: number) =>
  api.get(`/ctpo/plan/${planId}/validation`, PlanValidationResponse, { query: { step: 3 } });

export const runSimulation = (studyPlanId: number) =>
  api.post('/ctpo/runsimulation', { studyPlanId }, SimulationStatus);
