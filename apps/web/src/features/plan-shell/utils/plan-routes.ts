/** The plan steps of spec/1 section 2, with the address segment of each and the header's names. */
export const PLAN_STEP_DEFS = [
  { step: 1, label: 'Overall Parameters', segment: '' },
  { step: 2, label: 'Countries & Site Groups', segment: 'countries-and-site-groups' },
  { step: 3, label: 'Review Study Plan', segment: 'review' },
] as const;
export type PlanStep = (typeof PLAN_STEP_DEFS)[number]['step'];

export const UNKNOWN_STEP_MESSAGE = 'Unknown step configuration.';

export const studyPath = (studyId: number | string) => `/ctpo/study-plans/${studyId}`;

/** A plan's Forecast History (issue 24), reached from the simulation screen and from Study Actuals. */
export const forecastHistoryPath = (studyId: number | string, planId: number | string) =>
  `/ctpo/study-plans/${studyId}/${planId}/forecast-history`;

/** The address of one step of a plan; step 1 ends in '/' like the spec's route. */
export function planStepPath(studyId: number | string, planId: number | string, step: PlanStep, search = '') {
  const segment = PLAN_STEP_DEFS.find((d) => d.step === step)?.segment ?? '';
  return `/ctpo/study-plans/${studyId}/${planId}/${segment}${search}`;
}

/**
 * Where a saved plan resumes: the step it was last saved at (ActualStep 1, 2 or 3). Any other value is reported
 * with the spec's 'Unknown step configuration.' instead of guessing a step.
 */
export function resumePlanPath(
  studyId: number | string,
  plan: { studyPlanId: number; actualStep: number },
): { path: string } | { error: string } {
  const def = PLAN_STEP_DEFS.find((d) => d.step === plan.actualStep);
  if (!def) return { error: UNKNOWN_STEP_MESSAGE };
  return { path: planStepPath(studyId, plan.studyPlanId, def.step) };
}
