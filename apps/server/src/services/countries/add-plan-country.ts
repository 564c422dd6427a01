import {
  activatedSiteCount,
  COUNTRY_ALREADY_ADDED_MESSAGE,
  COUNTRY_GOALS,
  defaultActivationProfile,
  SEASONAL_MONTHS,
  type EnrollmentPlanCountryAddBody,
  type EnrollmentPlanCountryAddResponse,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http-errors';
import { writeAudit } from '../../repositories/audit-repository';
import {
  findReferenceSiteGroup,
  insertCountryMilestones,
  insertPlanSiteGroup,
  planSiteGroups,
  replaceActivationProfile,
  replaceSeasonalVariations,
  upsertCountryParameter,
} from '../../repositories/plan-countries-repository';
import { withEditablePlan } from '../plans/guards/with-editable-plan';
import { readPlanDetail } from '../plans/read-plans';
import { newCountryMilestones, storeCountryDates, touchPlan } from './plan-country-writes';
import { requireSiteBounds } from './guards/require-site-bounds';

/**
 * POST /ctpo/study/{studyId}/EnrollmentPlanCountryAdd: adds a site group to a Draft plan with a copy of its
 * reference values (referenceVersion = the admin version copied), the country goals (activated-sites bounds), the
 * 10 date milestones with their computed dates, the default activation profile scaled to its sites and the
 * reference seasonal variations - all with the audit row in one transaction.
 */
export async function addPlanCountry(
  db: Db,
  user: AuthUser,
  studyId: number,
  body: EnrollmentPlanCountryAddBody,
): Promise<EnrollmentPlanCountryAddResponse> {
  const target = { studyId, planId: body.studyPlanId, rowVersion: body.rowVersion };
  return withEditablePlan(db, user, target, async (tx, plan) => {
    requireSiteBounds(
      plan.studyPlanType,
      [
        {
          lower: body.NUM_SITES_ACTIVATED_LOWER,
          upper: body.NUM_SITES_ACTIVATED_UPPER,
          lowerPath: 'body.NUM_SITES_ACTIVATED_LOWER',
          upperPath: 'body.NUM_SITES_ACTIVATED_UPPER',
        },
      ],
      {
        'body.siteIdEffort': body.siteIdEffort,
        'body.countryStartUpTimeFrame': body.countryStartUpTimeFrame,
      },
    );
    const reference = await findReferenceSiteGroup(tx, body.siteGroupId);
    if (!reference) throw notFound('Site group');
    const existing = await planSiteGroups(tx, plan.studyPlanId);
    if (existing.some((g) => g.siteGroupId === body.siteGroupId)) {
      throw badRequest(COUNTRY_ALREADY_ADDED_MESSAGE, [
        { path: 'body.siteGroupId', message: COUNTRY_ALREADY_ADDED_MESSAGE },
      ]);
    }

    const {
      siteGroupId,
      countryId,
      version,
      isDemo: _d,
      updatedAt: _u,
      siteGroupName,
      ...copied
    } = reference.group;
    const sg = await insertPlanSiteGroup(tx, {
      ...copied,
      studyPlanId: plan.studyPlanId,
      siteGroupId,
      countryId,
      siteGroupName,
      position: Math.max(-1, ...existing.map((g) => g.position)) + 1,
      referenceVersion: version,
      timeSiteIdSize: body.siteIdEffort,
      timeCountryStartUpSize: body.countryStartUpTimeFrame,
      activationProfileOverride: false,
    });
    const sites = { lowerBound: body.NUM_SITES_ACTIVATED_LOWER, upperBound: body.NUM_SITES_ACTIVATED_UPPER };
    await insertCountryMilestones(tx, newCountryMilestones(plan.studyPlanId, sg.studyPlanSiteGroupId, sites));
    await upsertCountryParameter(tx, {
      studyPlanId: plan.studyPlanId,
      studyPlanSiteGroupId: sg.studyPlanSiteGroupId,
      parameterId: COUNTRY_GOALS.NUM_SITES_ACTIVATED,
      parameterName: 'NUM_SITES_ACTIVATED',
      ...sites,
    });
    const profile = defaultActivationProfile(
      reference.profile.map((p) => ({
        sites: p.siteActivationProfilePct,
        days: p.siteActivationProfileDays,
      })),
      activatedSiteCount(plan.studyPlanType, sites),
    );
    await replaceActivationProfile(tx, sg.studyPlanSiteGroupId, profile);
    // A reference with a gap in its months is not copied (the engine would refuse it); no variation is neutral.
    const seasonal = reference.seasonal.map((v) => v.enrollmentSeasonalVariation);
    if (seasonal.length === SEASONAL_MONTHS)
      await replaceSeasonalVariations(tx, sg.studyPlanSiteGroupId, seasonal);

    const updated = await touchPlan(tx, user, plan);
    await storeCountryDates(tx, user, plan.studyPlanId);
    const detail = await readPlanDetail(tx, user, plan.studyPlanId);
    await writeAudit(tx, user, {
      entity: 'study_plan_site_group',
      entityId: sg.studyPlanSiteGroupId,
      studyId: plan.studyId,
      entityVersion: updated.rowVersion,
      action: 'create',
      newValues: {
        ...sg,
        studyPlanId: plan.studyPlanId,
        NUM_SITES_ACTIVATED: sites,
        activationProfile: profile,
      },
    });
    return [
      {
        returnCode: '200',
        tabIndex: detail.countries.findIndex((c) => c.countryId === countryId),
        studyPlanSiteGroupId: sg.studyPlanSiteGroupId,
        countryId,
        rowVersion: updated.rowVersion,
      },
    ];
  });
}
