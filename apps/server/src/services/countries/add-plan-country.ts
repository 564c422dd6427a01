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
import type { Db, Tx } from '../../db/client';
import { badRequest, notFound } from '../../http-errors';
import { writeAudit } from '../../repositories/audit-repository';
import type { PlanRow } from '../../repositories/plans-repository';
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
import { newCountryMilestones, storeCountryDates, touchPlan } from './plan-country-writes';
import { requireSiteBounds } from './guards/require-site-bounds';

export interface AddCountryOptions {
  /**
   * false: leave the plan's dates to the caller, who adds several countries and then stores them once
   * (storeCountryDates). Each add changes the plan-wide LPI-side dates of every country, so storing them after each
   * one made an upload of n countries cost n^2 writes (40 countries: 14 s on PGlite).
   */
  storeDates?: boolean;
}

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
  options: AddCountryOptions = {},
): Promise<EnrollmentPlanCountryAddResponse> {
  const target = { studyId, planId: body.studyPlanId, rowVersion: body.rowVersion };
  return withEditablePlan(db, user, target, async (tx, plan) => {
    const { reference, existing } = await addableReference(tx, plan, body);
    const sg = await insertCopiedSiteGroup(tx, plan, body, reference, existing);
    const sites = { lowerBound: body.NUM_SITES_ACTIVATED_LOWER, upperBound: body.NUM_SITES_ACTIVATED_UPPER };
    const profile = await writeCountryDefaults(tx, plan, sg.studyPlanSiteGroupId, reference, sites);
    const updated = await touchPlan(tx, user, plan);
    if (options.storeDates !== false) await storeCountryDates(tx, user, plan.studyPlanId);
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
    const { countryId } = reference.group;
    return [
      {
        returnCode: '200',
        // The plan's countries in the order the plan detail lists them (by their first site group's position); the
        // new group comes last. Read from the rows at hand: a read of the whole plan per add was an upload's cost.
        tabIndex: [...new Set([...existing.map((g) => g.countryId), countryId])].indexOf(countryId),
        studyPlanSiteGroupId: sg.studyPlanSiteGroupId,
        countryId,
        rowVersion: updated.rowVersion,
      },
    ];
  });
}

type Reference = NonNullable<Awaited<ReturnType<typeof findReferenceSiteGroup>>>;
type ExistingGroups = Awaited<ReturnType<typeof planSiteGroups>>;

/** The admin site group to add, refused when the site bounds are off, it is unknown or the plan has it already. */
async function addableReference(tx: Tx, plan: PlanRow, body: EnrollmentPlanCountryAddBody) {
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
  return { reference, existing };
}

/** The plan's copy of the admin site group (its reference values and version), last in the plan's order. */
async function insertCopiedSiteGroup(
  tx: Tx,
  plan: PlanRow,
  body: EnrollmentPlanCountryAddBody,
  reference: Reference,
  existing: ExistingGroups,
) {
  const {
    siteGroupId,
    countryId,
    version,
    isDemo: _d,
    updatedAt: _u,
    siteGroupName,
    ...copied
  } = reference.group;
  return insertPlanSiteGroup(tx, {
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
}

/**
 * The new country's milestones, its goal (activated-sites bounds), the default activation profile scaled to its
 * sites and the reference seasonal variations; answers the profile.
 */
async function writeCountryDefaults(
  tx: Tx,
  plan: PlanRow,
  studyPlanSiteGroupId: number,
  reference: Reference,
  sites: { lowerBound: number | null; upperBound: number | null },
) {
  await insertCountryMilestones(tx, newCountryMilestones(plan.studyPlanId, studyPlanSiteGroupId, sites));
  await upsertCountryParameter(tx, {
    studyPlanId: plan.studyPlanId,
    studyPlanSiteGroupId,
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
  await replaceActivationProfile(tx, studyPlanSiteGroupId, profile);
  // A reference with a gap in its months is not copied (the engine would refuse it); no variation is neutral.
  const seasonal = reference.seasonal.map((v) => v.enrollmentSeasonalVariation);
  if (seasonal.length === SEASONAL_MONTHS)
    await replaceSeasonalVariations(tx, studyPlanSiteGroupId, seasonal);
  return profile;
}
