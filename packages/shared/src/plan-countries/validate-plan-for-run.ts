import { MSG } from '@predict/engine';
import {
  COHORT_TYPE_SEQUENTIAL,
  PLAN_TYPE_DURATION,
  PLAN_TYPE_RATES,
  STUDY_MILESTONES,
} from '../plan/constants';
import { CLOSE_OUT_FIELDS } from '../plan/close-out-fields';
import { COUNTRY_SITES_EQUAL_WARNING, COUNTRY_SITES_EXCEED_WARNING } from '../plan/messages';
import type { PlanCountry, PlanSiteGroup } from '../plan/plan-children-schemas';
import { keyedBounds, PLAN_FORM_FIELDS, type PlanFormValues } from '../plan/plan-form-values';
import type { StudyPlan } from '../plan/plan-schemas';
import { validatePlanForm } from '../plan/validate-plan-form';
import { REQUIRED_MESSAGE } from '../schemas/common';
import { countryIssueMessage, SEASONAL_INVALID_MESSAGE } from './messages';
import { ENROLLMENT_DURATION_CODE, type PlanValidationItem } from './run-request-schemas';
import { validateCohorts, type CohortRowValues } from '@predict/engine';
import { countryGoalBounds, countryRuleMessages, seasonalValuesOf } from './validate-plan-for-run-countries';

export const PLAN_FORM_CODE = 'PLAN_FORM';
export const NO_COUNTRY_CODE = 'NO_COUNTRY';
export const COUNTRY_ISSUE_CODE = 'COUNTRY_ISSUE';
export const COUNTRY_INPUTS_CODE = 'COUNTRY_INPUTS';
export const SEASONAL_VARIATIONS_CODE = 'SEASONAL_VARIATIONS';
export const COHORTS_CODE = 'SEQUENTIAL_COHORTS';
export const COUNTRY_SITES_WARNING_CODE = 'COUNTRY_SITES';

/** Ours: the engine's wording (a plan is simulated by country). */
export const NO_COUNTRY_MESSAGE = MSG.noCountry;
/** Ours: the spec names the ENROLLMENT_DURATION error without its text. */
export const ENROLLMENT_DURATION_MESSAGE = "Overall Enrollment Duration can't be empty.";

export interface PlanRunValidationOptions {
  /** The step asking: 2 (Next Step from the countries) or 3 (review and run); ENROLLMENT_DURATION only on 3. */
  step: 2 | 3;
  /** Names of the study's other plans, for the plan name's uniqueness rule (unchecked when not given). */
  existingNames?: readonly string[];
}

/** Step 1 field labels, so a message in a snackbar says which field it is about. */
const FIELD_LABELS: Record<string, string> = {
  studyPlanName: 'Study Plan Name',
  studyPlanDescr: 'Description',
  croProjectStartDateMillis: 'CRO Project Start Date',
  finalProtocolStartDateMillis: 'Final Protocol Start Date',
  enrollmentRate: 'Enrollment Rate',
  overallEnrollmentDuration: 'Overall Enrollment Duration',
  screeningPeriodDuration: 'Screening Duration',
  treatmentDuration: 'Treatment Duration',
  followUpDuration: 'Follow-Up Duration',
  screenFailRate: 'Screen Fail Rate',
  dropOutRate: 'Drop-Out Rate',
  pauseEnrollmentAfterPatient: 'Pause Enrollment After Patient #',
  pauseEnrollmentDays: 'Resume Screening (days)',
  [PLAN_FORM_FIELDS.sitesToActivate]: 'Sites to Activate',
  [PLAN_FORM_FIELDS.subjectsToScreen]: 'Patients Screened',
  [PLAN_FORM_FIELDS.patientsEnrolled]: 'Patients Enrolled',
  [PLAN_FORM_FIELDS.patientsCompletingTreatment]: 'Patients Completing Treatment',
  [PLAN_FORM_FIELDS.patientsCompletingFollowUp]: 'Patients Completing Follow-Up',
  ...Object.fromEntries(CLOSE_OUT_FIELDS.map((f) => [f.key, f.label])),
};
const fieldLabel = (field: string) =>
  FIELD_LABELS[field] ?? (field.startsWith('milestones.') ? `Comment of ${field.split('.')[1]}` : field);

/**
 * The site groups checked per country: all of them. spec/1 section 3 says the first is the one used, but a country
 * may hold two groups (USA - Central and USA - Local), step 2 edits each and the engine simulates each, so each must
 * pass. A country without groups yields one undefined entry (reported as damaged data).
 */
const groupsOf = (country: PlanCountry): (PlanSiteGroup | undefined)[] =>
  country.siteGroups.length > 0 ? country.siteGroups : [undefined];

