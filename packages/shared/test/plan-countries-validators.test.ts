import { describe, expect, it } from 'vitest';
import {
  ALL_ZERO_MESSAGE,
  COUNTRY_NOT_IN_PLAN_MESSAGE,
  eitherNotBothMessage,
  MILESTONE_BEFORE_PREVIOUS_MESSAGE,
  MILESTONE_NOT_OVERRIDABLE_MESSAGE,
  UNKNOWN_MILESTONE_MESSAGE,
  validateCountryInputs,
  validateCountryMilestones,
  validateSiteFatigue,
  validateStep2,
  type CountryInputsRow,
  type StudyPlan,
} from '../src';

const empty = { lowerBound: null, upperBound: null };
const row = (changes: Partial<CountryInputsRow> = {}): CountryInputsRow => ({
  studyPlanSiteGroupId: 1,
  siteEnrollmentRateAtSIV: null,
  expectedScreenFailureRate: null,
  expectedTreatmentDropoutRate: null,
  pauseEnrollmentAfterPatient: null,
  pauseEnrollmentDays: null,
  NUM_SITES_ACTIVATED: { lowerBound: 4, upperBound: null },
  NUM_SUBJECTS_SCREENED: empty,
  NUM_SUBJECTS_ENROLLED: empty,
  NUM_SUBJECTS_TREATED: empty,
  NUM_SUBJECTS_COMPLETED: empty,
  ...changes,
});

describe('validateCountryInputs', () => {
  it('accepts a minimal row in scenario A', () => {
    expect(validateCountryInputs(1, row())).toEqual({});
  });
  it('enrollment rate 0 to 100', () => {
    expect(validateCountryInputs(1, row({ siteEnrollmentRateAtSIV: -1 }))).toEqual({
      siteEnrollmentRateAtSIV: 'Has to be a value from 0 to 100.',
    });
    expect(validateCountryInputs(1, row({ siteEnrollmentRateAtSIV: 100 }))).toEqual({});
  });
  it('activated sites: required integer >= 1; scenario B needs the upper bound, not below the lower', () => {
    expect(validateCountryInputs(1, row({ NUM_SITES_ACTIVATED: empty }))).toEqual({
      'NUM_SITES_ACTIVATED.lowerBound': "Can't be empty.",
    });
    expect(
      validateCountryInputs(1, row({ NUM_SITES_ACTIVATED: { lowerBound: 0, upperBound: 1.5 } })),
    ).toEqual({
      'NUM_SITES_ACTIVATED.lowerBound': 'Has to be at least 1.',
      'NUM_SITES_ACTIVATED.upperBound': 'Has to be an integer.',
    });
    expect(validateCountryInputs(2, row())).toEqual({ 'NUM_SITES_ACTIVATED.upperBound': "Can't be empty." });
    expect(validateCountryInputs(2, row({ NUM_SITES_ACTIVATED: { lowerBound: 4, upperBound: 3 } }))).toEqual({
      'NUM_SITES_ACTIVATED.upperBound': "Upper bound can't be less than the lower bound.",
    });
  });
  it('screened bounds become required once a later tier is filled', () => {
    expect(
      validateCountryInputs(1, row({ NUM_SUBJECTS_COMPLETED: { lowerBound: 3, upperBound: null } })),
    ).toEqual({
      'NUM_SUBJECTS_SCREENED.lowerBound': "Can't be empty.",
      'NUM_SUBJECTS_SCREENED.upperBound': "Can't be empty.",
    });
  });
  it('the patient tiers: >= 1 and bounded by the tier before', () => {
    const errors = validateCountryInputs(
      1,
      row({
        NUM_SUBJECTS_SCREENED: { lowerBound: 0, upperBound: 100 },
        NUM_SUBJECTS_ENROLLED: { lowerBound: 0, upperBound: 101 },
        NUM_SUBJECTS_TREATED: { lowerBound: 0, upperBound: 90 },
        NUM_SUBJECTS_COMPLETED: { lowerBound: 0, upperBound: 95 },
      }),
    );
    expect(errors).toEqual({
      'NUM_SUBJECTS_SCREENED.lowerBound': 'Number of patients screened must be greater than 0',
      'NUM_SUBJECTS_ENROLLED.lowerBound': 'Number of patients enrolled must be greater than 0',
      'NUM_SUBJECTS_ENROLLED.upperBound':
        "Number of patients enrolled shouldn't be greater than the number of patients screened",
      'NUM_SUBJECTS_TREATED.lowerBound': 'Number of patients completing treatment must be greater than 0',
      'NUM_SUBJECTS_COMPLETED.lowerBound': 'Number of patients completing follow up must be greater than 0',
      'NUM_SUBJECTS_COMPLETED.upperBound':
        "Number of patients completing follow up shouldn't be greater than the number of patients completing treatment, screened or enrolled",
    });
  });
  it('upper below lower within a tier', () => {
    expect(
      validateCountryInputs(1, row({ NUM_SUBJECTS_SCREENED: { lowerBound: 50, upperBound: 40 } })),
    ).toEqual({ 'NUM_SUBJECTS_SCREENED.upperBound': "Upper bound can't be less than the lower bound." });
  });
  it('rates 0 to 0.99, and not together with the count they derive from', () => {
    expect(
      validateCountryInputs(1, row({ expectedScreenFailureRate: 1, expectedTreatmentDropoutRate: 0.99 })),
    ).toEqual({ expectedScreenFailureRate: 'Has to be a value from 0 to 0.99.' });
    const both = validateCountryInputs(
      1,
      row({
        expectedTreatmentDropoutRate: 0.1,
        NUM_SUBJECTS_SCREENED: { lowerBound: 10, upperBound: 10 },
        NUM_SUBJECTS_TREATED: { lowerBound: null, upperBound: 5 },
      }),
    );
    const message = eitherNotBothMessage('drop-out rate', 'number of patients completing treatment');
    expect(both).toEqual({
      expectedTreatmentDropoutRate: message,
      'NUM_SUBJECTS_TREATED.upperBound': message,
    });
  });
  it('pause 1 to 9999, both or neither; not checked for sequential plans', () => {
    expect(validateCountryInputs(1, row({ pauseEnrollmentAfterPatient: 10000 }))).toEqual({
      pauseEnrollmentAfterPatient: 'Has to be a value from 1 to 9999.',
      pauseEnrollmentDays: "Can't be empty.",
    });
    expect(validateCountryInputs(1, row({ pauseEnrollmentDays: 5 }))).toEqual({
      pauseEnrollmentAfterPatient: "Can't be empty.",
    });
    expect(validateCountryInputs(1, row({ pauseEnrollmentDays: 5 }), { sequential: true })).toEqual({});
  });
});

