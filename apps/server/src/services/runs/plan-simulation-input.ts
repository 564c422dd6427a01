import {
  day0Of,
  milestoneChain,
  parseSimulationInput,
  STUDY_MILESTONES as ENGINE_STUDY_MILESTONES,
  type InputError,
  type SimulationInput,
} from '@predict/engine';
import {
  COHORT_TYPE_SEQUENTIAL,
  COUNTRY_MILESTONES,
  MS_PER_DAY,
  STEP1_DATE_KEYS,
  STEP1_NUMBER_KEYS,
  type ActivationShapePoint,
  type CountryBounds,
  type MilestoneDatesBody,
} from '@predict/shared';
import {
  effectiveProfile,
  siteGroupStates,
  type PlanDetail,
  type SiteGroupState,
} from '../countries/plan-step2-draft';

export type { PlanDetail } from '../countries/plan-step2-draft';

export interface SimulationInputResult {
  /** The engine's validated input, or null when the plan cannot be simulated yet. */
  input: SimulationInput | null;
  /** Why not, in plain words; null when input is set. */
  notice: string | null;
}

export interface SimulationInputOptions {
  /**
   * The admin reference activation profile per site group id, for countries whose override is off and whose site
   * count the draft changes; without it the saved (default) profile is rescaled.
   */
  referenceProfiles?: ReadonlyMap<number, readonly ActivationShapePoint[]>;
}

export const FPE_MILESTONE_ID = 145;
const engineStudyMilestones = new Set<string>(ENGINE_STUDY_MILESTONES);

const boundsOrNull = (b: CountryBounds | undefined) =>
  b && (b.lowerBound !== null || b.upperBound !== null) ? b : null;

/** Engine overrides of the start-up chain from the overridden date milestones that have a chain step. */
export function chainOverrides(s: SiteGroupState) {
  const out: { milestone: string; dateMillis: number }[] = [];
  for (const m of COUNTRY_MILESTONES) {
    const row = s.milestones.get(m.milestoneId);
    if (m.chain === null || row?.isUserOverride !== 1 || row.milestoneDateMillis === null) continue;
    out.push({ milestone: m.chain, dateMillis: row.milestoneDateMillis });
  }
  return out;
}

function groupInput(plan: PlanDetail, s: SiteGroupState, reference?: readonly ActivationShapePoint[]) {
  const { group, country, inputs } = s;
  const profile = effectiveProfile(plan.studyPlanType, s, reference);
  const hasSeasonal = s.seasonal.length > 0;
  return {
    siteGroupId: group.siteGroupId,
    siteGroupName: group.siteGroupName,
    countryIso3: country.countryCodeISO3,
    region: country.region,
    NUM_SITES_ACTIVATED: inputs.NUM_SITES_ACTIVATED,
    siteEnrollmentRateAtSIV: inputs.siteEnrollmentRateAtSIV,
    expectedScreenFailureRate: inputs.expectedScreenFailureRate,
    expectedTreatmentDropoutRate: inputs.expectedTreatmentDropoutRate,
    NUM_SUBJECTS_SCREENED: boundsOrNull(inputs.NUM_SUBJECTS_SCREENED),
    NUM_SUBJECTS_ENROLLED: boundsOrNull(inputs.NUM_SUBJECTS_ENROLLED),
    NUM_SUBJECTS_TREATED: boundsOrNull(inputs.NUM_SUBJECTS_TREATED),
    NUM_SUBJECTS_COMPLETED: boundsOrNull(inputs.NUM_SUBJECTS_COMPLETED),
    timeSiteIdSize: group.timeSiteIdSize,
    timeSiteIdSmallDays: group.timeSiteIdSmallDays,
    timeSiteIdMediumDays: group.timeSiteIdMediumDays,
    timeSiteIdLargeDays: group.timeSiteIdLargeDays,
    timeCountryStartUpSize: group.timeCountryStartUpSize,
    timeCountryStartUpSuperShortDays: group.timeCountryStartUpSuperShortDays,
    timeCountryStartUpShortDays: group.timeCountryStartUpShortDays,
    timeCountryStartUpMediumDays: group.timeCountryStartUpMediumDays,
    timeCountryStartUpLongDays: group.timeCountryStartUpLongDays,
    packagePrepDays: group.packagePrepDays,
    isRollingSubmission: group.isRollingSubmission,
    firstSiteIdDays: group.firstSiteIdDays,
    timeSIVDays: group.timeSIVDays,
    timeFirstPatientScreenDays: group.timeFirstPatientScreenDays,
    activationProfiles:
      profile.length === 0
        ? null
        : profile.map((p) => ({ siteActivationProfilePct: p.sites, siteActivationProfileDays: p.days })),
    enrollmentVariations: hasSeasonal
      ? s.seasonal.map((v, month) => ({ enrollmentSeasonalMonth: month, enrollmentSeasonalVariation: v }))
      : null,
    // Fatigue over 0 days (allowed by the form) is the fall to the final rate on the first day.
    eventualSiteEnrollmentDays: s.fatigue.days === 0 ? 1 : s.fatigue.days,
    eventualSiteEnrollmentRate: s.fatigue.rate,
    pauseEnrollmentAfterPatient: inputs.pauseEnrollmentAfterPatient,
    pauseEnrollmentDays: inputs.pauseEnrollmentDays,
    milestoneOverrides: chainOverrides(s),
  };
}

