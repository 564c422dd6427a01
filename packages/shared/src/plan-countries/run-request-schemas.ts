import { z } from 'zod';
import { INTEGER_MESSAGE } from '../schemas/common';
import { ID_MAX } from '../schemas/safe-input';
import { SIM_RUN_STATUSES } from './run-statuses';

/**
 * Validation before running (spec/1 sections 4 and 8): errors go to an error snackbar, warnings to a warning
 * snackbar. The list may carry a BUTTON_TYPE entry (not displayed; ALL = every error blocks); the
 * ENROLLMENT_DURATION error is skipped outside the review step.
 */
export const PlanValidationItem = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  /** Where to fix it: the step and, for country problems, the country's site group (for the Edit link). */
  step: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  studyPlanSiteGroupId: z.number().int().nullable(),
});
export type PlanValidationItem = z.infer<typeof PlanValidationItem>;
export const BUTTON_TYPE_CODE = 'BUTTON_TYPE';
export const ENROLLMENT_DURATION_CODE = 'ENROLLMENT_DURATION';

/** GET /ctpo/plan/{planId}/validation?step=2|3 (ours): the review-step rules applied to the saved plan. */
export const PlanValidationResponse = z.object({
  items: z.array(PlanValidationItem),
  /** 'ALL' = every error blocks (the BUTTON_TYPE entry of the spec). */
  buttonType: z.literal('ALL'),
});
export type PlanValidationResponse = z.infer<typeof PlanValidationResponse>;

/** POST /ctpo/runsimulation. */
export const RunSimulationBody = z.object({
  studyPlanId: z.number({ error: INTEGER_MESSAGE }).int().min(1).max(ID_MAX),
});
export type RunSimulationBody = z.infer<typeof RunSimulationBody>;

/** GET /ctpo/simulation/status/plan/{planId} and the runsimulation answer. */
export const SimulationStatus = z.object({
  simOptRunId: z.number().int().nullable(),
  simOptRunStatus: z.enum(SIM_RUN_STATUSES),
  simOptRunMsg: z.string().nullable(),
  simOptRunDetail: z.string().nullable(),
});
export type SimulationStatus = z.infer<typeof SimulationStatus>;
