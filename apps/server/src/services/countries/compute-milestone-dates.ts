import {
  computePlanLine,
  day0Of,
  milestoneChain,
  PlanInput,
  preparePlan,
  SiteGroupInput,
  type MilestoneChain,
} from '@predict/engine';
import {
  COUNTRY_MILESTONES,
  MS_PER_DAY,
  type ChainDates,
  type MilestoneDatesBody,
  type MilestoneDatesResponse,
} from '@predict/shared';
import {
  buildSimulationInput,
  chainOverrides,
  fpsFromFpe,
  FPE_MILESTONE_ID,
  type SimulationInputOptions,
} from '../runs/plan-simulation-input';
import { effectiveProfile, siteGroupStates, type PlanDetail, type SiteGroupState } from './plan-step2-draft';

// Only what the start-up chain reads: dates can be shown before the rest of the plan is complete.
const ChainPlan = PlanInput.pick({
  studyPlanType: true,
  croProjectStartDateMillis: true,
  finalProtocolStartDateMillis: true,
  croProjectStartToSiteIdDuration: true,
  regApprovalToFSIVDuration: true,
});
const ChainGroup = SiteGroupInput.pick({
  NUM_SITES_ACTIVATED: true,
  timeSiteIdSize: true,
  timeSiteIdSmallDays: true,
  timeSiteIdMediumDays: true,
  timeSiteIdLargeDays: true,
  timeCountryStartUpSize: true,
  timeCountryStartUpSuperShortDays: true,
  timeCountryStartUpShortDays: true,
  timeCountryStartUpMediumDays: true,
  timeCountryStartUpLongDays: true,
  packagePrepDays: true,
  isRollingSubmission: true,
  firstSiteIdDays: true,
  timeSIVDays: true,
  timeFirstPatientScreenDays: true,
  milestoneOverrides: true,
});

interface CountryDates {
  /** Date of each COUNTRY_MILESTONES entry by milestoneId (null when not computable). */
  dates: Record<number, number | null>;
  /** FSIV of the chain, for the activation-profile point dates. */
  fsivMs: number | null;
}

/** The start-up chain of one group in ms (overrides applied, an FPE override moving FPS), or null. */
function chainOf(plan: PlanDetail, s: SiteGroupState): (MilestoneChain & { day0: number }) | null {
  const p = ChainPlan.safeParse(plan);
  const g = ChainGroup.safeParse({
    ...s.group,
    NUM_SITES_ACTIVATED: s.inputs.NUM_SITES_ACTIVATED,
    milestoneOverrides: chainOverrides(s),
  });
  if (!p.success || !g.success) return null;
  // The chain reads only the picked fields, so the partial objects stand in for the full inputs.
  const planIn = p.data as PlanInput;
  const groupIn = g.data as SiteGroupInput;
  const { chain } = milestoneChain(planIn, groupIn);
  const day0 = day0Of(planIn);
  const fpe = s.milestones.get(FPE_MILESTONE_ID);
  const screening = plan.screeningPeriodDuration;
  if (fpe?.isUserOverride === 1 && fpe.milestoneDateMillis !== null && screening !== null) {
    const fpsOverride = groupIn.milestoneOverrides?.find((o) => o.milestone === 'firstPatientScreened');
    const fps = fpsFromFpe(
      fpe.milestoneDateMillis,
      screening,
      day0 + chain.firstSiteActivation * MS_PER_DAY,
      fpsOverride?.dateMillis,
    );
    chain.firstPatientScreened = Math.round((fps - day0) / MS_PER_DAY);
  }
  return { ...chain, day0 };
}

