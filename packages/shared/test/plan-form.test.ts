import { describe, expect, it } from 'vitest';
import {
  CLOSE_OUT_DEFAULTS,
  COUNTRY_SITES_EQUAL_WARNING,
  COUNTRY_SITES_EXCEED_WARNING,
  ENROLLED_MAX_MESSAGE,
  ENROLLED_MIN_MESSAGE,
  FOLLOW_UP_MAX_MESSAGE,
  FOLLOW_UP_MIN_MESSAGE,
  SCREENED_MIN_MESSAGE,
  TREATED_MAX_MESSAGE,
  TREATED_MIN_MESSAGE,
  validatePlanForm,
  type PlanFormContext,
  type PlanFormValues,
} from '../src';

const A: PlanFormContext = { scenario: 'scenario-a', sequential: false, existingNames: ['Base plan'] };
const B: PlanFormContext = { scenario: 'scenario-b', sequential: false, existingNames: [] };
const SEQ: PlanFormContext = { scenario: 'scenario-b', sequential: true, existingNames: [] };

const valid = (over: Partial<PlanFormValues> = {}): PlanFormValues => ({
  studyPlanName: 'Plan 1',
  studyPlanDescr: 'Description',
  croProjectStartDateMillis: Date.UTC(2026, 0, 5, 12),
  finalProtocolStartDateMillis: Date.UTC(2026, 2, 5, 12),
  enrollmentRate: 0.5,
  overallEnrollmentDuration: 12,
  screeningPeriodDuration: 28,
  treatmentDuration: 180,
  followUpDuration: null,
  screenFailRate: 0.2,
  dropOutRate: 0.1,
  ...CLOSE_OUT_DEFAULTS,
  parameters: { SITES_TO_ACTIVATE: { lowerBound: 20 }, SUBJECTS_TO_SCREEN: { lowerBound: 300 } },
  ...over,
});

/** The message of one field, or undefined. */
const messageOf = (values: PlanFormValues, field: string, context = A) =>
  validatePlanForm(values, context).errors.find((e) => e.field === field)?.message;

const SITES = 'parameters.SITES_TO_ACTIVATE.lowerBound';
const SCREENED = 'parameters.SUBJECTS_TO_SCREEN.lowerBound';
const ENROLLED = 'milestones.NUM_SUBJECTS_ENROLLED.lowerBound';
const TREATED = 'milestones.NUM_SUBJECTS_TREATED.lowerBound';
const FOLLOW_UP = 'milestones.NUM_SUBJECTS_COMPLETED.lowerBound';
const counts = (enrolled: unknown, treated?: unknown, followUp?: unknown) =>
  ({
    NUM_SUBJECTS_ENROLLED: { lowerBound: enrolled },
    NUM_SUBJECTS_TREATED: { lowerBound: treated },
    NUM_SUBJECTS_COMPLETED: { lowerBound: followUp },
  }) as PlanFormValues['milestones'];

describe('validatePlanForm: a complete plan', () => {
  it('has no errors and no warnings in either scenario', () => {
    expect(validatePlanForm(valid(), A)).toEqual({ errors: [], warnings: [] });
    expect(validatePlanForm(valid(), B)).toEqual({ errors: [], warnings: [] });
    expect(validatePlanForm(valid({ overallEnrollmentDuration: null }), SEQ)).toEqual({
      errors: [],
      warnings: [],
    });
  });
});

describe('validatePlanForm: name, description and dates', () => {
  it.each([
    ['studyPlanName', { studyPlanName: '' }, 'This field is required.'],
    ['studyPlanName', { studyPlanName: '   ' }, 'This field is required.'],
    ['studyPlanName', { studyPlanName: null }, 'This field is required.'],
    ['studyPlanName', { studyPlanName: 'x'.repeat(51) }, 'Study Plan Name cannot exceed 50 characters'],
    ['studyPlanName', { studyPlanName: ' base PLAN ' }, 'Study Plan Name must be unique'],
    ['studyPlanDescr', { studyPlanDescr: '' }, 'This field is required.'],
    [
      'studyPlanDescr',
      { studyPlanDescr: 'x'.repeat(2001) },
      'Study Plan Description cannot exceed 2000 characters',
    ],
    ['croProjectStartDateMillis', { croProjectStartDateMillis: null }, 'This field is required.'],
    ['finalProtocolStartDateMillis', { finalProtocolStartDateMillis: undefined }, 'This field is required.'],
  ] as const)('%s %j -> %s', (field, over, message) => {
    expect(messageOf(valid(over as PlanFormValues), field)).toBe(message);
  });
  it('accepts 50 characters and a name no other plan has', () => {
    expect(messageOf(valid({ studyPlanName: 'x'.repeat(50) }), 'studyPlanName')).toBeUndefined();
    expect(messageOf(valid({ studyPlanName: 'Base plan 2' }), 'studyPlanName')).toBeUndefined();
    expect(messageOf(valid({ studyPlanDescr: 'x'.repeat(2000) }), 'studyPlanDescr')).toBeUndefined();
  });
});

