import { MSG } from './messages';
import { bothOrNeither, boundsOrder, type AddIssue } from './rules-group';
import type { SiteGroupInput } from './schema-group';
import type { CohortRow, PlanInput } from './schema-plan';

/** Study-level cross-field rules (spec/1 section 5, plan form). */
export function planRules(plan: PlanInput, groups: SiteGroupInput[], add: AddIssue): void {
  const t = plan.targets;
  const p = (...rest: string[]) => ['plan', ...rest];
  boundsOrder(t.SITES_TO_ACTIVATE, p('targets', 'SITES_TO_ACTIVATE'), add);
  boundsOrder(t.SUBJECTS_TO_SCREEN, p('targets', 'SUBJECTS_TO_SCREEN'), add);

  // Exactly one of each pair (spec/1 section 5): neither -> "Can't be empty." on both fields.
  if (plan.screenFailRate == null && t.NUM_SUBJECTS_ENROLLED == null) {
    add(p('screenFailRate'), MSG.empty);
    add(p('targets', 'NUM_SUBJECTS_ENROLLED'), MSG.empty);
  } else if (plan.screenFailRate != null && t.NUM_SUBJECTS_ENROLLED != null) {
    add(p('screenFailRate'), MSG.onlyOneSfOrEnrolled);
  }
  if (plan.dropOutRate == null && t.NUM_SUBJECTS_TREATED == null) {
    add(p('dropOutRate'), MSG.empty);
    add(p('targets', 'NUM_SUBJECTS_TREATED'), MSG.empty);
  } else if (plan.dropOutRate != null && t.NUM_SUBJECTS_TREATED != null) {
    add(p('dropOutRate'), MSG.onlyOneDoOrTreated);
  }

  const screened = t.SUBJECTS_TO_SCREEN.lowerBound;
  const enrolled = t.NUM_SUBJECTS_ENROLLED;
  if (enrolled != null && enrolled > screened)
    add(p('targets', 'NUM_SUBJECTS_ENROLLED'), MSG.enrolledAboveScreened);
  const treated = t.NUM_SUBJECTS_TREATED;
  if (treated != null && treated > (enrolled ?? screened)) {
    add(p('targets', 'NUM_SUBJECTS_TREATED'), MSG.treatedAboveEnrolled);
  }
  const completed = t.NUM_SUBJECTS_COMPLETED;
  if (completed != null && completed > (treated ?? enrolled ?? screened)) {
    add(p('targets', 'NUM_SUBJECTS_COMPLETED'), MSG.completedAboveTreated);
  }

  bothOrNeither(
    plan.pauseEnrollmentAfterPatient,
    plan.pauseEnrollmentDays,
    p('pauseEnrollmentAfterPatient'),
    p('pauseEnrollmentDays'),
    add,
  );

  const sequential = plan.studyPlanTypeDetail === 'Cohort (D)';
  if (plan.studyPlanType === 2 && !sequential && plan.overallEnrollmentDuration == null) {
    add(p('overallEnrollmentDuration'), MSG.empty);
  }
  // Scenario A needs a rate for every group: its own or the study's.
  if (
    plan.studyPlanType === 1 &&
    plan.enrollmentRate == null &&
    groups.some((g) => g.siteEnrollmentRateAtSIV == null)
  ) {
    add(p('enrollmentRate'), MSG.empty);
  }
  if (sequential && (plan.cohorts ?? []).length === 0) add(p('cohorts'), MSG.cohortsRequired);
  if (plan.cohorts && plan.cohorts.length > 0) cohortRules(plan.cohorts, add);
}

/** Sequential cohorts: unique names, exactly one first cohort, known predecessors, no cycles. */
export function cohortRules(rows: CohortRow[], add: AddIssue): void {
  let bad = false;
  const at = (k: number, f: string) => ['plan', 'cohorts', k, f];
  const fail = (path: (string | number)[], message: string) => {
    bad = true;
    add(path, message);
  };
  const byName = new Map<string, number>();
  rows.forEach((r, k) => {
    if (byName.has(r.cohortName)) fail(at(k, 'cohortName'), MSG.cohortNameDuplicate);
    else byName.set(r.cohortName, k);
  });
  const firsts = rows.filter((r) => !r.predecessorCohortName);
  if (firsts.length !== 1) fail(['plan', 'cohorts'], MSG.cohortOneFirst);
  rows.forEach((r, k) => {
    const pred = r.predecessorCohortName;
    if (!pred) return;
    if (pred === r.cohortName) fail(at(k, 'predecessorCohortName'), MSG.cohortPredecessorSelf);
    else if (!byName.has(pred)) fail(at(k, 'predecessorCohortName'), MSG.cohortPredecessorUnknown);
    if (r.predecessorActivity == null) fail(at(k, 'predecessorActivity'), MSG.empty);
  });
  // Walk each chain of predecessors; revisiting a row means a cycle.
  rows.forEach((r, k) => {
    const visited = new Set<number>([k]);
    let cur = r.predecessorCohortName ? byName.get(r.predecessorCohortName) : undefined;
    while (cur !== undefined) {
      if (visited.has(cur)) {
        if (cur === k && r.predecessorCohortName !== r.cohortName)
          fail(at(k, 'predecessorCohortName'), MSG.cohortCycle);
        return;
      }
      visited.add(cur);
      const pred = rows[cur]?.predecessorCohortName;
      cur = pred ? byName.get(pred) : undefined;
    }
  });
  if (bad) add(['plan', 'cohorts'], MSG.cohortsInvalid);
}
