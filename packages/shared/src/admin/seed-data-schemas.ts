import { z } from 'zod';
import { OPPORTUNITY_STAGES } from '../constants';
import { IsoDate } from '../schemas/common';
import {
  SITE_GROUP_DAY_FIELDS,
  validateAdminSiteGroup,
  type SiteGroupDayField,
} from './validate-admin-site-group';

/** The regions of the country reference data (the region charts group countries by them). */
export const COUNTRY_REGIONS = [
  'North America',
  'Latin America',
  'Western Europe',
  'Eastern Europe',
  'Asia Pacific',
  'Middle East & Africa',
] as const;

// The study search strips these characters (sanitizeSearchText), so seeded text must not carry them.
const SEARCH_STRIPPED = /[/#\\&]/;

// Everything zod builds is built inside these functions, so that a bundle which never calls them drops it.
function buildSeedSchemas() {
  const fields = seedFieldTypes();
  return { study: studySchema(fields), country: countrySchema(fields), siteGroup: siteGroupSchema(fields) };
}

/** The seed file's field types: searchable text, calendar days, ISO timestamps, integers. */
function seedFieldTypes() {
  const text = z
    .string()
    .regex(/\S/, { error: "Can't be blank." })
    .refine((s) => !SEARCH_STRIPPED.test(s), { error: 'Has a character the search strips (/ # \\ &).' });
  const calendarDay = IsoDate.refine(
    (d) => {
      const t = Date.parse(`${d}T00:00:00.000Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
    },
    { error: 'Not a calendar date.' },
  );
  const timestamp = z.iso.datetime({
    precision: 3,
    error: 'Has to be an ISO timestamp as 2025-01-31T12:00:00.000Z.',
  });
  const int = z.number().int();
  return { text, calendarDay, timestamp, int };
}

type SeedFieldTypes = ReturnType<typeof seedFieldTypes>;

/** A study of the study list, its summary columns agreeing with each other. */
function studySchema({ text, calendarDay, timestamp }: SeedFieldTypes) {
  return z
    .strictObject({
      projectId: text,
      studyName: text,
      sponsorName: text,
      opportunityStage: z.enum(OPPORTUNITY_STAGES, { error: 'Not a known opportunity stage.' }),
      proposalVersion: text,
      proposalDueDate: calendarDay,
      therapeuticArea: text,
      therapeuticFranchise: text,
      indication: text,
      investigationalProductName: text,
      phase: text,
      protocolId: text,
      protocolTitle: text,
      proposalBudgeterName: text,
      proposalStrategyName: text,
      soeName: text.nullable(),
      soeDescription: text.nullable(),
      enrollmentPlanExists: z.boolean(),
      soeExists: z.boolean(),
      soeCosts: z.boolean(),
      soeClinicalInformatics: z.boolean(),
      soeDataManagement: z.boolean(),
      enrollmentPlanLastUpdate: timestamp.nullable(),
      soeLastUpdate: timestamp.nullable(),
    })
    .superRefine((s, ctx) => {
      // The study list's summary columns agree with each other: a date exactly when the plan or SoE exists.
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (s.enrollmentPlanExists !== (s.enrollmentPlanLastUpdate !== null))
        issue('enrollmentPlanLastUpdate', 'Set exactly when enrollmentPlanExists is true.');
      for (const field of ['soeLastUpdate', 'soeName', 'soeDescription'] as const) {
        if (s.soeExists !== (s[field] !== null)) issue(field, 'Set exactly when soeExists is true.');
      }
      for (const flag of ['soeCosts', 'soeClinicalInformatics', 'soeDataManagement'] as const) {
        if (s[flag] && !s.soeExists) issue(flag, 'Only true when soeExists is true.');
      }
    });
}

/** A country of the reference data. */
function countrySchema({ text }: SeedFieldTypes) {
  return z.strictObject({
    countryName: text,
    iso3: z.string().regex(/^[A-Z]{3}$/, { error: 'Has to be 3 capital letters.' }),
    iso2: z.string().regex(/^[A-Z]{2}$/, { error: 'Has to be 2 capital letters.' }),
    region: z.enum(COUNTRY_REGIONS, { error: 'Not a known region.' }),
    isEuMember: z.boolean(),
  });
}

/** A site group of the reference data: one an admin could have saved. */
function siteGroupSchema({ text, int }: SeedFieldTypes) {
  return z
    .strictObject({
      siteGroupName: text,
      countryIso3: z.string(),
      ...(Object.fromEntries(SITE_GROUP_DAY_FIELDS.map((f) => [f, z.number()])) as Record<
        SiteGroupDayField,
        z.ZodNumber
      >),
      isRollingSubmission: z.union([z.literal(0), z.literal(1)], { error: 'Has to be 0 (No) or 1 (Yes).' }),
      /** Cumulative activated sites by days since the first activation. */
      activationProfile: z.array(z.strictObject({ sites: int, days: int })),
      /** January to December. */
      seasonalVariation: z.array(z.number()),
    })
    .superRefine((g, ctx) => {
      // The admin screen's rules, so a demo site group is one an admin could have saved.
      const issues = validateAdminSiteGroup({
        ...g,
        activationProfiles: g.activationProfile.map((p) => ({
          siteActivationProfilePct: p.sites,
          siteActivationProfileDays: p.days,
        })),
        enrollmentVariations: g.seasonalVariation.map((v, month) => ({
          enrollmentSeasonalMonth: month,
          enrollmentSeasonalVariation: v,
        })),
      });
      for (const { path, message } of issues) ctx.addIssue({ code: 'custom', path: seedPath(path), message });
      // What the admin save would store: no days to first site ID without rolling submission.
      if (g.isRollingSubmission === 0 && g.firstSiteIdDays !== 0)
        ctx.addIssue({
          code: 'custom',
          path: ['firstSiteIdDays'],
          message: 'Has to be 0 without rolling submission.',
        });
    });
}

/** The admin screen's field path in the seed file's terms. */
function seedPath(path: (string | number)[]): (string | number)[] {
  const [head, index, field] = path;
  if (head === 'activationProfiles') {
    const cell = field === 'siteActivationProfilePct' ? 'sites' : 'days';
    return index === undefined ? ['activationProfile'] : ['activationProfile', index, cell];
  }
  if (head === 'enrollmentVariations')
    return index === undefined ? ['seasonalVariation'] : ['seasonalVariation', index];
  return path;
}

let built: ReturnType<typeof buildSeedSchemas> | undefined;

/**
 * The schemas of the demo data the server seeds (a study as the CRM hands it over, a country, a site group with the
 * admin screen's rules). Built on first use, so the web app, which never seeds, does not carry them.
 */
export function seedDataSchemas(): ReturnType<typeof buildSeedSchemas> {
  return (built ??= buildSeedSchemas());
}

type Schemas = ReturnType<typeof buildSeedSchemas>;
export type SeedStudy = z.output<Schemas['study']>;
export type SeedCountry = z.output<Schemas['country']>;
export type SeedSiteGroup = z.output<Schemas['siteGroup']>;
