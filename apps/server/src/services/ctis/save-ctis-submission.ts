import {
  COUNTRY_GOAL_NAMES,
  COUNTRY_MILESTONES,
  MS_PER_DAY,
  REQUIRED_MESSAGE,
  type CtisPlanResponse,
  type CtisSubmissionBody,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db, Tx } from '../../db/client';
import { writeAudit } from '../../repositories/audit-repository';
import {
  upsertCtisRows,
  writeSubmissionMilestone,
  type CtisEligibleGroup,
  type NewCtisRow,
} from '../../repositories/ctis-repository';
import { refreshStudyPlanSummary, updatePlan } from '../../repositories/plans-repository';
import { invalidBody } from '../plans/guards/plan-guards';
import { withEditablePlan } from '../plans/guards/with-editable-plan';
import { storeCountryDates } from '../countries/plan-country-writes';
import {
  currentSubmission,
  eligibleGroups,
  latestSubmission,
  readCtis,
  SUBMISSION_MILESTONE,
} from './read-ctis';

/** The comment an override made by a CTIS submission carries (an overridden milestone needs one). */
export const CTIS_COMMENT = 'CTIS submission';
/** Ours: a site group sent that is not one of the plan's CTIS-eligible countries. */
export const NOT_ELIGIBLE_MESSAGE = 'Has to be a CTIS-eligible country of the plan.';
export const DUPLICATE_GROUP_MESSAGE = 'Each country can be sent only once.';
export const NO_LATEST_DATE_MESSAGE = 'None of the included countries has a regulatory submission date yet.';

/** A date the user picked, as plan dates are stored: noon UTC of that day. */
export const noonUtc = (ms: number) => Math.floor(ms / MS_PER_DAY) * MS_PER_DAY + MS_PER_DAY / 2;

interface Decision {
  group: CtisEligibleGroup;
  included: boolean;
  /** The submission milestone after the save; undefined = leave it as it is. */
  milestone?: { date: number | null; override: boolean };
}

/** What each sent group gets under the choice; the groups not sent are left alone. */
function decide(body: CtisSubmissionBody, groups: CtisEligibleGroup[]): Decision[] {
  const byId = new Map(groups.map((g) => [g.siteGroupId, g]));
  const seen = new Set<number>();
  const fields: { field: string; message: string }[] = [];
  body.rows.forEach((r, i) => {
    if (!byId.has(r.siteGroupId))
      fields.push({ field: `rows.${i}.siteGroupId`, message: NOT_ELIGIBLE_MESSAGE });
    else if (seen.has(r.siteGroupId))
      fields.push({ field: `rows.${i}.siteGroupId`, message: DUPLICATE_GROUP_MESSAGE });
    seen.add(r.siteGroupId);
  });
  if (body.choice === 'enterNew' && body.enterNewDate === null)
    fields.push({ field: 'enterNewDate', message: REQUIRED_MESSAGE });
  if (fields.length > 0) throw invalidBody(fields);

  const sent = body.rows.map((r) => ({
    group: byId.get(r.siteGroupId)!,
    included: r.includeExclude === 'i',
  }));
  const included = sent.filter((s) => s.included).map((s) => s.group);
  let target: { date: number | null; override: boolean } | undefined;
  if (body.choice === 'useLatest') {
    const latest = latestSubmission(included);
    if (latest === null && included.length > 0)
      throw invalidBody([{ field: 'choice', message: NO_LATEST_DATE_MESSAGE }]);
    target = { date: latest, override: true };
  } else if (body.choice === 'enterNew') {
    target = { date: noonUtc(body.enterNewDate!), override: true };
  }
  return sent.map(({ group, included: isIncluded }) => {
    if (!isIncluded || body.choice === 'keep') return { group, included: isIncluded };
    // Reset drops the override; the recomputation after the writes gives the group its computed date back.
    if (body.choice === 'reset')
      return { group, included: true, milestone: { date: currentSubmission(group), override: false } };
    return { group, included: true, milestone: target };
  });
}

