import {
  SEASONAL_MONTHS,
  seasonalVariationsAreValid,
  validateActivationProfile,
  validateSeasonalVariations,
} from '@predict/engine';
import { COHORT_TYPE_SEQUENTIAL } from '../plan/constants';
import type { PlanCountry, PlanSiteGroup } from '../plan/plan-children-schemas';
import type { StudyPlan } from '../plan/plan-schemas';
import { COUNTRY_GOAL_NAMES, COUNTRY_MILESTONES, type CountryGoalName } from './country-milestones';
import type { CountryInputsRow } from './step2-schemas';
import { validateCountryInputs } from './validate-country-inputs';
import { validateCountryMilestones, type ChainDates } from './validate-country-milestones';
import { validateSiteFatigue } from './validate-step2';

/** A country count goal's bounds: kept as a milestone goal, or (sites) mirrored as a country parameter. */
export function countryGoalBounds(group: PlanSiteGroup, name: CountryGoalName) {
  const source =
    group.milestones.find((m) => m.milestoneName === name) ??
    group.parameters.find((p) => p.parameterName === name);
  return { lowerBound: source?.lowerBound ?? null, upperBound: source?.upperBound ?? null };
}

/** The saved country inputs of a site group, as the step 2 form holds them. */
export function savedCountryInputs(group: PlanSiteGroup): CountryInputsRow {
  const goals = Object.fromEntries(COUNTRY_GOAL_NAMES.map((n) => [n, countryGoalBounds(group, n)])) as Pick<
    CountryInputsRow,
    CountryGoalName
  >;
  return {
    studyPlanSiteGroupId: group.studyPlanSiteGroupId,
    siteEnrollmentRateAtSIV: group.siteEnrollmentRateAtSIV,
    expectedScreenFailureRate: group.expectedScreenFailureRate,
    expectedTreatmentDropoutRate: group.expectedTreatmentDropoutRate,
    pauseEnrollmentAfterPatient: group.pauseEnrollmentAfterPatient,
    pauseEnrollmentDays: group.pauseEnrollmentDays,
    ...goals,
  };
}

/** The group's 12 seasonal factors, January first (null where a month is missing); none at all is allowed. */
export function seasonalValuesOf(group: PlanSiteGroup): { values: (number | null)[]; invalid: boolean } {
  if (group.enrollmentVariations.length === 0) return { values: [], invalid: false };
  const values = Array.from(
    { length: SEASONAL_MONTHS },
    (_, month) =>
      group.enrollmentVariations.find((v) => v.enrollmentSeasonalMonth === month)
        ?.enrollmentSeasonalVariation ?? null,
  );
  return { values, invalid: !seasonalVariationsAreValid(validateSeasonalVariations(values)) };
}

const GOAL_LABELS: Record<CountryGoalName, string> = {
  NUM_SITES_ACTIVATED: 'Activated sites',
  NUM_SUBJECTS_SCREENED: 'Patients screened',
  NUM_SUBJECTS_ENROLLED: 'Patients enrolled',
  NUM_SUBJECTS_TREATED: 'Patients completing treatment',
  NUM_SUBJECTS_COMPLETED: 'Patients completing follow-up',
};
const INPUT_LABELS: Record<string, string> = {
  siteEnrollmentRateAtSIV: 'Enrollment rate',
  expectedScreenFailureRate: 'Screen fail rate',
  expectedTreatmentDropoutRate: 'Drop-out rate',
  pauseEnrollmentAfterPatient: 'Pause enrollment after patient #',
  pauseEnrollmentDays: 'Resume screening (days)',
  eventualSiteEnrollmentDays: 'Site fatigue days',
  eventualSiteEnrollmentRate: 'Site fatigue rate',
};
function inputLabel(path: string): string {
  const [field = path, bound] = path.split('.');
  const goal = GOAL_LABELS[field as CountryGoalName];
  if (goal) return `${goal} (${bound === 'upperBound' ? 'upper' : 'lower'} bound)`;
  return INPUT_LABELS[field] ?? field;
}

/**
 * The saved country's step 2 rules, each message prefixed with the country so a snackbar line says where to look:
 * the country inputs (validateCountryInputs), site fatigue, the activation profile ('Activation Profile Error:
 * {country}: ...') and the date milestones (validateCountryMilestones, against the stored computed dates).
 */
export function countryRuleMessages(plan: StudyPlan, country: PlanCountry, group: PlanSiteGroup): string[] {
  const messages: string[] = [];
  // A country with several site groups (the USA) names the group, as its step 2 tab does.
  const name = country.siteGroups.length > 1 ? group.siteGroupName : country.countryCodeISO3;
  const say = (label: string, message: string) => messages.push(`${name} - ${label}: ${message}`);
  const sequential = plan.cohortType === COHORT_TYPE_SEQUENTIAL;
  const inputs = validateCountryInputs(plan.studyPlanType, savedCountryInputs(group), { sequential });
  for (const [path, message] of Object.entries(inputs)) say(inputLabel(path), message);
  const fatigue = validateSiteFatigue(group.eventualSiteEnrollmentDays, group.eventualSiteEnrollmentRate);
  for (const [path, message] of Object.entries(fatigue)) say(inputLabel(path), message);

  const profile = validateActivationProfile(
    group.activationProfiles.map((p) => ({
      sites: p.siteActivationProfilePct,
      days: p.siteActivationProfileDays,
    })),
  );
  const profileMessage = profile.form ?? profile.points.map((p) => p.sites ?? p.days).find(Boolean);
  if (profileMessage) messages.push(`Activation Profile Error: ${country.countryName}: ${profileMessage}`);

  const rows = COUNTRY_MILESTONES.flatMap((m) => {
    const row = group.milestones.find((x) => x.milestoneId === m.milestoneId);
    return row ? [{ label: m.label, row }] : [];
  });
  // Rows that are not overridden hold the dates computed at the last save.
  const computed: ChainDates = Object.fromEntries(
    rows.filter((r) => r.row.isUserOverride !== 1).map((r) => [r.row.milestoneId, r.row.milestoneDateMillis]),
  );
  validateCountryMilestones(
    rows.map((r) => r.row),
    computed,
  ).forEach((errors, k) => {
    for (const message of Object.values(errors)) say(rows[k]!.label, message);
  });
  return messages;
}