function planInput(plan: PlanDetail) {
  const parameter = (name: string) => plan.parameters.find((p) => p.parameterName === name);
  const goal = (name: string) => plan.milestones.find((m) => m.milestoneName === name)?.lowerBound ?? null;
  const bounds = (name: string) => {
    const p = parameter(name);
    return { lowerBound: p?.lowerBound ?? null, upperBound: p?.upperBound ?? null };
  };
  const sequential = plan.cohortType === COHORT_TYPE_SEQUENTIAL && plan.studyPlanTypeDetail === 'Cohort (D)';
  return {
    studyPlanType: plan.studyPlanType,
    studyPlanTypeDetail: plan.studyPlanTypeDetail,
    // The step-1 dates and numbers, by the names the engine input shares with the plan.
    ...Object.fromEntries([...STEP1_DATE_KEYS, ...STEP1_NUMBER_KEYS].map((k) => [k, plan[k]])),
    croProjectStartToSiteIdDuration: plan.croProjectStartToSiteIdDuration,
    siteIdToFinalProtocolDuration: plan.siteIdToFinalProtocolDuration,
    regApprovalToFSIVDuration: plan.regApprovalToFSIVDuration,
    tfedToDbLockDuration: plan.tfedToDbLockDuration,
    dbLocktoCSRDuration: plan.dbLocktoCSRDuration,
    csrToTMFCloseAndReturnDuration: plan.csrToTMFCloseAndReturnDuration,
    targets: {
      SITES_TO_ACTIVATE: bounds('SITES_TO_ACTIVATE'),
      SUBJECTS_TO_SCREEN: bounds('SUBJECTS_TO_SCREEN'),
      NUM_SUBJECTS_ENROLLED: goal('NUM_SUBJECTS_ENROLLED'),
      NUM_SUBJECTS_TREATED: goal('NUM_SUBJECTS_TREATED'),
      NUM_SUBJECTS_COMPLETED: goal('NUM_SUBJECTS_COMPLETED'),
    },
    milestones: plan.milestones
      .filter((m) => engineStudyMilestones.has(m.milestoneName))
      .map((m) => ({ milestoneName: m.milestoneName, levelOfConfidence: m.levelOfConfidence })),
    simOptSecondsSpentLimit: plan.simOptSecondsSpentLimit,
    simOptUnimprovedScoreCalculationLimit: plan.simOptUnimprovedScoreCalculationLimit,
    uncertainty: plan.uncertainty,
    cohorts: sequential
      ? plan.cohorts.map((c) => ({
          cohortName: c.cohortName,
          predecessorCohortName: c.predecessorCohortName,
          predecessorActivity: c.predecessorActivity,
          patients: c.patients,
          lagDays: c.lagDays,
          screeningDurationDays: c.screeningDurationDays,
          enrollingDurationDays: c.enrollingDurationDays,
          dtlDurationDays: c.dtlDurationDays,
          srcDurationDays: c.srcDurationDays,
        }))
      : null,
  };
}

/** Field names of the engine input as the step 1 and step 2 screens label them, for the notice. */
const FIELD_LABELS: Record<string, string> = {
  croProjectStartDateMillis: 'CRO project start date',
  finalProtocolStartDateMillis: 'final protocol date',
  screeningPeriodDuration: 'screening duration',
  treatmentDuration: 'treatment duration',
  followUpDuration: 'follow-up duration',
  overallEnrollmentDuration: 'overall enrollment duration',
  enrollmentRate: 'enrollment rate',
  screenFailRate: 'screen fail rate',
  dropOutRate: 'drop-out rate',
  SITES_TO_ACTIVATE: 'sites to activate',
  SUBJECTS_TO_SCREEN: 'subjects to screen',
  NUM_SITES_ACTIVATED: 'number of activated sites',
  NUM_SUBJECTS_SCREENED: 'patients screened',
  NUM_SUBJECTS_ENROLLED: 'patients enrolled',
  NUM_SUBJECTS_TREATED: 'patients completing treatment',
  NUM_SUBJECTS_COMPLETED: 'patients completing follow-up',
  siteEnrollmentRateAtSIV: 'enrollment rate',
  expectedScreenFailureRate: 'screen fail rate',
  expectedTreatmentDropoutRate: 'drop-out rate',
  timeCountryStartUpSize: 'country start-up time frame',
  timeSiteIdSize: 'Site ID effort',
  activationProfiles: 'activation profile',
  enrollmentVariations: 'seasonal variation',
  eventualSiteEnrollmentDays: 'site fatigue days',
  eventualSiteEnrollmentRate: 'site fatigue rate',
  pauseEnrollmentAfterPatient: 'pause enrollment after patient #',
  pauseEnrollmentDays: 'pause enrollment days',
  milestoneOverrides: 'milestone dates',
  cohorts: 'sequential cohorts',
  siteGroups: 'countries',
};