describe('validatePlanForm: numbers', () => {
  it.each([
    [
      SITES,
      { parameters: { SITES_TO_ACTIVATE: { lowerBound: null }, SUBJECTS_TO_SCREEN: { lowerBound: 5 } } },
      "Can't be empty.",
    ],
    [
      SITES,
      { parameters: { SITES_TO_ACTIVATE: { lowerBound: 2.5 }, SUBJECTS_TO_SCREEN: { lowerBound: 5 } } },
      'Has to be an integer.',
    ],
    [
      SITES,
      { parameters: { SITES_TO_ACTIVATE: { lowerBound: 0 }, SUBJECTS_TO_SCREEN: { lowerBound: 5 } } },
      'Has to be at least 1.',
    ],
    [
      SITES,
      { parameters: { SITES_TO_ACTIVATE: { lowerBound: 'abc' }, SUBJECTS_TO_SCREEN: { lowerBound: 5 } } },
      'Has to be an integer.',
    ],
    [
      SCREENED,
      { parameters: { SITES_TO_ACTIVATE: { lowerBound: 1 }, SUBJECTS_TO_SCREEN: { lowerBound: '' } } },
      "Can't be empty.",
    ],
    [
      SCREENED,
      { parameters: { SITES_TO_ACTIVATE: { lowerBound: 1 }, SUBJECTS_TO_SCREEN: { lowerBound: 0 } } },
      SCREENED_MIN_MESSAGE,
    ],
    [
      SCREENED,
      { parameters: { SITES_TO_ACTIVATE: { lowerBound: 1 }, SUBJECTS_TO_SCREEN: { lowerBound: 1.5 } } },
      'Has to be an integer.',
    ],
    ['enrollmentRate', { enrollmentRate: 100.5 }, 'Has to be a value from 0 to 100.'],
    ['enrollmentRate', { enrollmentRate: -1 }, 'Has to be a value from 0 to 100.'],
    ['enrollmentRate', { enrollmentRate: '1.2.3' }, 'Has to be a decimal.'],
    ['screeningPeriodDuration', { screeningPeriodDuration: null }, "Can't be empty."],
    ['screeningPeriodDuration', { screeningPeriodDuration: 1.5 }, 'Has to be an integer.'],
    ['screeningPeriodDuration', { screeningPeriodDuration: -1 }, 'Has to be at least 0.'],
    ['treatmentDuration', { treatmentDuration: '' }, "Can't be empty."],
    ['treatmentDuration', { treatmentDuration: 0 }, 'Has to be at least 1.'],
    ['treatmentDuration', { treatmentDuration: 7.5 }, 'Has to be an integer.'],
    ['followUpDuration', { followUpDuration: 0.5 }, 'Has to be an integer.'],
    ['followUpDuration', { followUpDuration: -3 }, 'Has to be at least 0.'],
    ['screenFailRate', { screenFailRate: 1 }, 'Has to be a value from 0 to 0.99.'],
    ['screenFailRate', { screenFailRate: 'x' }, 'Has to be a decimal.'],
    ['dropOutRate', { dropOutRate: 0.995 }, 'Has to be a value from 0 to 0.99.'],
    ['dropOutRate', { dropOutRate: -0.1 }, 'Has to be a value from 0 to 0.99.'],
    // The close-out durations: required whole days, so an empty one never counts as an unseen 0.
    ['tfedToDbLockDuration', { tfedToDbLockDuration: null }, "Can't be empty."],
    ['tfedToDbLockDuration', { tfedToDbLockDuration: '' }, "Can't be empty."],
    ['dbLocktoCSRDuration', { dbLocktoCSRDuration: 2.5 }, 'Has to be an integer.'],
    ['dbLocktoCSRDuration', { dbLocktoCSRDuration: -1 }, 'Has to be at least 0.'],
    ['csrToTMFCloseAndReturnDuration', { csrToTMFCloseAndReturnDuration: undefined }, "Can't be empty."],
    [
      'csrToTMFCloseAndReturnDuration',
      { csrToTMFCloseAndReturnDuration: 100_000 },
      'Has to be a value from 0 to 99999.',
    ],
  ] as const)('%s %j -> %s', (field, over, message) => {
    expect(messageOf(valid(over as PlanFormValues), field)).toBe(message);
  });

  it('reads typed text as the inputs do: a leading dot is 0., spaces are trimmed', () => {
    expect(messageOf(valid({ screenFailRate: '.5' }), 'screenFailRate')).toBeUndefined();
    expect(messageOf(valid({ screenFailRate: ' 0.25 ' }), 'screenFailRate')).toBeUndefined();
    expect(messageOf(valid({ treatmentDuration: '90' }), 'treatmentDuration')).toBeUndefined();
    expect(messageOf(valid({ treatmentDuration: '90.' }), 'treatmentDuration')).toBeUndefined();
  });

  it('leaves follow-up days optional and accepts the limits themselves', () => {
    const limits = valid({
      screenFailRate: 0.99,
      dropOutRate: 0,
      enrollmentRate: 100,
      screeningPeriodDuration: 0,
      tfedToDbLockDuration: 0,
      dbLocktoCSRDuration: 99_999,
      csrToTMFCloseAndReturnDuration: '60',
    });
    expect(validatePlanForm(limits, A).errors).toEqual([]);
    expect(validatePlanForm(valid({ enrollmentRate: 0 }), A).errors).toEqual([]);
  });
});

