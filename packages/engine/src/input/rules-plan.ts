import { MSG } from './messages';
import { checkPatientCount } from './patient-rules';
import { RATE_OR_COUNT_PAIRS, rateOrCountIssue } from './rate-or-count';
import { bothOrNeither, boundsOrder, type AddIssue } from './rules-group';
import type { SiteGroupInput } from './schema-group';
import type { CohortRow, PlanInput } from './schema-plan';
import { validateCohorts } from './validate-cohorts';

/** Study-level cross-field rules (spec/1 section 5, plan form). */
export function planRules(plan: PlanInput, groups: SiteGroupInput[], add: AddIssue): void {
  const t = plan.targets;
  const p = (...rest: string[]) => ['plan', ...rest];
  boundsOrder(t.SITES_TO_ACTIVATE, p('targets', 'SITES_TO_ACTIVATE'), add);
  boundsOrder(t.SUBJECTS_TO_SCREEN, p('targets', 'SUBJECTS_TO_SCREEN'), add);

  // Exactly one of each pair (spec/1 section 5): neither -> "Can't be empty." on both fields.
  const pairs = [
    ['screenFail', 'screenFailRate', 'NUM_SUBJECTS_ENROLLED'],
    ['dropOut', 'dropOutRate', 'NUM_SUBJECTS_TREATED'],
  ] as const;
  for (const [pair, rate, count] of pairs) {
    const issue = rateOrCountIssue(plan[rate] != null, t[count] != null, true);
    if (issue === 'neither') {
      add(p(rate), MSG.empty);
      add(p('targets', count), MSG.empty);
    } else if (issue === 'both') add(p(rate), RATE_OR_COUNT_PAIRS[pair].message);
  }

  // The patient chain: each count at most the nearest one filled before it, screened first.
  let previous: number | undefined = t.SUBJECTS_TO_SCREEN.lowerBound;
  for (const tier of ['NUM_SUBJECTS_ENROLLED', 'NUM_SUBJECTS_TREATED', 'NUM_SUBJECTS_COMPLETED'] as const) {
    const { message } = checkPatientCount(tier, t[tier], previous);
    if (message) add(p('targets', tier), message);
    previous = t[tier] ?? previous;
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
  if (sequential || (plan.cohorts ?? []).length > 0) cohortRules(plan.cohorts ?? [], add);
}

/** The sequential cohort rules (validateCohorts, as on the countries step) at the input's field paths. */
function cohortRules(rows: CohortRow[], add: AddIssue): void {
  const result = validateCohorts(rows, { step: 2 });
  for (const e of result.errors) {
    // validateCohorts names cells 'rows.{index}.{field}' and the table 'rows'.
    const [, index, field] = e.field.split('.');
    add(index === undefined ? ['plan', 'cohorts'] : ['plan', 'cohorts', Number(index), field!], e.message);
  }
  if (result.form) add(['plan', 'cohorts'], result.form);
}