/** The stored CTIS row of a sent group, with its submission milestone as it is after the save. */
function ctisRow(
  planId: number,
  body: CtisSubmissionBody,
  d: Decision,
  after: CtisEligibleGroup,
): NewCtisRow {
  const date = currentSubmission(after);
  const override = after.milestone?.isUserOverride === 1;
  const chosen = d.included ? body.choice : null;
  return {
    studyPlanId: planId,
    siteGroupId: d.group.siteGroupId,
    includeExclude: d.included ? 'i' : 'e',
    regSubmissionDateUserProvided: override && date !== null ? new Date(date) : null,
    regSubmissionDate: date === null ? null : new Date(date),
    useLatestRegSubmissionsDate: chosen === 'useLatest',
    enterNewDate:
      chosen === 'enterNew' && body.enterNewDate !== null ? new Date(noonUtc(body.enterNewDate)) : null,
    resetRegSubmissionDates: chosen === 'reset',
  };
}

/** Writes the submission milestones the decisions change; returns their old and new values for the audit. */
async function writeMilestones(tx: Tx, planId: number, decisions: Decision[]) {
  const changes: Record<string, unknown>[] = [];
  for (const d of decisions) {
    if (!d.milestone) continue;
    const before = d.group.milestone;
    await writeSubmissionMilestone(tx, before?.studyPlanMilestoneGoalId ?? null, {
      studyPlanId: planId,
      studyPlanSiteGroupId: d.group.studyPlanSiteGroupId,
      milestoneId: SUBMISSION_MILESTONE.milestoneId,
      milestoneName: SUBMISSION_MILESTONE.milestoneName,
      milestoneLabel: SUBMISSION_MILESTONE.label,
      position: COUNTRY_GOAL_NAMES.length + COUNTRY_MILESTONES.indexOf(SUBMISSION_MILESTONE),
      milestoneDate: d.milestone.date === null ? null : new Date(d.milestone.date),
      isUserOverride: d.milestone.override ? 1 : 0,
      comments: d.milestone.override ? CTIS_COMMENT : null,
    });
    changes.push({
      siteGroupId: d.group.siteGroupId,
      old: {
        date: currentSubmission(d.group),
        isUserOverride: before?.isUserOverride ?? 0,
        comments: before?.comments ?? null,
      },
      new: { date: d.milestone.date, isUserOverride: d.milestone.override ? 1 : 0 },
    });
  }
  return changes;
}

/**
 * POST /ctpo/study/{studyId}/CtisSubmission: applies one choice to the included CTIS-eligible groups of a Draft plan
 * - keep their dates, use the latest submission date among them, enter a new date, or reset to the computed dates
 * - and stores every sent group's CTIS row. Overridden milestones carry the comment 'CTIS submission'; the plan's
 * country dates are then recomputed, so later milestones follow and reset groups get their computed dates. Excluded
 * and unsent groups keep their submission dates. One transaction with its audit row; the plan's rowVersion goes up.
 */
export async function saveCtisSubmission(
  db: Db,
  user: AuthUser,
  studyId: number,
  body: CtisSubmissionBody,
): Promise<CtisPlanResponse> {
  const planId = body.studyPlanId;
  await withEditablePlan(db, user, { studyId, planId, rowVersion: body.rowVersion }, async (tx) => {
    const decisions = decide(body, await eligibleGroups(tx, planId));
    const milestones = await writeMilestones(tx, planId, decisions);
    // The later milestones (approval, FSIV, FPS...) follow the new submission dates; reset ones get theirs back.
    await storeCountryDates(tx, user, planId);
    const after = new Map((await eligibleGroups(tx, planId)).map((g) => [g.siteGroupId, g]));
    await upsertCtisRows(
      tx,
      decisions.map((d) => ctisRow(planId, body, d, after.get(d.group.siteGroupId) ?? d.group)),
    );
    const updated = await updatePlan(tx, planId, { updateBy: user.name, updateDate: new Date() });
    await refreshStudyPlanSummary(tx, studyId);
    await writeAudit(tx, user, {
      entity: 'study_plan',
      entityId: planId,
      studyId,
      entityVersion: updated.rowVersion,
      action: 'update',
      newValues: {
        ctisSubmission: {
          choice: body.choice,
          enterNewDate: body.enterNewDate,
          rows: body.rows,
          milestones,
        },
      },
    });
  });
  return readCtis(db, planId);
}