describe('validatePlanForm: scenarios', () => {
  it('checks the enrollment rate only in scenario A and the overall duration only in scenario B', () => {
    expect(
      messageOf(valid({ overallEnrollmentDuration: 0 }), 'overallEnrollmentDuration', A),
    ).toBeUndefined();
    expect(messageOf(valid({ enrollmentRate: 500 }), 'enrollmentRate', B)).toBeUndefined();
    expect(messageOf(valid({ enrollmentRate: null }), 'enrollmentRate', A)).toBeUndefined();
  });
  it.each([
    [{ overallEnrollmentDuration: null }, "Can't be empty."],
    [{ overallEnrollmentDuration: 0 }, 'Has to be at least 1.'],
    [{ overallEnrollmentDuration: 1.5 }, 'Has to be an integer.'],
  ] as const)('scenario B overall duration %j -> %s', (over, message) => {
    expect(messageOf(valid(over), 'overallEnrollmentDuration', B)).toBe(message);
  });
  it('does not ask a sequential plan for the overall duration or the pause', () => {
    const seq = valid({ overallEnrollmentDuration: null, pauseEnrollmentAfterPatient: 5 });
    expect(validatePlanForm(seq, SEQ).errors).toEqual([]);
  });
});

describe('validatePlanForm: patient counts', () => {
  const withCounts = (m: PlanFormValues['milestones'], over: Partial<PlanFormValues> = {}) =>
    valid({ screenFailRate: null, dropOutRate: null, milestones: m, ...over });

  it('accepts a consistent chain', () => {
    expect(validatePlanForm(withCounts(counts(240, 200, 180)), A).errors).toEqual([]);
    expect(validatePlanForm(withCounts(counts(300, 300, 300)), A).errors).toEqual([]);
  });
  it.each([
    [ENROLLED, counts(0, 100), ENROLLED_MIN_MESSAGE],
    [ENROLLED, counts(-4, 100), ENROLLED_MIN_MESSAGE],
    [ENROLLED, counts(301, 100), ENROLLED_MAX_MESSAGE],
    [ENROLLED, counts(10.5, 5), 'Has to be an integer.'],
    [TREATED, counts(200, 0), TREATED_MIN_MESSAGE],
    [TREATED, counts(200, 201), TREATED_MAX_MESSAGE],
    [FOLLOW_UP, counts(200, 150, 0), FOLLOW_UP_MIN_MESSAGE],
    [FOLLOW_UP, counts(200, 150, 151), FOLLOW_UP_MAX_MESSAGE],
  ] as const)('%s with %j -> %s', (field, m, message) => {
    expect(messageOf(withCounts(m), field)).toBe(message);
  });
  it('bounds completing treatment by the screened count when no enrolled count is given', () => {
    const m = counts(null, 301);
    expect(messageOf(valid({ dropOutRate: null, milestones: m }), TREATED)).toBe(TREATED_MAX_MESSAGE);
    expect(messageOf(valid({ dropOutRate: null, milestones: counts(null, 300) }), TREATED)).toBeUndefined();
  });
  it('bounds completing follow-up by the nearest tier given', () => {
    expect(messageOf(valid({ milestones: counts(null, null, 301) }), FOLLOW_UP)).toBe(FOLLOW_UP_MAX_MESSAGE);
    expect(messageOf(valid({ milestones: counts(null, null, 300) }), FOLLOW_UP)).toBeUndefined();
    const viaEnrolled = valid({ screenFailRate: null, milestones: counts(100, null, 101) });
    expect(messageOf(viaEnrolled, FOLLOW_UP)).toBe(FOLLOW_UP_MAX_MESSAGE);
  });
});