/** The step 1 form values of a saved plan, with the countries' activated sites for the two warnings. */
export function planFormValuesOf(plan: StudyPlan): PlanFormValues {
  return {
    studyPlanName: plan.studyPlanName,
    studyPlanDescr: plan.studyPlanDescr,
    croProjectStartDateMillis: plan.croProjectStartDateMillis,
    finalProtocolStartDateMillis: plan.finalProtocolStartDateMillis,
    enrollmentRate: plan.enrollmentRate,
    overallEnrollmentDuration: plan.overallEnrollmentDuration,
    screeningPeriodDuration: plan.screeningPeriodDuration,
    treatmentDuration: plan.treatmentDuration,
    followUpDuration: plan.followUpDuration,
    screenFailRate: plan.screenFailRate,
    dropOutRate: plan.dropOutRate,
    pauseEnrollmentAfterPatient: plan.pauseEnrollmentAfterPatient,
    pauseEnrollmentDays: plan.pauseEnrollmentDays,
    tfedToDbLockDuration: plan.tfedToDbLockDuration,
    dbLocktoCSRDuration: plan.dbLocktoCSRDuration,
    csrToTMFCloseAndReturnDuration: plan.csrToTMFCloseAndReturnDuration,
    ...keyedBounds({
      parameters: plan.parameters,
      milestones: plan.milestones.filter((m) => m.milestoneName in STUDY_MILESTONES),
    }),
    countrySites: plan.countries.flatMap((c) =>
      c.siteGroups.map((g) => countryGoalBounds(g, 'NUM_SITES_ACTIVATED')),
    ),
  };
}

export const isSequentialPlan = (plan: { studyPlanType: number; cohortType: number }) =>
  plan.studyPlanType === PLAN_TYPE_DURATION && plan.cohortType === COHORT_TYPE_SEQUENTIAL;

/**
 * The checks before Next Step on the countries step and before running (spec/1 sections 4, 5 and 8): the step 1
 * plan form, at least one country, each country's inputs, activation profile, milestones and seasonal variations,
 * the sequential cohorts, the ENROLLMENT_DURATION error (review only) and the country-sites warnings. Errors
 * block; warnings are shown and do not. Each item says which step (and country) to fix it on.
 */
export function validatePlanForRun(
  plan: StudyPlan,
  cohorts: readonly CohortRowValues[],
  options: PlanRunValidationOptions,
): PlanValidationItem[] {
  const items: PlanValidationItem[] = [];
  const error = (code: string, message: string, step: 1 | 2 | 3, siteGroupId: number | null = null) =>
    items.push({ code, severity: 'error', message, step, studyPlanSiteGroupId: siteGroupId });
  const sequential = isSequentialPlan(plan);
  const scenario = plan.studyPlanType === PLAN_TYPE_RATES ? 'scenario-a' : 'scenario-b';

  const form = validatePlanForm(planFormValuesOf(plan), {
    scenario,
    sequential,
    existingNames: options.existingNames ?? [],
  });
  for (const e of form.errors) {
    // A missing overall duration is the ENROLLMENT_DURATION error, which only the review step raises.
    if (e.field === 'overallEnrollmentDuration' && e.message === REQUIRED_MESSAGE) continue;
    error(PLAN_FORM_CODE, `Overall Parameters - ${fieldLabel(e.field)}: ${e.message}`, 1);
  }
  const needsDuration = scenario === 'scenario-b' && !sequential && plan.overallEnrollmentDuration === null;
  if (needsDuration && options.step === 3) error(ENROLLMENT_DURATION_CODE, ENROLLMENT_DURATION_MESSAGE, 1);

  if (plan.countries.length === 0) error(NO_COUNTRY_CODE, NO_COUNTRY_MESSAGE, 2);
  let seasonalReported = false;
  for (const country of plan.countries) {
    for (const group of groupsOf(country)) {
      // A country always gets its milestones when added; without them the plan's data is damaged.
      if (!group || group.milestones.length === 0) {
        const siteGroupId = group?.studyPlanSiteGroupId ?? null;
        error(
          COUNTRY_ISSUE_CODE,
          countryIssueMessage(plan.studyPlanId, country.countryName, country.countryId),
          2,
          siteGroupId,
        );
        continue;
      }
      for (const message of countryRuleMessages(plan, country, group)) {
        error(COUNTRY_INPUTS_CODE, message, 2, group.studyPlanSiteGroupId);
      }
      if (!seasonalReported && seasonalValuesOf(group).invalid) {
        seasonalReported = true;
        error(SEASONAL_VARIATIONS_CODE, SEASONAL_INVALID_MESSAGE, 2, group.studyPlanSiteGroupId);
      }
    }
  }

  if (sequential) {
    const result = validateCohorts(cohorts, { step: options.step });
    if (result.form) error(COHORTS_CODE, result.form, 2);
  }

  for (const warning of form.warnings) {
    const code = warning === COUNTRY_SITES_EXCEED_WARNING || warning === COUNTRY_SITES_EQUAL_WARNING;
    items.push({
      code: code ? COUNTRY_SITES_WARNING_CODE : PLAN_FORM_CODE,
      severity: 'warning',
      message: warning,
      step: 2,
      studyPlanSiteGroupId: null,
    });
  }
  return items;
}
