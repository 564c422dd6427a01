import {
  activatedSiteCount,
  defaultActivationProfile,
  type CountryPatchBody,
  type ReturnCodeResponse,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../http-errors';
import { writeAudit, type AuditEntry } from '../../repositories/audit-repository';
import type { PlanRow } from '../../repositories/plans-repository';
import {
  planSiteGroups,
  referenceProfiles,
  replaceActivationProfile,
  updatePlanSiteGroup,
} from '../../repositories/plan-countries-repository';
import { withEditablePlan } from '../plans/guards/with-editable-plan';
import { readPlanDetail } from '../plans/read-plans';
import { storeCountryDates, touchPlan, writeSitesGoal } from './plan-country-writes';
import { requireSiteBounds } from './guards/require-site-bounds';
import { storedCountryInputs } from './plan-step2-draft';

/**
 * PATCH /ctpo/country (Edit Country): activated-site bounds, Site ID effort and start-up time frame of a country's
 * site groups in a Draft plan. A changed activated-sites count resets that group's activation profile to the
 * default (reference scaled to the new count) with override off (spec/1 section 4); the date milestones are
 * recomputed. One transaction with an audit row per changed site group.
 */
export async function updatePlanCountry(
  db: Db,
  user: AuthUser,
  body: CountryPatchBody,
): Promise<ReturnCodeResponse> {
  const target = { studyId: null, planId: body.studyPlanId, rowVersion: body.rowVersion };
  return withEditablePlan(db, user, target, async (tx, plan) => {
    requireBodySiteBounds(plan, body);
    const rows = await planSiteGroups(tx, plan.studyPlanId);
    const before = await readPlanDetail(tx, user, plan.studyPlanId);
    const stored = before.countries.flatMap((c) => c.siteGroups);
    const references = await referenceProfiles(
      tx,
      body.siteGroups.map((g) => g.siteGroupId),
    );
    const audits: Omit<AuditEntry, 'entityVersion'>[] = [];
    for (const sent of body.siteGroups) {
      const row = rows.find((r) => r.siteGroupId === sent.siteGroupId && r.countryId === body.countryId);
      const group = stored.find((g) => g.studyPlanSiteGroupId === row?.studyPlanSiteGroupId);
      if (!row || !group) throw notFound('Country');
      const audit = await updateSiteGroup(tx, plan, {
        sent,
        row,
        group,
        reference: references.get(sent.siteGroupId),
      });
      if (audit) audits.push(audit);
    }
    if (audits.length === 0) return [{ returnCode: '200', rowVersion: plan.rowVersion }];
    const updated = await touchPlan(tx, user, plan);
    await storeCountryDates(tx, user, plan.studyPlanId);
    await writeAudit(
      tx,
      user,
      ...audits.map((a) => ({ ...a, studyId: plan.studyId, entityVersion: updated.rowVersion })),
    );
    return [{ returnCode: '200', rowVersion: updated.rowVersion }];
  });
}

/** The activated-site bounds, Site ID effort and start-up time frame of every sent site group, at their paths. */
function requireBodySiteBounds(plan: PlanRow, body: CountryPatchBody) {
  requireSiteBounds(
    plan.studyPlanType,
    body.siteGroups.map((g, i) => ({
      lower: g.NUM_SITES_ACTIVATED_LOWER,
      upper: g.NUM_SITES_ACTIVATED_UPPER,
      lowerPath: `body.siteGroups.${i}.NUM_SITES_ACTIVATED_LOWER`,
      upperPath: `body.siteGroups.${i}.NUM_SITES_ACTIVATED_UPPER`,
    })),
    Object.fromEntries(
      body.siteGroups.flatMap((g, i) => [
        [`body.siteGroups.${i}.timeSiteIdSize`, g.timeSiteIdSize],
        [`body.siteGroups.${i}.timeCountryStartUpSize`, g.timeCountryStartUpSize],
      ]),
    ),
  );
}

type PlanSiteGroup = Awaited<ReturnType<typeof planSiteGroups>>[number];
type StoredSiteGroup = Awaited<ReturnType<typeof readPlanDetail>>['countries'][number]['siteGroups'][number];

/**
 * Writes one site group's changes (its efforts, its sites goal, and a reset activation profile when the activated
 * count changed); answers its audit row, or null when nothing changed.
 */
async function updateSiteGroup(
  tx: Tx,
  plan: PlanRow,
  o: {
    sent: CountryPatchBody['siteGroups'][number];
    row: PlanSiteGroup;
    group: StoredSiteGroup;
    reference: Parameters<typeof defaultActivationProfile>[0] | undefined;
  },
): Promise<Omit<AuditEntry, 'entityVersion'> | null> {
  const { sent, row, group } = o;
  const oldSites = storedCountryInputs(group).NUM_SITES_ACTIVATED;
  const newSites = {
    lowerBound: sent.NUM_SITES_ACTIVATED_LOWER,
    upperBound: sent.NUM_SITES_ACTIVATED_UPPER,
  };
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  const changes: Record<string, unknown> = {};
  for (const key of ['timeSiteIdSize', 'timeCountryStartUpSize'] as const) {
    if (row[key] === sent[key]) continue;
    changes[key] = sent[key];
    oldValues[key] = row[key];
    newValues[key] = sent[key];
  }
  if (oldSites.lowerBound !== newSites.lowerBound || oldSites.upperBound !== newSites.upperBound) {
    oldValues.NUM_SITES_ACTIVATED = oldSites;
    newValues.NUM_SITES_ACTIVATED = newSites;
    await writeSitesGoal(tx, plan.studyPlanId, row.studyPlanSiteGroupId, newSites);
  }
  const countChanged =
    activatedSiteCount(plan.studyPlanType, oldSites) !== activatedSiteCount(plan.studyPlanType, newSites);
  if (countChanged) {
    const profile = defaultActivationProfile(
      o.reference ?? [],
      activatedSiteCount(plan.studyPlanType, newSites),
    );
    changes.activationProfileOverride = false;
    oldValues.activationProfile = {
      overrideFl: group.activationProfileOverride,
      points: group.activationProfiles,
    };
    newValues.activationProfile = { overrideFl: false, points: profile };
    await replaceActivationProfile(tx, row.studyPlanSiteGroupId, profile);
  }
  await updatePlanSiteGroup(tx, row.studyPlanSiteGroupId, changes);
  if (Object.keys(newValues).length === 0) return null;
  return {
    entity: 'study_plan_site_group',
    entityId: row.studyPlanSiteGroupId,
    action: 'update',
    oldValues: { studyPlanId: plan.studyPlanId, ...oldValues },
    newValues: { studyPlanId: plan.studyPlanId, ...newValues },
  };
}