function describe(error: InputError, states: SiteGroupState[]): string {
  const parts = error.path.split('.');
  const field = [...parts].reverse().find((p) => FIELD_LABELS[p] !== undefined);
  const label = field ? FIELD_LABELS[field]! : parts[parts.length - 1] || 'plan';
  const where =
    parts[0] === 'siteGroups' && parts[1] !== undefined
      ? `${states[Number(parts[1])]?.group.siteGroupName ?? 'a country'}, `
      : '';
  return `${where}${label}: ${error.message}`;
}

function notice(errors: InputError[], states: SiteGroupState[]): string {
  const first = errors[0];
  if (!first) return 'The plan cannot be simulated yet.';
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return `The plan cannot be simulated yet - ${describe(first, states)}${more}`;
}

/** FPS implied by an FPE override: FPE - screening period, not before FSIV nor before an FPS override. */
export function fpsFromFpe(
  fpeMs: number,
  screeningDays: number,
  fsivMs: number,
  fpsOverrideMs?: number,
): number {
  return Math.max(fpeMs - screeningDays * MS_PER_DAY, fsivMs, fpsOverrideMs ?? -Infinity);
}

/**
 * An FPE override has no chain step of its own: it moves FPS to FPE - screening period (not before FSIV, and not
 * before an FPS override).
 */
function applyFpeOverrides(input: SimulationInput, states: SiteGroupState[], screeningDays: number) {
  let changed = false;
  const siteGroups = input.siteGroups.map((g, i) => {
    const fpe = states[i]?.milestones.get(FPE_MILESTONE_ID);
    if (fpe?.isUserOverride !== 1 || fpe.milestoneDateMillis === null) return g;
    const { chain } = milestoneChain(input.plan, g);
    const fsivMs = day0Of(input.plan) + chain.firstSiteActivation * MS_PER_DAY;
    const own = g.milestoneOverrides?.find((o) => o.milestone === 'firstPatientScreened');
    const others = (g.milestoneOverrides ?? []).filter((o) => o.milestone !== 'firstPatientScreened');
    const fps = fpsFromFpe(fpe.milestoneDateMillis, screeningDays, fsivMs, own?.dateMillis);
    changed = true;
    return {
      ...g,
      milestoneOverrides: [...others, { milestone: 'firstPatientScreened' as const, dateMillis: fps }],
    };
  });
  return changed ? { ...input, siteGroups } : input;
}

/**
 * Maps a stored plan - with the unsaved step-2 edits of `draft` applied - onto the engine's SimulationInput: the
 * study-level fields and targets, and per site group its copied reference values, country inputs and goals,
 * date-milestone overrides (per COUNTRY_MILESTONES[].chain; an FPE override moves FPS), activation profile (its own
 * when override is on, else the default), seasonal variations, fatigue and pause. Engine group ids are the site
 * group ids (unique in a plan). When the engine refuses the input (the plan is incomplete), input is null and
 * notice says why in plain words.
 */
export function buildSimulationInput(
  plan: PlanDetail,
  draft?: MilestoneDatesBody,
  options: SimulationInputOptions = {},
): SimulationInputResult {
  const states = siteGroupStates(plan, draft);
  const raw = {
    plan: planInput(plan),
    siteGroups: states.map((s) => groupInput(plan, s, options.referenceProfiles?.get(s.group.siteGroupId))),
  };
  const parsed = parseSimulationInput(raw);
  if (!parsed.ok) return { input: null, notice: notice(parsed.errors, states) };
  const withFpe = applyFpeOverrides(parsed.input, states, parsed.input.plan.screeningPeriodDuration);
  if (withFpe === parsed.input) return { input: parsed.input, notice: null };
  const reparsed = parseSimulationInput(withFpe);
  return reparsed.ok
    ? { input: reparsed.input, notice: null }
    : { input: null, notice: notice(reparsed.errors, states) };
}
