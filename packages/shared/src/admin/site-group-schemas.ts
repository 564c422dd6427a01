import { z } from 'zod';
import { DECIMAL_MESSAGE, IdParam, INTEGER_MESSAGE } from '../schemas/common';
import { boundedNumber, int4, safeText } from '../schemas/safe-input';
import { completeActivationPair } from '@predict/engine';
import {
  SITE_GROUP_DAY_FIELDS,
  validateAdminSiteGroup,
  type AdminSiteGroupValues,
  type SiteGroupDayField,
} from './validate-admin-site-group';

const int = z.number().int();
const rolling = z.union([z.literal(0), z.literal(1)], { error: 'Has to be 0 (No) or 1 (Yes).' });
const dayFields = <T extends z.ZodType>(schema: T) =>
  Object.fromEntries(SITE_GROUP_DAY_FIELDS.map((f) => [f, schema])) as Record<SiteGroupDayField, T>;

/** Path parameters of GET /ctpo/admin/sitegroup/{id}. */
export const SiteGroupIdParams = z.object({ id: IdParam });

/** A row of the admin screen's left panel (GET /ctpo/admin/sitegroups). */
export const AdminSiteGroupListItem = z
  .object({ siteGroupId: int, siteGroupName: z.string(), countryId: int, countryName: z.string() })
  .meta({ id: 'AdminSiteGroupListItem' });
export type AdminSiteGroupListItem = z.infer<typeof AdminSiteGroupListItem>;

export const AdminActivationProfile = z
  .object({
    /** Cumulative number of activated sites (the name is the spec's). */
    siteActivationProfilePct: z.number(),
    /** Days since the first site activation. */
    siteActivationProfileDays: int,
    overrideFl: z.boolean(),
  })
  .meta({ id: 'AdminActivationProfile' });
export type AdminActivationProfile = z.infer<typeof AdminActivationProfile>;

export const AdminEnrollmentVariation = z
  .object({ enrollmentSeasonalMonth: int.min(0).max(11), enrollmentSeasonalVariation: z.number() })
  .meta({ id: 'AdminEnrollmentVariation' });
export type AdminEnrollmentVariation = z.infer<typeof AdminEnrollmentVariation>;

/** One site group with its reference data (spec/3 "Site group (admin)"); version guards concurrent saves. */
export const AdminSiteGroup = z
  .object({
    siteGroupId: int,
    siteGroupName: z.string(),
    countryId: int,
    countryName: z.string(),
    ...dayFields(int),
    isRollingSubmission: rolling,
    /** Points in order of position, up to 11. */
    activationProfiles: z.array(AdminActivationProfile),
    /** January (0) to December (11). */
    enrollmentVariations: z.array(AdminEnrollmentVariation),
    version: int,
  })
  .meta({ id: 'AdminSiteGroup' });
export type AdminSiteGroup = z.infer<typeof AdminSiteGroup>;

// Empty inputs pass the type check as null so that validateAdminSiteGroup gives every message in one answer; the
// schema only keeps out numbers no column holds (1e308), the validator gives the spec's ranges.
const dayInput = boundedNumber(INTEGER_MESSAGE).nullish();
const profileInput = z.object({
  siteActivationProfilePct: boundedNumber(INTEGER_MESSAGE).nullish(),
  siteActivationProfileDays: boundedNumber(INTEGER_MESSAGE).nullish(),
  overrideFl: z.boolean().optional(),
});
const variationInput = z.object({
  enrollmentSeasonalMonth: boundedNumber(INTEGER_MESSAGE),
  enrollmentSeasonalVariation: boundedNumber(DECIMAL_MESSAGE).nullish(),
});
const saveInput = z.object({
  siteGroupId: int4(),
  /** The version the edit was based on. */
  version: int4().min(1),
  // Shown in the header but not editable: accepted so that a site group read can be sent back as it is.
  siteGroupName: safeText().max(1000).optional(),
  countryId: int4().optional(),
  countryName: safeText().max(1000).optional(),
  ...dayFields(dayInput),
  isRollingSubmission: rolling,
  // Hard caps against oversized bodies; the 11-row and 12-month rules give their own messages below them.
  activationProfiles: z.array(profileInput).max(100),
  enrollmentVariations: z.array(variationInput).max(100),
});
type Input = z.output<typeof saveInput>;

