import type { AdminSiteGroup } from '@predict/shared';
import type { SiteGroupWithChildren } from '../../../repositories/site-groups-repository';

/** The API's shape of a site group; the spec spells timeSIVDays and countryCodeISO3 with capitals. */
export function presentAdminSiteGroup(row: SiteGroupWithChildren): AdminSiteGroup {
  const { group } = row;
  return {
    siteGroupId: group.siteGroupId,
    siteGroupName: group.siteGroupName,
    countryId: group.countryId,
    countryName: row.countryName,
    timeSiteIdSmallDays: group.timeSiteIdSmallDays,
    timeSiteIdMediumDays: group.timeSiteIdMediumDays,
    timeSiteIdLargeDays: group.timeSiteIdLargeDays,
    timeCountryStartUpSuperShortDays: group.timeCountryStartUpSuperShortDays,
    timeCountryStartUpShortDays: group.timeCountryStartUpShortDays,
    timeCountryStartUpMediumDays: group.timeCountryStartUpMediumDays,
    timeCountryStartUpLongDays: group.timeCountryStartUpLongDays,
    packagePrepDays: group.packagePrepDays,
    isRollingSubmission: group.isRollingSubmission === 1 ? 1 : 0,
    firstSiteIdDays: group.firstSiteIdDays,
    timeSIVDays: group.timeSivDays,
    timeFirstPatientScreenDays: group.timeFirstPatientScreenDays,
    activationProfiles: row.activationProfiles,
    enrollmentVariations: row.enrollmentVariations,
    version: group.version,
  };
}
