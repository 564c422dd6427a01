import type { RemodelGroupChoice } from '@predict/engine';
import { activatedSiteCount, defaultActivationProfile, type PlanSiteGroup } from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Tx } from '../../db/client';
import {
  deletePlanSiteGroup,
  planSiteGroups,
  referenceProfiles,
  replaceActivationProfile,
  updatePlanSiteGroup,
} from '../../repositories/plan-countries-repository';
import { findStudyTargetRows, updateStudyParameterBounds } from '../../repositories/plan-remodels-repository';
import { storeCountryDates, writeSitesGoal } from '../countries/plan-country-writes';
import { filledPoints, storedCountryInputs } from '../countries/plan-step2-draft';
import { readPlanDetail } from '../plans/read-plans';

/** What shaping the new plan's site groups changed (the audit row keeps it). */
export interface RemodelPlanGroupChanges {
  removed: string[];
  sites: { siteGroupName: string; from: number | null; to: number }[];
  /** The study's sites to activate, when it changed: the kept groups' site counts added up. */
  sitesToActivate?: { from: number | null; to: number };
}

/**
 * The site count a kept group goes forward with, as the engine's remodel counts it: 'other' the typed count,
 * 'actual' the sites activated by the as-of date, 'planned' the plan's count (at least the activated ones).
 */
export function remodelSiteCount(
  choice: RemodelGroupChoice,
  plannedSites: number | null,
  activatedSites: number,
): number | null {
  if (choice.sites === 'other') return Math.max(0, Math.round(choice.sitesOther ?? plannedSites ?? 0));
  if (choice.sites === 'actual') return activatedSites;
  if (plannedSites === null) return activatedSites > 0 ? activatedSites : null;
  return Math.max(plannedSites, activatedSites);
}

/**
 * Makes the new Remodel plan what the form chose (spec/1 'Activation profiles', spec/3 section 4): the removed site
 * groups leave the plan (with everything below them, as Remove Country does), each kept group's activated-sites goal
 * (milestone and parameter) becomes the count it goes forward with, its activation profile is rescaled to that count
 * where it changed, and the activation profile override is on for every group (forced on for Remodel plans). The
 * study's sites to activate becomes the kept groups' total, and the date milestones are recomputed. A count of 0 ('other' 0, or 'actual' without activated sites) is not a valid
 * site goal: that group keeps its goal and the run's choice projects no further sites.
 */
export async function shapeRemodelPlanGroups(
  tx: Tx,
  user: AuthUser,
  studyPlanId: number,
  studyPlanType: number,
  choices: readonly RemodelGroupChoice[],
  activatedByGroup: ReadonlyMap<number, number>,
): Promise<RemodelPlanGroupChanges> {
  const byGroup = new Map(choices.map((c) => [Number(c.siteGroupId), c]));
  const rows = await planSiteGroups(tx, studyPlanId);
  const changes: RemodelPlanGroupChanges = { removed: [], sites: [] };
  // Last tab first: each delete moves the later tabs up one place, so the earlier rows' positions stay right.
  for (const row of [...rows].sort((a, b) => b.position - a.position)) {
    if (byGroup.get(row.siteGroupId)?.sites !== 'remove') continue;
    await deletePlanSiteGroup(tx, row);
    changes.removed.unshift(row.siteGroupName);
  }
  const plan = await readPlanDetail(tx, user, studyPlanId);
  const groups: PlanSiteGroup[] = plan.countries.flatMap((c) => c.siteGroups);
  const references = await referenceProfiles(
    tx,
    groups.map((g) => g.siteGroupId),
  );
  let total = 0;
  for (const group of groups) {
    const choice = byGroup.get(group.siteGroupId);
    const bounds = storedCountryInputs(group).NUM_SITES_ACTIVATED;
    const current = activatedSiteCount(studyPlanType, bounds);
    const target = choice
      ? remodelSiteCount(choice, current, activatedByGroup.get(group.siteGroupId) ?? 0)
      : current;
    const saved = filledPoints(
      group.activationProfiles.map((p) => ({
        siteActivationLabel: p.siteActivationLabel,
        siteActivationProfilePct: p.siteActivationProfilePct,
        siteActivationProfileDays: p.siteActivationProfileDays,
      })),
    );
    const recount = target !== null && target >= 1 && target !== current;
    if (recount) {
      await writeSitesGoal(tx, studyPlanId, group.studyPlanSiteGroupId, {
        lowerBound: target,
        upperBound: bounds?.upperBound == null ? null : target,
      });
      changes.sites.push({ siteGroupName: group.siteGroupName, from: current, to: target });
    }
    // With override on the run takes the stored points as they are, so they must be the count's profile: the
    // group's own shape (else the admin reference) scaled to it, when the count changed or no points are stored.
    const count = recount ? target : current;
    total += count ?? 0;
    if (recount || saved.length === 0) {
      const shape = saved.length > 0 ? saved : (references.get(group.siteGroupId) ?? []);
      await replaceActivationProfile(tx, group.studyPlanSiteGroupId, defaultActivationProfile(shape, count));
    }
    if (!group.activationProfileOverride)
      await updatePlanSiteGroup(tx, group.studyPlanSiteGroupId, { activationProfileOverride: true });
  }
  // Step 1's sites to activate is the sum of the countries' sites (its warning compares them): the kept ones now.
  const study = (await findStudyTargetRows(tx, studyPlanId)).parameters.find(
    (p) => p.name === 'SITES_TO_ACTIVATE',
  );
  if (study && total >= 1 && study.lowerBound !== total) {
    await updateStudyParameterBounds(tx, studyPlanId, 'SITES_TO_ACTIVATE', {
      lowerBound: total,
      upperBound: study.upperBound === null ? null : total,
    });
    changes.sitesToActivate = { from: study.lowerBound, to: total };
  }
  await storeCountryDates(tx, user, studyPlanId);
  return changes;
}