function values(body: Input): AdminSiteGroupValues {
  return {
    ...(Object.fromEntries(SITE_GROUP_DAY_FIELDS.map((f) => [f, body[f] ?? null])) as Record<
      SiteGroupDayField,
      number | null
    >),
    isRollingSubmission: body.isRollingSubmission,
    activationProfiles: body.activationProfiles.map((p) => ({
      siteActivationProfilePct: p.siteActivationProfilePct ?? null,
      siteActivationProfileDays: p.siteActivationProfileDays ?? null,
    })),
    enrollmentVariations: body.enrollmentVariations.map((v) => ({
      enrollmentSeasonalMonth: v.enrollmentSeasonalMonth,
      enrollmentSeasonalVariation: v.enrollmentSeasonalVariation ?? null,
    })),
  };
}

/**
 * What a valid save stores: rolling 'No' forces the days to first site ID to 0 (spec/3 section 4), fully empty
 * profile columns are dropped and a half-filled one gets 0 in its empty cell (spec/1 section 5), months in order.
 * The `?? 0` fallbacks are never reached: validateAdminSiteGroup has refused every empty required value.
 */
function toSave(body: Input) {
  const v = values(body);
  const days = Object.fromEntries(SITE_GROUP_DAY_FIELDS.map((f) => [f, v[f] ?? 0])) as Record<
    SiteGroupDayField,
    number
  >;
  const profiles = body.activationProfiles.flatMap((p) => {
    const point = completeActivationPair({
      sites: p.siteActivationProfilePct ?? null,
      days: p.siteActivationProfileDays ?? null,
    });
    if (point.sites === null || point.days === null) return [];
    return [
      {
        siteActivationProfilePct: point.sites,
        siteActivationProfileDays: point.days,
        overrideFl: !!p.overrideFl,
      },
    ];
  });
  return {
    siteGroupId: body.siteGroupId,
    version: body.version,
    ...days,
    firstSiteIdDays: body.isRollingSubmission === 1 ? days.firstSiteIdDays : 0,
    isRollingSubmission: body.isRollingSubmission,
    activationProfiles: profiles,
    enrollmentVariations: v.enrollmentVariations
      .map((e) => ({
        enrollmentSeasonalMonth: e.enrollmentSeasonalMonth,
        enrollmentSeasonalVariation: e.enrollmentSeasonalVariation ?? 0,
      }))
      .sort((a, b) => a.enrollmentSeasonalMonth - b.enrollmentSeasonalMonth),
  };
}

/**
 * Body of POST /ctpo/study/0/AdminDataUpload: a site group as GET /ctpo/admin/sitegroup/{id} answers it, with the
 * version it was based on. 400 names each field with the admin screen's message at its path, e.g.
 * body.activationProfiles.2.siteActivationProfileDays or body.enrollmentVariations (the 'Cannot all be zero.' rule).
 */
export const AdminSiteGroupSaveBody = saveInput
  .superRefine((body, ctx) => {
    for (const issue of validateAdminSiteGroup(values(body))) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  })
  .transform(toSave)
  .meta({ id: 'AdminSiteGroupSaveBody' });
/** The body as a client sends it. */
export type AdminSiteGroupSaveInput = z.input<typeof AdminSiteGroupSaveBody>;
/** The body after validation, as the server stores it. */
export type AdminSiteGroupSave = z.output<typeof AdminSiteGroupSaveBody>;

/** 409 answer when a save was based on an older version of the site group. */
export const SiteGroupVersionConflict = z
  .object({ error: z.string(), message: z.string(), currentVersion: int })
  .meta({ id: 'SiteGroupVersionConflict' });
export type SiteGroupVersionConflict = z.infer<typeof SiteGroupVersionConflict>;
