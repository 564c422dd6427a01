import {
  SEASONAL_MONTH_NAMES,
  COUNTRY_GOALS,
  PLAN_TYPE_RATES,
  type CountryGoalName,
  type PlanSiteGroup,
  type StudyPlan,
} from '@predict/shared';

type Row = [string, string];
const show = (value: number | null | undefined, unit = '') =>
  value === null || value === undefined ? '—' : `${value}${unit}`;

/** A country count goal as its bounds read: the lower bound, or 'lower - upper' when an upper one is set. */
function goal(group: PlanSiteGroup, name: CountryGoalName, withUpper: boolean): string {
  const m = group.milestones.find((x) => x.milestoneId === COUNTRY_GOALS[name] || x.milestoneName === name);
  if (!m) return '—';
  return withUpper && m.upperBound !== null ? `${show(m.lowerBound)} - ${m.upperBound}` : show(m.lowerBound);
}

/**
 * The heading of a country's panel: the country and its site group, or the country alone when the group bears its
 * name (most countries have one group of the same name: 'Germany', not 'Germany - Germany').
 */
export function siteGroupTitle(countryName: string, siteGroupName: string): string {
  return siteGroupName.trim() === '' || siteGroupName.trim() === countryName.trim()
    ? countryName
    : `${countryName} - ${siteGroupName}`;
}

/** The country inputs of a site group, as step 2 shows them (spec/1 section 5 "Country inputs"). */
export function countryInputRows(plan: StudyPlan, group: PlanSiteGroup): Row[] {
  const withUpper = plan.studyPlanType !== PLAN_TYPE_RATES;
  return [
    ['Activated Sites', goal(group, 'NUM_SITES_ACTIVATED', withUpper)],
    ['Site Enrollment Rate at SIV (patients/site/month)', show(group.siteEnrollmentRateAtSIV)],
    ['Expected Screen Failure Rate', show(group.expectedScreenFailureRate)],
    ['Expected Treatment Drop-out Rate', show(group.expectedTreatmentDropoutRate)],
    ['Patients Screened', goal(group, 'NUM_SUBJECTS_SCREENED', withUpper)],
    ['Patients Enrolled', goal(group, 'NUM_SUBJECTS_ENROLLED', withUpper)],
    ['Patients Completing Treatment', goal(group, 'NUM_SUBJECTS_TREATED', withUpper)],
    ['Patients Completing Follow-up', goal(group, 'NUM_SUBJECTS_COMPLETED', withUpper)],
    ['Pause Enrollment After Patient #', show(group.pauseEnrollmentAfterPatient)],
    ['Resume Screening After (days)', show(group.pauseEnrollmentDays)],
  ];
}

/** Site fatigue: after how many days a site's rate has fallen to which share of it. */
export function siteFatigueRows(group: PlanSiteGroup): Row[] {
  return [
    ['Days Until Eventual Enrollment Rate', show(group.eventualSiteEnrollmentDays, ' days')],
    ['Eventual Enrollment Rate (share of the former rate)', show(group.eventualSiteEnrollmentRate)],
  ];
}

export const MONTH_NAMES = SEASONAL_MONTH_NAMES;

/** The 12 monthly seasonal factors, January first; '—' for a month without a value. */
export function seasonalValues(group: PlanSiteGroup): string[] {
  return MONTH_NAMES.map((_, month) =>
    show(
      group.enrollmentVariations.find((v) => v.enrollmentSeasonalMonth === month)
        ?.enrollmentSeasonalVariation,
    ),
  );
}
