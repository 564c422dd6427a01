import type { AdminSiteGroup, AdminSiteGroupListItem, CurrentUser } from '@predict/shared';
import { installFetchMock, type FetchMock } from '@/test/fetch-mock';
import { testUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { AdminDataScreen } from '../components/admin-data-screen';

export const adminUser: CurrentUser = {
  ...testUser,
  groups: ['app_PremierPredict_AdminUser'],
  roles: { readOnly: false, admin: true },
};

export const LIST: AdminSiteGroupListItem[] = [
  { siteGroupId: 11, siteGroupName: 'Austria', countryId: 3, countryName: 'Austria' },
  { siteGroupId: 12, siteGroupName: 'Belgium', countryId: 4, countryName: 'Belgium' },
  { siteGroupId: 40, siteGroupName: 'USA - Central', countryId: 9, countryName: 'United States' },
];

/** A site group as GET /ctpo/admin/sitegroup/{id} answers it. */
export function siteGroup(id = 11, overrides: Partial<AdminSiteGroup> = {}): AdminSiteGroup {
  const item = LIST.find((g) => g.siteGroupId === id) ?? LIST[0]!;
  return {
    ...item,
    timeSiteIdSmallDays: 30,
    timeSiteIdMediumDays: 45,
    timeSiteIdLargeDays: 60,
    timeCountryStartUpSuperShortDays: 60,
    timeCountryStartUpShortDays: 90,
    timeCountryStartUpMediumDays: 120,
    timeCountryStartUpLongDays: 180,
    packagePrepDays: 30,
    isRollingSubmission: 1,
    firstSiteIdDays: 20,
    timeSIVDays: 35,
    timeFirstPatientScreenDays: 14,
    activationProfiles: [
      { siteActivationProfilePct: 1, siteActivationProfileDays: 0, overrideFl: false },
      { siteActivationProfilePct: 4, siteActivationProfileDays: 30, overrideFl: false },
      { siteActivationProfilePct: 8, siteActivationProfileDays: 90, overrideFl: false },
    ],
    enrollmentVariations: Array.from({ length: 12 }, (_, m) => ({
      enrollmentSeasonalMonth: m,
      enrollmentSeasonalVariation: m === 7 ? 0.6 : 1,
    })),
    version: 3,
    ...overrides,
  };
}

export function serveAdminData(server: FetchMock = installFetchMock()) {
  return server
    .on('GET', '/ctpo/admin/sitegroups', LIST)
    .on('GET', /^\/ctpo\/admin\/sitegroup\/\d+$/, (r) => siteGroup(Number(r.url.pathname.split('/').pop())));
}

export const renderAdminData = (route = '/ctpo/admin-data/', user: CurrentUser = adminUser) =>
  renderScreen(<AdminDataScreen />, { route, path: '/ctpo/admin-data/:siteGroupId?', user });
