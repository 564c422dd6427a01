import { describe, expect, it } from 'vitest';
import { AdminSiteGroupSaveBody, type AdminSiteGroupSaveInput } from '../src';

const months = (values: Array<number | null>) =>
  values.map((v, m) => ({ enrollmentSeasonalMonth: m, enrollmentSeasonalVariation: v }));

function body(overrides: Partial<AdminSiteGroupSaveInput> = {}): AdminSiteGroupSaveInput {
  return {
    siteGroupId: 1,
    version: 1,
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
    timeSIVDays: 30,
    timeFirstPatientScreenDays: 14,
    activationProfiles: [
      { siteActivationProfilePct: 1, siteActivationProfileDays: 0 },
      { siteActivationProfilePct: 5, siteActivationProfileDays: 30 },
    ],
    enrollmentVariations: months(Array.from({ length: 12 }, () => 1)),
    ...overrides,
  };
}

const issues = (input: AdminSiteGroupSaveInput) =>
  (AdminSiteGroupSaveBody.safeParse(input).error?.issues ?? []).map((i) => ({
    path: i.path.join('.'),
    message: i.message,
  }));

describe('AdminSiteGroupSaveBody', () => {
  it('accepts a valid site group and keeps its values', () => {
    const parsed = AdminSiteGroupSaveBody.parse(body());
    expect(parsed).toMatchObject({ packagePrepDays: 30, firstSiteIdDays: 20, isRollingSubmission: 1 });
    expect(parsed.activationProfiles[1]).toEqual({
      siteActivationProfilePct: 5,
      siteActivationProfileDays: 30,
      overrideFl: false,
    });
  });

  it('gives every day-field message at its path in one answer', () => {
    expect(
      issues(
        body({
          packagePrepDays: null,
          timeSIVDays: 1.5,
          timeSiteIdSmallDays: -1,
          timeSiteIdLargeDays: 10000,
        }),
      ),
    ).toEqual([
      { path: 'timeSiteIdSmallDays', message: 'Has to be a value from 0 to 9999.' },
      { path: 'timeSiteIdLargeDays', message: 'Has to be a value from 0 to 9999.' },
      { path: 'packagePrepDays', message: "Can't be empty." },
      { path: 'timeSIVDays', message: 'Has to be an integer.' },
    ]);
  });

  it('forces the days to first site ID to 0 without rolling submission', () => {
    expect(
      AdminSiteGroupSaveBody.parse(body({ isRollingSubmission: 0, firstSiteIdDays: 50 })).firstSiteIdDays,
    ).toBe(0);
    expect(issues(body({ isRollingSubmission: 1, firstSiteIdDays: null }))).toEqual([
      { path: 'firstSiteIdDays', message: "Can't be empty." },
    ]);
  });

  it('applies the activation profile rules per cell and drops empty columns', () => {
    const profiles = [
      { siteActivationProfilePct: 5, siteActivationProfileDays: 30 },
      { siteActivationProfilePct: null, siteActivationProfileDays: null },
      { siteActivationProfilePct: 5, siteActivationProfileDays: 10 },
      { siteActivationProfilePct: 7.5, siteActivationProfileDays: 40 },
    ];
    expect(issues(body({ activationProfiles: profiles }))).toEqual([
      {
        path: 'activationProfiles.2.siteActivationProfilePct',
        message: 'Number of sites should not have duplicates.',
      },
      { path: 'activationProfiles.2.siteActivationProfileDays', message: 'Days should be increasing.' },
      { path: 'activationProfiles.3.siteActivationProfilePct', message: 'Has to be an integer.' },
    ]);
    const halfFilled = [{ siteActivationProfilePct: 3, siteActivationProfileDays: null }, profiles[1]!];
    expect(AdminSiteGroupSaveBody.parse(body({ activationProfiles: halfFilled })).activationProfiles).toEqual(
      [{ siteActivationProfilePct: 3, siteActivationProfileDays: 0, overrideFl: false }],
    );
  });

  it('applies the seasonal rules per month, wherever the month was sent', () => {
    const values = Array.from({ length: 12 }, () => 1 as number | null);
    values[2] = null;
    values[7] = 1.2;
    const reversed = months(values).reverse();
    expect(issues(body({ enrollmentVariations: reversed }))).toEqual([
      { path: 'enrollmentVariations.9.enrollmentSeasonalVariation', message: "Can't be empty." },
      {
        path: 'enrollmentVariations.4.enrollmentSeasonalVariation',
        message: 'Has to be a value from 0 to 1.',
      },
    ]);
    expect(issues(body({ enrollmentVariations: months(Array.from({ length: 12 }, () => 0)) }))).toEqual([
      { path: 'enrollmentVariations', message: 'Cannot all be zero.' },
    ]);
    expect(issues(body({ enrollmentVariations: months([1, 1, 1]) }))).toEqual([
      { path: 'enrollmentVariations', message: 'Has to have one value for each month, Jan to Dec.' },
    ]);
  });
});
