import {
  SiteGroupOption,
  type AdminSiteGroup,
  type AdminSiteGroupListItem,
  type CountryOption,
} from '@predict/shared';
import { z } from 'zod';
import { stampedAnswer } from '../../caching/stamped-answer';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../http-errors';
import {
  findSiteGroup,
  listCountries,
  listSiteGroupsWithCountry,
  listSiteGroupsWithReference,
  readSiteGroupReferenceStamp,
} from '../../repositories/site-groups-repository';
import { presentAdminSiteGroup } from './presenters/site-group-presenter';

/** GET /ctpo/admin/sitegroups: the left panel of the admin screen, by name. */
export async function listAdminSiteGroups(db: Db): Promise<AdminSiteGroupListItem[]> {
  return listSiteGroupsWithCountry(db);
}

/** GET /ctpo/admin/sitegroup/{id}: one site group with its activation profile and seasonal variations. */
export async function readAdminSiteGroup(db: Db | Tx, siteGroupId: number): Promise<AdminSiteGroup> {
  const row = await findSiteGroup(db, siteGroupId);
  if (!row) throw notFound('Site group');
  return presentAdminSiteGroup(row);
}

/** GET /ctpo/sitegroups: the site groups a plan can add, with their start-up options. */
export async function listSiteGroupOptions(db: Db): Promise<SiteGroupOption[]> {
  const rows = await listSiteGroupsWithReference(db);
  return rows.map(({ group, country }) => ({
    siteGroupId: group.siteGroupId,
    siteGroupName: group.siteGroupName,
    countryId: country.countryId,
    countryName: country.countryName,
    countryCodeISO3: country.countryCodeIso3,
    region: country.region,
    timeCountryStartUpSuperShortDays: group.timeCountryStartUpSuperShortDays,
    timeCountryStartUpShortDays: group.timeCountryStartUpShortDays,
    timeCountryStartUpMediumDays: group.timeCountryStartUpMediumDays,
    timeCountryStartUpLongDays: group.timeCountryStartUpLongDays,
    timeSiteIdSmallDays: group.timeSiteIdSmallDays,
    timeSiteIdMediumDays: group.timeSiteIdMediumDays,
    timeSiteIdLargeDays: group.timeSiteIdLargeDays,
    isCtisEligible: group.isCtisEligible,
    version: group.version,
  }));
}

const SiteGroupOptions = z.array(SiteGroupOption);

/**
 * GET /ctpo/sitegroups as JSON text, checked against its schema once per change of the site groups or countries
 * (a stamp query per request instead of reading and presenting 50+ joined rows). Per process; see stampedAnswer.
 */
export const siteGroupOptionsAnswer = stampedAnswer<Db>(readSiteGroupReferenceStamp, async (db) =>
  JSON.stringify(SiteGroupOptions.parse(await listSiteGroupOptions(db))),
);

/** GET /ctpo/countries. */
export async function listCountryOptions(db: Db): Promise<CountryOption[]> {
  const rows = await listCountries(db);
  return rows.map((c) => ({
    countryId: c.countryId,
    countryName: c.countryName,
    countryCodeISO3: c.countryCodeIso3,
    region: c.region,
    isEuMember: c.isEuMember,
  }));
}
