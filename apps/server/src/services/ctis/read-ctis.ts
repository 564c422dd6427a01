import { COUNTRY_MILESTONES, type CtisPlanResponse, type CtisPlanRow } from '@predict/shared';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../http-errors';
import { ctisEligibleGroups, type CtisEligibleGroup } from '../../repositories/ctis-repository';
import { findLivePlan } from '../../repositories/plans-repository';

/** The country milestone CTIS sets: Regulatory Submission (135). */
export const SUBMISSION_MILESTONE = COUNTRY_MILESTONES.find(
  (m) => m.milestoneName === 'REGULATORY_SUBMISSION',
)!;

const millis = (d: Date | null | undefined) => (d ? d.getTime() : null);

export const eligibleGroups = (db: Db | Tx, planId: number) =>
  ctisEligibleGroups(db, planId, SUBMISSION_MILESTONE.milestoneId);

/** A group's current submission date (computed or overridden). */
export const currentSubmission = (g: CtisEligibleGroup) => millis(g.milestone?.milestoneDate);

/** The latest current submission date of the groups, or null when none has one. */
export function latestSubmission(groups: readonly CtisEligibleGroup[]): number | null {
  const dates = groups.map(currentSubmission).filter((d): d is number => d !== null);
  return dates.length > 0 ? Math.max(...dates) : null;
}

function presentRow(studyId: number, planId: number, g: CtisEligibleGroup): CtisPlanRow {
  const overridden = g.milestone?.isUserOverride === 1;
  return {
    studyId,
    studyPlanId: planId,
    siteGroupId: g.siteGroupId,
    siteGroupName: g.siteGroupName,
    countryCodeISO3: g.countryCodeIso3,
    includeExclude: g.ctis?.includeExclude === 'e' ? 'e' : 'i',
    regSubmissionDateUserProvided: overridden ? currentSubmission(g) : null,
    regSubmissionDate: currentSubmission(g),
    useLatestRegSubmissionsDate: g.ctis?.useLatestRegSubmissionsDate ?? false,
    enterNewDate: millis(g.ctis?.enterNewDate),
    resetRegSubmissionDates: g.ctis?.resetRegSubmissionDates ?? false,
  };
}

/**
 * GET /ctpo/ctis/plan/{planId}: one row per CTIS-eligible site group of the plan with its current submission date,
 * whether the user provided it (an override), and the last choice saved for it; included by default. The latest
 * date is that of the currently included groups, what "use latest" would apply.
 */
export async function readCtis(db: Db, planId: number): Promise<CtisPlanResponse> {
  const found = await findLivePlan(db, planId);
  if (!found) throw notFound('Plan');
  const groups = await eligibleGroups(db, planId);
  const rows = groups.map((g) => presentRow(found.plan.studyId, planId, g));
  const included = groups.filter((_, i) => rows[i]!.includeExclude === 'i');
  return { rows, latestRegSubmissionDate: latestSubmission(included) };
}