describe('validatePlanForm: either-or pairs and the pause pair', () => {
  it('asks for one of screen fail rate or patients enrolled with "Can\'t be empty."', () => {
    const { errors } = validatePlanForm(valid({ screenFailRate: null }), A);
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'screenFailRate', message: "Can't be empty." },
        { field: ENROLLED, message: "Can't be empty." },
      ]),
    );
    expect(validatePlanForm(valid({ screenFailRate: null, milestones: counts(200) }), A).errors).toEqual([]);
  });
  it('asks for one of drop-out rate or patients completing treatment with "Can\'t be empty."', () => {
    const { errors } = validatePlanForm(valid({ dropOutRate: '' }), A);
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'dropOutRate', message: "Can't be empty." },
        { field: TREATED, message: "Can't be empty." },
      ]),
    );
    expect(validatePlanForm(valid({ dropOutRate: null, milestones: counts(null, 250) }), A).errors).toEqual(
      [],
    );
  });
  it('refuses both halves of a pair', () => {
    const both = valid({ milestones: counts(200, 150) });
    expect(messageOf(both, 'screenFailRate')).toBe(
      'Fill in either the screen fail rate or the number of patients enrolled, not both.',
    );
    expect(messageOf(both, TREATED)).toBe(
      'Fill in either the drop-out rate or the number of patients completing treatment, not both.',
    );
  });
  it.each([
    [{ pauseEnrollmentAfterPatient: 50 }, 'pauseEnrollmentDays', "Can't be empty."],
    [{ pauseEnrollmentDays: 30 }, 'pauseEnrollmentAfterPatient', "Can't be empty."],
    [
      { pauseEnrollmentAfterPatient: 0, pauseEnrollmentDays: 30 },
      'pauseEnrollmentAfterPatient',
      'Has to be a value from 1 to 9999.',
    ],
    [
      { pauseEnrollmentAfterPatient: 5, pauseEnrollmentDays: 10000 },
      'pauseEnrollmentDays',
      'Has to be a value from 1 to 9999.',
    ],
    [
      { pauseEnrollmentAfterPatient: 5.5, pauseEnrollmentDays: 3 },
      'pauseEnrollmentAfterPatient',
      'Has to be an integer.',
    ],
  ] as const)('pause %j -> %s: %s', (over, field, message) => {
    expect(messageOf(valid(over), field)).toBe(message);
  });
  it('accepts both pause values or neither', () => {
    expect(
      validatePlanForm(valid({ pauseEnrollmentAfterPatient: 1, pauseEnrollmentDays: 9999 }), A).errors,
    ).toEqual([]);
  });
});

describe('validatePlanForm: milestone overrides', () => {
  it('needs a comment on an overridden milestone ("Can\'t be empty.")', () => {
    const m = { DURATION_TO_FSIV: { isUserOverride: 1, comments: ' ' } };
    expect(messageOf(valid({ milestones: m }), 'milestones.DURATION_TO_FSIV.comments')).toBe(
      "Can't be empty.",
    );
    const ok = { DURATION_TO_FSIV: { isUserOverride: 1, comments: 'Sponsor asked' } };
    expect(validatePlanForm(valid({ milestones: ok }), A).errors).toEqual([]);
    const notOverridden = { DURATION_TO_FSIV: { isUserOverride: 0, comments: '' } };
    expect(validatePlanForm(valid({ milestones: notOverridden }), A).errors).toEqual([]);
  });
});

describe('validatePlanForm: country-site warnings', () => {
  it('warns in scenario A when the countries lower bounds exceed the overall sites', () => {
    const over = valid({ countrySites: [{ lowerBound: 15 }, { lowerBound: 6 }] });
    expect(validatePlanForm(over, A).warnings).toEqual([COUNTRY_SITES_EXCEED_WARNING]);
    const under = valid({ countrySites: [{ lowerBound: 15 }, { lowerBound: 5 }] });
    expect(validatePlanForm(under, A).warnings).toEqual([]);
  });
  it('warns in scenario B unless the countries add up to the overall sites', () => {
    const equal = valid({
      countrySites: [
        { lowerBound: 5, upperBound: 12 },
        { lowerBound: 8, upperBound: 8 },
      ],
    });
    expect(validatePlanForm(equal, B).warnings).toEqual([]);
    const short = valid({ countrySites: [{ lowerBound: 5, upperBound: 12 }] });
    expect(validatePlanForm(short, B).warnings).toEqual([COUNTRY_SITES_EQUAL_WARNING]);
  });
  it('says nothing without countries; warnings never block', () => {
    expect(validatePlanForm(valid({ countrySites: [] }), B).warnings).toEqual([]);
    expect(validatePlanForm(valid({ countrySites: [{ lowerBound: 99 }] }), A).errors).toEqual([]);
  });
});
