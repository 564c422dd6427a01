import {
  activatedSiteCount,
  completeActivationPair,
  COUNTRY_MILESTONE_IDS,
  defaultActivationProfile,
  savedCountryInputs,
  SEASONAL_MONTHS,
  type ActivationShapePoint,
  type CountryInputsRow,
  type MilestoneDatesBody,
  type PlanCountry,
  type PlanSiteGroup,
  type StudyPlan,
} from '@predict/shared';

/** The plan as GET /ctpo/plan/{planId} answers it: what step 2 and the simulation read. */
export type PlanDetail = StudyPlan;

/** The five step-2 tables of one request (Save Draft and milestonedates send the same ones). */
export type Step2Tables = Pick<
  MilestoneDatesBody,
  'countryInputs' | 'milestones' | 'activationProfiles' | 'enrollmentSeasonalVariations' | 'siteFatigue'
>;

export interface DraftMilestone {
  isUserOverride: 0 | 1;
  milestoneDateMillis: number | null;
  comments: string | null;
}

export interface DraftProfilePoint {
  siteActivationLabel: string | null;
  siteActivationProfilePct: number | null;
  siteActivationProfileDays: number | null;
}

/** One site group of the plan with the unsaved step-2 edits applied over its saved values. */
export interface SiteGroupState {
  country: PlanCountry;
  group: PlanSiteGroup;
  /** Position in the plan (its tab index). */
  index: number;
  inputs: CountryInputsRow;
  /** Date milestones by milestoneId. */
  milestones: Map<number, DraftMilestone>;
  activation: { overrideFl: boolean; points: DraftProfilePoint[] };
  /** Seasonal factors January..December as held (empty when the group has none). */
  seasonal: (number | null)[];
  fatigue: { days: number | null; rate: number | null };
}

/** The country inputs of a saved site group: its own fields and its count goals (as run validation reads them). */
export const storedCountryInputs = savedCountryInputs;

function storedState(country: PlanCountry, group: PlanSiteGroup, index: number): SiteGroupState {
  const milestones = new Map<number, DraftMilestone>();
  for (const m of group.milestones) {
    if (!(COUNTRY_MILESTONE_IDS as readonly number[]).includes(m.milestoneId)) continue;
    milestones.set(m.milestoneId, {
      isUserOverride: m.isUserOverride,
      milestoneDateMillis: m.milestoneDateMillis,
      comments: m.comments,
    });
  }
  const seasonal: (number | null)[] =
    group.enrollmentVariations.length === 0 ? [] : new Array<number | null>(SEASONAL_MONTHS).fill(null);
  for (const v of group.enrollmentVariations)
    seasonal[v.enrollmentSeasonalMonth] = v.enrollmentSeasonalVariation;
  return {
    country,
    group,
    index,
    inputs: storedCountryInputs(group),
    milestones,
    activation: {
      overrideFl: group.activationProfileOverride,
      points: group.activationProfiles.map((p) => ({
        siteActivationLabel: p.siteActivationLabel,
        siteActivationProfilePct: p.siteActivationProfilePct,
        siteActivationProfileDays: p.siteActivationProfileDays,
      })),
    },
    seasonal,
    fatigue: { days: group.eventualSiteEnrollmentDays, rate: group.eventualSiteEnrollmentRate },
  };
}

/**
 * Every site group of the plan in tab order, with the draft's rows applied. Rows for site groups that are not in
 * the plan are left out here (the services refuse them before).
 */
export function siteGroupStates(plan: PlanDetail, draft?: Partial<Step2Tables>): SiteGroupState[] {
  const states: SiteGroupState[] = [];
  for (const country of plan.countries)
    for (const group of country.siteGroups) states.push(storedState(country, group, states.length));
  const byId = new Map(states.map((s) => [s.group.studyPlanSiteGroupId, s]));
  for (const row of draft?.countryInputs ?? []) {
    const s = byId.get(row.studyPlanSiteGroupId);
    if (s) s.inputs = row;
  }
  for (const row of draft?.milestones ?? []) {
    byId.get(row.studyPlanSiteGroupId)?.milestones.set(row.milestoneId, {
      isUserOverride: row.isUserOverride,
      milestoneDateMillis: row.milestoneDateMillis,
      comments: row.comments,
    });
  }
  for (const row of draft?.activationProfiles ?? []) {
    const s = byId.get(row.studyPlanSiteGroupId);
    if (s) s.activation = { overrideFl: row.overrideFl, points: row.points };
  }
  for (const row of draft?.enrollmentSeasonalVariations ?? []) {
    const s = byId.get(row.studyPlanSiteGroupId);
    if (s) s.seasonal = row.values;
  }
  for (const row of draft?.siteFatigue ?? []) {
    const s = byId.get(row.studyPlanSiteGroupId);
    if (s) s.fatigue = { days: row.eventualSiteEnrollmentDays, rate: row.eventualSiteEnrollmentRate };
  }
  return states;
}

/** The filled points of a profile table, a half-filled pair completed with 0 the way the form does on blur. */
export function filledPoints(points: readonly DraftProfilePoint[]): ActivationShapePoint[] {
  return points
    .map((p) =>
      completeActivationPair({ sites: p.siteActivationProfilePct, days: p.siteActivationProfileDays }),
    )
    .filter((p): p is ActivationShapePoint => p.sites !== null && p.days !== null);
}

/**
 * The profile the group activates along: its own points when override is on, else the default - the reference
 * profile (the admin site group's, when the caller has it; else the saved profile, which is the last default)
 * scaled to the group's activated sites.
 */
export function effectiveProfile(
  planType: number,
  s: SiteGroupState,
  reference?: readonly ActivationShapePoint[],
): ActivationShapePoint[] {
  if (s.activation.overrideFl) return filledPoints(s.activation.points);
  const shape = reference ?? filledPoints(s.group.activationProfiles);
  return defaultActivationProfile(shape, activatedSiteCount(planType, s.inputs.NUM_SITES_ACTIVATED)).map(
    (p) => ({
      sites: p.siteActivationProfilePct,
      days: p.siteActivationProfileDays,
    }),
  );
}
