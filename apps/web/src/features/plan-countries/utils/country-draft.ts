import {
  ACTIVATION_PROFILE_MAX_ROWS,
  COUNTRY_GOAL_NAMES,
  COUNTRY_MILESTONES,
  SEASONAL_MONTHS,
  type CountryGoalName,
  type PlanCountry,
  type PlanSiteGroup,
  type StudyPlan,
} from '@predict/shared';

/**
 * Step 2 as the page holds it, one CountryDraft per site group (a tab): numbers as typed text (so '0.' and '.5'
 * survive typing), dates as millis at noon UTC. The saved plan gives the same shape, so a table has unsaved
 * changes exactly when its rows built from both differ (the change log of spec/1 section 4).
 */
export interface BoundsText {
  lowerBound: string;
  upperBound: string;
}

export type InputScalar =
  | 'siteEnrollmentRateAtSIV'
  | 'expectedScreenFailureRate'
  | 'expectedTreatmentDropoutRate'
  | 'pauseEnrollmentAfterPatient'
  | 'pauseEnrollmentDays';

export type CountryInputsDraft = Record<InputScalar, string> & Record<CountryGoalName, BoundsText>;

export interface MilestoneDraft {
  milestoneId: number;
  isUserOverride: 0 | 1;
  /** The typed date of an overridden row; for computed rows the page shows the computed date instead. */
  milestoneDateMillis: number | null;
  comments: string;
}

export interface ActivationPointDraft {
  label: string | null;
  sites: string;
  days: string;
}

export interface CountryDraft {
  inputs: CountryInputsDraft;
  /** The COUNTRY_MILESTONES rows, in their order. */
  milestones: MilestoneDraft[];
  activation: { overrideFl: boolean; points: ActivationPointDraft[] };
  /** January..December. */
  seasonal: string[];
  fatigue: { eventualSiteEnrollmentDays: string; eventualSiteEnrollmentRate: string };
}

/** One tab of the page: a site group of a country of the plan (the server's tab index is its position). */
export interface CountryTab {
  index: number;
  country: PlanCountry;
  group: PlanSiteGroup | undefined;
  /** ISO3, or the site group's name for the USA (it has a Central and a Local group). */
  label: string;
}

export const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** Tabs in plan order, one per site group; a country without any site group still gets a tab (to report it). */
export function countryTabs(plan: StudyPlan): CountryTab[] {
  const tabs: CountryTab[] = [];
  for (const country of plan.countries) {
    const groups = country.siteGroups.length > 0 ? country.siteGroups : [undefined];
    for (const group of groups) {
      const label =
        country.countryCodeISO3 === 'USA' && group ? group.siteGroupName : country.countryCodeISO3;
      tabs.push({ index: tabs.length, country, group, label });
    }
  }
  return tabs;
}

/**
 * A site group the page cannot work with: without milestones, or without both parameters and count goals
 * (spec/1 section 8 'is experiencing an issue with country').
 */
export function hasCountryIssue(group: PlanSiteGroup | undefined): group is undefined {
  return !group || group.milestones.length === 0;
}

/** The bounds of a count goal: a country milestone goal, or (sites) the country parameter step 1 reads. */
function goalBounds(group: PlanSiteGroup, name: CountryGoalName): BoundsText {
  const source =
    group.milestones.find((m) => m.milestoneName === name) ??
    group.parameters.find((p) => p.parameterName === name);
  return { lowerBound: text(source?.lowerBound), upperBound: text(source?.upperBound) };
}

export const emptyPoint = (): ActivationPointDraft => ({ label: null, sites: '', days: '' });

/** The draft of a saved site group; Remodel plans always override the activation profile (spec/1 section 4). */
export function draftFromGroup(group: PlanSiteGroup, forceOverride = false): CountryDraft {
  const goals = Object.fromEntries(COUNTRY_GOAL_NAMES.map((n) => [n, goalBounds(group, n)])) as Record<
    CountryGoalName,
    BoundsText
  >;
  const milestones = COUNTRY_MILESTONES.map((def): MilestoneDraft => {
    const saved = group.milestones.find((m) => m.milestoneId === def.milestoneId);
    const overridden = def.overridable && saved?.isUserOverride === 1;
    return {
      milestoneId: def.milestoneId,
      isUserOverride: overridden ? 1 : 0,
      milestoneDateMillis: overridden ? (saved?.milestoneDateMillis ?? null) : null,
      comments: overridden ? (saved?.comments ?? '') : '',
    };
  });
  const points = Array.from({ length: ACTIVATION_PROFILE_MAX_ROWS }, (_, i): ActivationPointDraft => {
    const p = group.activationProfiles[i];
    return p
      ? {
          label: p.siteActivationLabel,
          sites: text(p.siteActivationProfilePct),
          days: text(p.siteActivationProfileDays),
        }
      : emptyPoint();
  });
  const seasonal = Array.from({ length: SEASONAL_MONTHS }, (_, month) =>
    text(
      group.enrollmentVariations.find((v) => v.enrollmentSeasonalMonth === month)
        ?.enrollmentSeasonalVariation,
    ),
  );
  return {
    inputs: {
      siteEnrollmentRateAtSIV: text(group.siteEnrollmentRateAtSIV),
      expectedScreenFailureRate: text(group.expectedScreenFailureRate),
      expectedTreatmentDropoutRate: text(group.expectedTreatmentDropoutRate),
      pauseEnrollmentAfterPatient: text(group.pauseEnrollmentAfterPatient),
      pauseEnrollmentDays: text(group.pauseEnrollmentDays),
      ...goals,
    },
    milestones,
    activation: { overrideFl: forceOverride || group.activationProfileOverride, points },
    seasonal,
    fatigue: {
      eventualSiteEnrollmentDays: text(group.eventualSiteEnrollmentDays),
      eventualSiteEnrollmentRate: text(group.eventualSiteEnrollmentRate),
    },
  };
}

/** The saved date of each milestone row that is computed (not overridden), by milestone id. */
export function savedComputedDates(group: PlanSiteGroup): Map<number, number | null> {
  return new Map(
    group.milestones
      .filter(
        (m) => m.isUserOverride === 0 && COUNTRY_MILESTONES.some((d) => d.milestoneId === m.milestoneId),
      )
      .map((m) => [m.milestoneId, m.milestoneDateMillis]),
  );
}
