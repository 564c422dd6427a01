import { describe, expect, it } from 'vitest';
import { REMODEL_MESSAGES, remodelRecomputedRate, validateRemodelForm, type RemodelFormBody } from '../src';

const valid: RemodelFormBody = {
  studyPlanName: 'Remodel',
  studyPlanDescr: 'Why',
  studyPlanType: 1,
  enrollmentRateSelection: 1,
  overallEnrollmentDurationSelection: 1,
  screenPatientsReModel: '100',
  enrollPatientsReModel: 80,
  completePatientsReModel: '70',
  siteGroups: [{ siteGroupName: 'Germany', enrollmentRateSelection: 1, sitesSelection: 1 }],
};

describe('remodel form rules (spec/3 section 5)', () => {
  it('accepts a complete form', () => {
    expect(validateRemodelForm(valid)).toEqual({});
  });

  it('refuses patient and site figures beyond what the engine runs', () => {
    expect(validateRemodelForm({ ...valid, screenPatientsReModel: '1000000' })).toEqual({});
    expect(validateRemodelForm({ ...valid, screenPatientsReModel: '1000001' })).toEqual({
      screenPatientsReModel: REMODEL_MESSAGES.patientsTooMany,
    });
    const sites = (sitesOther: string) =>
      validateRemodelForm({
        ...valid,
        siteGroups: [{ siteGroupName: 'Germany', enrollmentRateSelection: 1, sitesSelection: 3, sitesOther }],
      });
    expect(sites('10000')).toEqual({});
    expect(sites('10001')).toEqual({ 'siteGroups.0.sitesOther': REMODEL_MESSAGES.sitesTooMany });
  });

  it('checks the name unique case-insensitively and trimmed', () => {
    expect(
      validateRemodelForm({ ...valid, studyPlanName: ' remodel ' }, { existingPlanNames: ['REMODEL'] }),
    ).toEqual({
      studyPlanName: REMODEL_MESSAGES.nameUnique,
    });
  });

  it('requires the other rate only for type 1 and the LPI date only for type 2 with other', () => {
    expect(validateRemodelForm({ ...valid, studyPlanType: 2, enrollmentRateSelection: 3 })).toEqual({});
    expect(
      validateRemodelForm({ ...valid, enrollmentRateSelection: 3, enrollmentRateOther: '0.75' }),
    ).toEqual({});
    expect(
      validateRemodelForm({ ...valid, studyPlanType: 2, overallEnrollmentDurationSelection: 2 }),
    ).toEqual({
      lastPatientEnrolledDateMillisOther: REMODEL_MESSAGES.required,
    });
  });

  it("refuses an 'other' rate of 0 (the engine would refuse the run) and one above the engine's limit", () => {
    const overall = (enrollmentRateOther: string) =>
      validateRemodelForm({ ...valid, enrollmentRateSelection: 3, enrollmentRateOther });
    for (const zero of ['0', '0.00', '.0', '0.0'])
      expect(overall(zero)).toEqual({ enrollmentRateOther: REMODEL_MESSAGES.rateNotPositive });
    expect(overall('0.01')).toEqual({});
    expect(overall('100')).toEqual({});
    expect(overall('100.01')).toEqual({ enrollmentRateOther: REMODEL_MESSAGES.rateTooHigh });
    const country = validateRemodelForm({
      ...valid,
      siteGroups: [
        { siteGroupName: 'Germany', enrollmentRateSelection: 3, enrollmentRateOther: '0', sitesSelection: 1 },
      ],
    });
    expect(country).toEqual({ 'siteGroups.0.enrollmentRateOther': REMODEL_MESSAGES.rateNotPositive });
    expect(REMODEL_MESSAGES.rateNotPositive).toBe('The rate must be greater than 0.');
  });

  it('refuses a type 2 last patient enrolled date on or before the as-of day', () => {
    const lpi = (iso: string) =>
      validateRemodelForm(
        {
          ...valid,
          studyPlanType: 2,
          overallEnrollmentDurationSelection: 2,
          lastPatientEnrolledDateMillisOther: Date.parse(`${iso}T12:00:00Z`),
        },
        { asOfDate: '2026-03-10' },
      );
    expect(lpi('2026-03-10')).toEqual({
      lastPatientEnrolledDateMillisOther: REMODEL_MESSAGES.lpiNotAfterAsOf,
    });
    expect(lpi('2026-03-11')).toEqual({});
  });

  it('refuses a type 2 planned duration whose planned LPI is not after the as-of day', () => {
    const planned = (iso: string, ctx = {}) =>
      validateRemodelForm(
        {
          ...valid,
          studyPlanType: 2,
          overallEnrollmentDurationSelection: 1,
          lastPatientEnrolledDateMillisPlanned: Date.parse(`${iso}T00:00:00Z`),
        },
        { asOfDate: '2026-03-10', ...ctx },
      );
    expect(planned('2026-03-10')).toEqual({
      overallEnrollmentDurationSelection: REMODEL_MESSAGES.plannedLpiPassed,
    });
    expect(planned('2026-03-11')).toEqual({});
    // The server's own planned date wins over the body's.
    expect(
      planned('2026-09-01', { lastPatientEnrolledDateMillisPlanned: Date.parse('2026-01-01T00:00:00Z') }),
    ).toEqual({ overallEnrollmentDurationSelection: REMODEL_MESSAGES.plannedLpiPassed });
  });

  it('refuses removing a country with actual or closed sites, and allows it otherwise', () => {
    const remove = { ...valid, siteGroups: [{ ...valid.siteGroups[0]!, sitesSelection: 4 as const }] };
    expect(validateRemodelForm(remove)).toEqual({});
    expect(validateRemodelForm(remove, { unremovableGroups: ['Germany'] })).toEqual({
      'siteGroups.0.sitesSelection': REMODEL_MESSAGES.removeNotAllowed,
    });
  });
});

describe('rate recomputation (spec/3 section 4)', () => {
  it('is (first - second) / first to 2 decimals, only when first >= second', () => {
    expect(remodelRecomputedRate(120, 90)).toBe(0.25);
    expect(remodelRecomputedRate(3, 1)).toBe(0.67);
    expect(remodelRecomputedRate(90, 120)).toBeNull();
    expect(remodelRecomputedRate(0, 0)).toBeNull();
  });
});