function leftTable(plan: PlanDetail, s: SiteGroupState): CountryDates {
  const chain = chainOf(plan, s);
  const ms = (day: number | undefined) => (chain && day !== undefined ? chain.day0 + day * MS_PER_DAY : null);
  const fps = ms(chain?.firstPatientScreened);
  const fpeRow = s.milestones.get(FPE_MILESTONE_ID);
  const screening = plan.screeningPeriodDuration;
  const fpe =
    fpeRow?.isUserOverride === 1 && fpeRow.milestoneDateMillis !== null
      ? fpeRow.milestoneDateMillis
      : fps !== null && screening !== null
        ? fps + screening * MS_PER_DAY
        : null;
  const treatment = plan.treatmentDuration;
  return {
    dates: {
      158: ms(chain?.siteIdFinish),
      135: ms(chain?.regulatorySubmission),
      136: ms(chain?.firstRegulatoryApproval),
      139: ms(chain?.firstSiteActivation),
      142: fps,
      145: fpe,
      146:
        fpe !== null && treatment !== null
          ? fpe + (treatment + (plan.followUpDuration ?? 0)) * MS_PER_DAY
          : null,
    },
    fsivMs: ms(chain?.firstSiteActivation),
  };
}

/** LPE, last completes treatment and LPLV of each group from the plan line; null where not reached. */
function rightTables(
  plan: PlanDetail,
  draft: MilestoneDatesBody | undefined,
  options: SimulationInputOptions,
) {
  const { input, notice } = buildSimulationInput(plan, draft, options);
  if (!input) return { byIndex: [] as Record<number, number | null>[], notice };
  const prepared = preparePlan(input);
  const line = computePlanLine(prepared);
  const at = (day: number | null, plus = 0) =>
    day === null ? null : prepared.day0Ms + (day + plus) * MS_PER_DAY;
  const byIndex = line.groups.map((g) => {
    const lpe = g.milestones.lastEnrolled;
    return {
      148: at(lpe),
      149: at(lpe, prepared.treatmentDays),
      152: at(lpe, prepared.treatmentDays + prepared.followUpDays),
    };
  });
  return { byIndex, notice: null };
}

/**
 * The country date milestones of every site group (the left-hand table from the start-up chain, the right-hand
 * table from the plan line), with the unsaved `draft` applied: the answer of POST /ctpo/milestonedates and what
 * the writes store for the rows that are not overridden. An overridden row shows its own date. Activation-profile
 * point dates are FSIV + the days of the points the table shows (the user's with override on, else the default).
 */
export function computeMilestoneDates(
  plan: PlanDetail,
  draft?: MilestoneDatesBody,
  options: SimulationInputOptions = {},
): MilestoneDatesResponse {
  const states = siteGroupStates(plan, draft);
  const right = rightTables(plan, draft, options);
  return {
    countries: states.map((s, i) => {
      const left = leftTable(plan, s);
      const dates: Record<number, number | null> = { ...left.dates, 148: null, 149: null, 152: null };
      Object.assign(dates, right.byIndex[i] ?? {});
      const shownDays = s.activation.overrideFl
        ? s.activation.points.map((p) => p.siteActivationProfileDays)
        : effectiveProfile(plan.studyPlanType, s, options.referenceProfiles?.get(s.group.siteGroupId)).map(
            (p) => p.days,
          );
      return {
        studyPlanSiteGroupId: s.group.studyPlanSiteGroupId,
        countryId: s.country.countryId,
        milestones: COUNTRY_MILESTONES.map(({ milestoneId }) => {
          const computed = dates[milestoneId] ?? null;
          const row = s.milestones.get(milestoneId);
          const overridden = row?.isUserOverride === 1 ? 1 : 0;
          return {
            milestoneId,
            milestoneDateMillis: overridden ? (row?.milestoneDateMillis ?? null) : computed,
            isUserOverride: overridden,
          };
        }),
        activationProfileDatesMillis: shownDays.map((d) =>
          d === null || left.fsivMs === null ? null : left.fsivMs + d * MS_PER_DAY,
        ),
      };
    }),
    notice: right.notice,
  };
}

/** The computed dates per site group, for validateCountryMilestones. */
export function chainDatesOf(response: MilestoneDatesResponse): Map<number, ChainDates> {
  return new Map(
    response.countries.map((c) => [
      c.studyPlanSiteGroupId,
      Object.fromEntries(c.milestones.map((m) => [m.milestoneId, m.milestoneDateMillis])),
    ]),
  );
}