describe('validateCountryMilestones', () => {
  const chain = { 158: 100, 135: 200, 136: 300, 139: 400, 142: 500, 145: 600 };
  const m = (milestoneId: number, date: number | null, comments: string | null = 'why', o: 0 | 1 = 1) => ({
    milestoneId,
    isUserOverride: o,
    milestoneDateMillis: date,
    comments,
  });
  it('an override needs a comment and a date', () => {
    expect(validateCountryMilestones([m(139, 450, ''), m(142, null)], chain)).toEqual([
      { comments: "Can't be empty." },
      { milestoneDateMillis: "Can't be empty." },
    ]);
  });
  it('a date may not precede the latest earlier date (computed or overridden)', () => {
    expect(validateCountryMilestones([m(139, 250)], chain)).toEqual([
      { milestoneDateMillis: MILESTONE_BEFORE_PREVIOUS_MESSAGE },
    ]);
    expect(validateCountryMilestones([m(135, 350), m(136, 320)], chain)).toEqual([
      {},
      { milestoneDateMillis: MILESTONE_BEFORE_PREVIOUS_MESSAGE },
    ]);
    expect(validateCountryMilestones([m(139, 300)], chain)).toEqual([{}]);
  });
  it('the four last-stage milestones cannot be overridden; unknown ids are named', () => {
    expect(validateCountryMilestones([m(146, 1), m(148, 1), m(149, 1), m(152, 1), m(999, 1)])).toEqual([
      { isUserOverride: MILESTONE_NOT_OVERRIDABLE_MESSAGE },
      { isUserOverride: MILESTONE_NOT_OVERRIDABLE_MESSAGE },
      { isUserOverride: MILESTONE_NOT_OVERRIDABLE_MESSAGE },
      { isUserOverride: MILESTONE_NOT_OVERRIDABLE_MESSAGE },
      { milestoneId: UNKNOWN_MILESTONE_MESSAGE },
    ]);
  });
  it('rows that are not overridden are not checked', () => {
    expect(validateCountryMilestones([m(139, 1, null, 0)], chain)).toEqual([{}]);
  });
});

