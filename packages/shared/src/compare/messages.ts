/**
 * Scenario comparison (GET /ctpo/compare/study/{studyId}?plans=): how many plans one comparison takes, and the
 * messages of a bad `plans` list. Each message names the plan it is about, so the page can say which to untick.
 */
export const COMPARE_MIN_PLANS = 2;
export const COMPARE_MAX_PLANS = 4;

export const COMPARE_MESSAGES = {
  count: `Compare ${COMPARE_MIN_PLANS} to ${COMPARE_MAX_PLANS} plans.`,
  notAnId: (text: string) => `"${text}" is not a plan id: list plan ids separated by commas, e.g. 12,15.`,
  duplicate: (planId: number) => `Plan ${planId} is listed twice.`,
  otherStudy: (planId: number) => `Plan ${planId} is not a plan of this study.`,
  noRun: (planId: number) => `Plan ${planId} has no finished simulation run.`,
} as const;
