import { z } from 'zod';

const int = z.number().int();

/**
 * A site group as the plan's Add Country dialog offers it (GET /ctpo/sitegroups): its country, the start-up time
 * frame options in days (Super Short to Long) and the Site ID days per effort (Small 1-2 sites, Medium 3-10,
 * Large 10+). version is the reference version a plan copies.
 */
export const SiteGroupOption = z
  .object({
    siteGroupId: int,
    siteGroupName: z.string(),
    countryId: int,
    countryName: z.string(),
    countryCodeISO3: z.string(),
    region: z.string(),
    timeCountryStartUpSuperShortDays: int,
    timeCountryStartUpShortDays: int,
    timeCountryStartUpMediumDays: int,
    timeCountryStartUpLongDays: int,
    timeSiteIdSmallDays: int,
    timeSiteIdMediumDays: int,
    timeSiteIdLargeDays: int,
    /** EU member states take CTIS submissions (spec/1 section 9). */
    isCtisEligible: z.boolean(),
    version: int,
  })
  .meta({ id: 'SiteGroupOption' });
export type SiteGroupOption = z.infer<typeof SiteGroupOption>;

/** A country (GET /ctpo/countries); region groups countries in the region charts. */
export const CountryOption = z
  .object({
    countryId: int,
    countryName: z.string(),
    countryCodeISO3: z.string(),
    region: z.string(),
    isEuMember: z.boolean(),
  })
  .meta({ id: 'CountryOption' });
export type CountryOption = z.infer<typeof CountryOption>;