describe('validateSiteFatigue', () => {
  it('days integer >= 0, rate 0 to 1, both or neither', () => {
    expect(validateSiteFatigue(null, null)).toEqual({});
    expect(validateSiteFatigue(0, 1)).toEqual({});
    expect(validateSiteFatigue(1.5, 2)).toEqual({
      eventualSiteEnrollmentDays: 'Has to be an integer.',
      eventualSiteEnrollmentRate: 'Has to be a value from 0 to 1.',
    });
    expect(validateSiteFatigue(30, null)).toEqual({ eventualSiteEnrollmentRate: "Can't be empty." });
    expect(validateSiteFatigue(null, 0.5)).toEqual({ eventualSiteEnrollmentDays: "Can't be empty." });
  });
});

describe('validateStep2', () => {
  const plan = {
    studyPlanType: 1,
    cohortType: 0,
    countries: [{ siteGroups: [{ studyPlanSiteGroupId: 1 }] }],
  } as unknown as StudyPlan;
  const tables = {
    countryInputs: [],
    milestones: [],
    activationProfiles: [],
    enrollmentSeasonalVariations: [],
    siteFatigue: [],
  };
  it('composes the rules with paths in the body', () => {
    const errors = validateStep2(
      {
        ...tables,
        studyPlanType: 2,
        countryInputs: [row({ NUM_SITES_ACTIVATED: empty }), row({ studyPlanSiteGroupId: 7 })],
        milestones: [
          {
            studyPlanSiteGroupId: 1,
            ...{ milestoneId: 148, isUserOverride: 1, milestoneDateMillis: 5, comments: 'x' },
          },
        ],
        activationProfiles: [
          {
            studyPlanSiteGroupId: 1,
            overrideFl: true,
            points: Array.from({ length: 12 }, (_, k) => ({
              siteActivationLabel: null,
              siteActivationProfilePct: k + 1,
              siteActivationProfileDays: k * 10,
            })),
          },
        ],
        enrollmentSeasonalVariations: [{ studyPlanSiteGroupId: 1, values: new Array(12).fill(0) }],
        siteFatigue: [
          { studyPlanSiteGroupId: 1, eventualSiteEnrollmentDays: 3, eventualSiteEnrollmentRate: null },
        ],
      },
      plan,
    );
    expect(errors).toEqual([
      { path: 'studyPlanType', message: 'Has to be the type of the plan.' },
      { path: 'countryInputs.1.studyPlanSiteGroupId', message: COUNTRY_NOT_IN_PLAN_MESSAGE },
      { path: 'countryInputs.0.NUM_SITES_ACTIVATED.lowerBound', message: "Can't be empty." },
      { path: 'milestones.0.isUserOverride', message: MILESTONE_NOT_OVERRIDABLE_MESSAGE },
      { path: 'activationProfiles.0.points', message: 'At most 11 activation profile rows.' },
      { path: 'enrollmentSeasonalVariations.0.values', message: ALL_ZERO_MESSAGE },
      { path: 'siteFatigue.0.eventualSiteEnrollmentRate', message: "Can't be empty." },
    ]);
  });
  it('ignores the points of a profile whose override is off, and refuses a country sent twice', () => {
    const point = { siteActivationLabel: null, siteActivationProfilePct: 5, siteActivationProfileDays: 0 };
    expect(
      validateStep2(
        {
          ...tables,
          activationProfiles: [
            { studyPlanSiteGroupId: 1, overrideFl: false, points: [point, point] },
            { studyPlanSiteGroupId: 1, overrideFl: false, points: [] },
          ],
        },
        plan,
      ),
    ).toEqual([
      { path: 'activationProfiles.1.studyPlanSiteGroupId', message: 'This country is sent twice.' },
    ]);
  });
});
