import { noonUtc } from '../model/calendar';
import { MS_PER_DAY } from '../time';
import { siteIdDaysFor, siteIdEffort, startUpDaysFor } from '../site-id-effort';
import type { OverridableMilestone, SiteGroupInput } from '../input/schema-group';
import type { PlanInput } from '../input/schema-plan';

/** The start-up chain of one site group, days since day 0 (design/simulation-model.md section 3). */
export interface MilestoneChain {
  siteIdFinish: number;
  protocolFinal: number;
  regulatorySubmission: number;
  firstRegulatoryApproval: number;
  /** FSIV: first site initiated (first activation). */
  firstSiteActivation: number;
  /** FPS: first patient screened = screening opens at the first site. */
  firstPatientScreened: number;
}

/** An override dated before the latest milestone it follows. */
export interface ChainViolation {
  milestone: OverridableMilestone;
  /** Index of the offending entry in the group's milestoneOverrides. */
  overrideIndex: number;
  /** The earliest allowed day (days since day 0). */
  earliestDay: number;
}

/** Day 0 in ms: the CRO project start date at noon UTC. */
export function day0Of(plan: Pick<PlanInput, 'croProjectStartDateMillis'>): number {
  return noonUtc(plan.croProjectStartDateMillis);
}

/** Whole days from day 0 to a date (both taken at noon UTC). */
export function dayOf(day0Ms: number, ms: number): number {
  return Math.round((noonUtc(ms) - day0Ms) / MS_PER_DAY);
}

/** Number of sites the group activates: lower bound in scenario A, the chosen count (upper if given) in B. */
export function siteCountOf(plan: Pick<PlanInput, 'studyPlanType'>, group: SiteGroupInput): number {
  const b = group.NUM_SITES_ACTIVATED;
  return plan.studyPlanType === 2 ? (b.upperBound ?? b.lowerBound) : b.lowerBound;
}

function siteIdDays(plan: PlanInput, group: SiteGroupInput): number {
  if (plan.croProjectStartToSiteIdDuration != null) return plan.croProjectStartToSiteIdDuration;
  return siteIdDaysFor(group, group.timeSiteIdSize ?? siteIdEffort(siteCountOf(plan, group)));
}

/**
 * Computes the group's start-up chain (days since day 0). An overridden milestone replaces the computed date and
 * every later milestone is computed from it; an override earlier than the latest milestone it follows is reported
 * as a violation (the override is still applied, so the caller decides whether to reject the input).
 */
export function milestoneChain(
  plan: PlanInput,
  group: SiteGroupInput,
): { chain: MilestoneChain; violations: ChainViolation[] } {
  const day0 = day0Of(plan);
  const overrides = new Map<OverridableMilestone, { day: number; index: number }>();
  (group.milestoneOverrides ?? []).forEach((o, index) => {
    if (!overrides.has(o.milestone)) overrides.set(o.milestone, { day: dayOf(day0, o.dateMillis), index });
  });
  const violations: ChainViolation[] = [];
  // Each step: the computed day, unless overridden; an override may not precede `earliest`.
  const step = (milestone: OverridableMilestone, earliest: number, computed: number): number => {
    const o = overrides.get(milestone);
    if (!o) return computed;
    if (o.day < earliest) violations.push({ milestone, overrideIndex: o.index, earliestDay: earliest });
    return o.day;
  };

  const protocolFinal = dayOf(day0, plan.finalProtocolStartDateMillis);
  const siteIdFinish = step('siteIdFinish', 0, siteIdDays(plan, group));
  // Rolling submission: the package goes in once the first sites are identified, not all of them.
  const submissionBase = group.isRollingSubmission
    ? Math.max(protocolFinal, group.firstSiteIdDays ?? 0)
    : Math.max(protocolFinal, siteIdFinish);
  const regulatorySubmission = step(
    'regulatorySubmission',
    submissionBase,
    submissionBase + group.packagePrepDays,
  );
  const firstRegulatoryApproval = step(
    'firstRegulatoryApproval',
    regulatorySubmission,
    regulatorySubmission + startUpDaysFor(group, group.timeCountryStartUpSize),
  );
  const sivDays = plan.regApprovalToFSIVDuration ?? group.timeSIVDays;
  const firstSiteActivation = step(
    'firstSiteActivation',
    firstRegulatoryApproval,
    firstRegulatoryApproval + sivDays,
  );
  const firstPatientScreened = step(
    'firstPatientScreened',
    firstSiteActivation,
    firstSiteActivation + group.timeFirstPatientScreenDays,
  );
  return {
    chain: {
      siteIdFinish,
      protocolFinal,
      regulatorySubmission,
      firstRegulatoryApproval,
      firstSiteActivation,
      firstPatientScreened,
    },
    violations,
  };
}
