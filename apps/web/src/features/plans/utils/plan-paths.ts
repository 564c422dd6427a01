/** Addresses of a plan's screens (spec/1 section 2); the editor routes are built by the plan editor feature. */
export const planEditPath = (studyId: number, planId: number) => `/ctpo/study-plans/${studyId}/${planId}/`;
export const planReviewPath = (studyId: number, planId: number) =>
  `/ctpo/study-plans/${studyId}/${planId}/review`;
/** Read-only users only ever view a run (spec/1 section 6: simulation forced to type=view). */
export const planSimulationPath = (studyId: number, planId: number, viewOnly: boolean) =>
  `/ctpo/study-plans/${studyId}/${planId}/simulation${viewOnly ? '?type=view' : ''}`;

/**
 * The scenario comparison of the ticked plans, the first the one compared with (the address says everything the
 * page shows, so it can be shared; the compare feature's route reads it).
 */
export const comparePath = (studyId: number, planIds: readonly number[]) =>
  `/ctpo/study-plans/${studyId}/compare?plans=${planIds.join(',')}`;

export type NewPlanScenario = 'scenario-a' | 'scenario-b';

/** An unsaved new plan: a new-plan_ id, the scenario and the sequential flag in the query. */
export function newPlanPath(
  studyId: number,
  scenario: NewPlanScenario,
  sequential: boolean,
  now = Date.now(),
) {
  const seq = scenario === 'scenario-b' && sequential;
  return `/ctpo/study-plans/${studyId}/new-plan_${now}/?s=${scenario}&seq=${seq}`;
}
