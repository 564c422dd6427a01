import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrollmentPlanStep1Input } from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import {
  addCountryToPlan,
  addStudies,
  auditRows,
  createPlan,
  durationPlan,
  ratesPlan,
  step1,
} from './helpers/plans';

/**
 * Every rule of spec/1 section 5 "Plan form" through POST EnrollmentPlanStep1: the exact message at the field's
 * path, and nothing written.
 */
let t: TestApp;
let planner: Record<string, string>;
let studyId: number;
let existingId: number;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  [studyId] = (await addStudies(t, 'FR-0001')) as [number];
  ({ id: existingId } = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Existing Plan' })));
});
afterAll(async () => t.close());

const SITES = 'body.parameters.SITES_TO_ACTIVATE.lowerBound';
const SCREENED = 'body.parameters.SUBJECTS_TO_SCREEN.lowerBound';
const ENROLLED = 'body.milestones.NUM_SUBJECTS_ENROLLED.lowerBound';
const TREATED = 'body.milestones.NUM_SUBJECTS_TREATED.lowerBound';
const FOLLOW_UP = 'body.milestones.NUM_SUBJECTS_COMPLETED.lowerBound';

const bounds = (sites: unknown, screened: unknown) =>
  [
    { parameterName: 'SITES_TO_ACTIVATE', lowerBound: sites },
    { parameterName: 'SUBJECTS_TO_SCREEN', lowerBound: screened },
  ] as EnrollmentPlanStep1Input['parameters'];
const counts = (enrolled: number | null, treated: number | null, followUp: number | null = null) => [
  { milestoneName: 'NUM_SUBJECTS_ENROLLED', lowerBound: enrolled },
  { milestoneName: 'NUM_SUBJECTS_TREATED', lowerBound: treated },
  { milestoneName: 'NUM_SUBJECTS_COMPLETED', lowerBound: followUp },
];
const byCounts = { screenFailRate: null, dropOutRate: null };

const cases: [string, Partial<EnrollmentPlanStep1Input>, string, string][] = [
  ['name required', { studyPlanName: '  ' }, 'body.studyPlanName', 'This field is required.'],
  [
    'name max 50',
    { studyPlanName: 'n'.repeat(51) },
    'body.studyPlanName',
    'Study Plan Name cannot exceed 50 characters',
  ],
  [
    'name unique',
    { studyPlanName: ' existing PLAN' },
    'body.studyPlanName',
    'Study Plan Name must be unique',
  ],
  ['description required', { studyPlanDescr: '' }, 'body.studyPlanDescr', 'This field is required.'],
  [
    'description max 2000',
    { studyPlanDescr: 'd'.repeat(2001) },
    'body.studyPlanDescr',
    'Study Plan Description cannot exceed 2000 characters',
  ],
  [
    'CRO start date required',
    { croProjectStartDateMillis: null },
    'body.croProjectStartDateMillis',
    'This field is required.',
  ],
  [
    'protocol date required',
    { finalProtocolStartDateMillis: undefined },
    'body.finalProtocolStartDateMillis',
    'This field is required.',
  ],
  ['sites required', { parameters: bounds(null, 300) }, SITES, "Can't be empty."],
  ['sites integer', { parameters: bounds(2.5, 300) }, SITES, 'Has to be an integer.'],
  ['sites >= 1', { parameters: bounds(0, 300) }, SITES, 'Has to be at least 1.'],
  ['screened required', { parameters: bounds(20, null) }, SCREENED, "Can't be empty."],
  ['screened integer', { parameters: bounds(20, 10.5) }, SCREENED, 'Has to be an integer.'],
  [
    'screened > 0',
    { parameters: bounds(20, 0) },
    SCREENED,
    'Number of patients screened must be greater than 0',
  ],
  [
    'enrollment rate max',
    { enrollmentRate: 100.01 },
    'body.enrollmentRate',
    'Has to be a value from 0 to 100.',
  ],
  [
    'enrollment rate >= 0',
    { enrollmentRate: -0.5 },
    'body.enrollmentRate',
    'Has to be a value from 0 to 100.',
  ],
  [
    'enrollment rate decimal',
    { enrollmentRate: 'fast' as never },
    'body.enrollmentRate',
    'Has to be a decimal.',
  ],
  [
    'screening required',
    { screeningPeriodDuration: null },
    'body.screeningPeriodDuration',
    "Can't be empty.",
  ],
  [
    'screening integer',
    { screeningPeriodDuration: 1.5 },
    'body.screeningPeriodDuration',
    'Has to be an integer.',
  ],
  [
    'screening >= 0',
    { screeningPeriodDuration: -1 },
    'body.screeningPeriodDuration',
    'Has to be at least 0.',
  ],
  ['treatment required', { treatmentDuration: null }, 'body.treatmentDuration', "Can't be empty."],
  ['treatment > 0', { treatmentDuration: 0 }, 'body.treatmentDuration', 'Has to be at least 1.'],
  [
    'treatment integer',
    { treatmentDuration: 'long' as never },
    'body.treatmentDuration',
    'Has to be an integer.',
  ],
  ['follow-up integer', { followUpDuration: 2.5 }, 'body.followUpDuration', 'Has to be an integer.'],
  ['follow-up >= 0', { followUpDuration: -2 }, 'body.followUpDuration', 'Has to be at least 0.'],
  [
    'screen fail rate range',
    { screenFailRate: 1 },
    'body.screenFailRate',
    'Has to be a value from 0 to 0.99.',
  ],
  ['drop-out rate range', { dropOutRate: 0.999 }, 'body.dropOutRate', 'Has to be a value from 0 to 0.99.'],
  ['screen fail rate or enrolled', { screenFailRate: null }, 'body.screenFailRate', "Can't be empty."],
  ['enrolled or screen fail rate', { screenFailRate: null }, ENROLLED, "Can't be empty."],
  ['drop-out rate or treated', { dropOutRate: null }, 'body.dropOutRate', "Can't be empty."],
  ['treated or drop-out rate', { dropOutRate: null }, TREATED, "Can't be empty."],
  [
    'not both rate and enrolled',
    { milestones: counts(200, null) },
    ENROLLED,
    'Fill in either the screen fail rate or the number of patients enrolled, not both.',
  ],
  [
    'enrolled > 0',
    { ...byCounts, milestones: counts(0, 100) },
    ENROLLED,
    'Number of patients enrolled must be greater than 0',
  ],
  [
    'enrolled <= screened',
    { ...byCounts, milestones: counts(301, 100) },
    ENROLLED,
    "Number of patients enrolled shouldn't be greater than the number of patients screened",
  ],
  [
    'treated > 0',
    { ...byCounts, milestones: counts(200, 0) },
    TREATED,
    'Number of patients completing treatment must be greater than 0',
  ],
  [
    'treated <= enrolled',
    { ...byCounts, milestones: counts(200, 201) },
    TREATED,
    "Number of patients completing treatment shouldn't be greater than the number of patients screened or enrolled",
  ],
  [
    'follow-up > 0',
    { ...byCounts, milestones: counts(200, 150, 0) },
    FOLLOW_UP,
    'Number of patients completing follow up must be greater than 0',
  ],
  [
    'follow-up <= treated',
    { ...byCounts, milestones: counts(200, 150, 151) },
    FOLLOW_UP,
    "Number of patients completing follow up shouldn't be greater than the number of patients completing treatment, screened or enrolled",
  ],
  [
    'pause days with patient #',
    { pauseEnrollmentAfterPatient: 40 },
    'body.pauseEnrollmentDays',
    "Can't be empty.",
  ],
  [
    'pause patient # with days',
    { pauseEnrollmentDays: 30 },
    'body.pauseEnrollmentAfterPatient',
    "Can't be empty.",
  ],
  [
    'pause patient # range',
    { pauseEnrollmentAfterPatient: 0, pauseEnrollmentDays: 30 },
    'body.pauseEnrollmentAfterPatient',
    'Has to be a value from 1 to 9999.',
  ],
  [
    'pause days range',
    { pauseEnrollmentAfterPatient: 40, pauseEnrollmentDays: 10_000 },
    'body.pauseEnrollmentDays',
    'Has to be a value from 1 to 9999.',
  ],
  [
    'pause integer',
    { pauseEnrollmentAfterPatient: 4.5, pauseEnrollmentDays: 3 },
    'body.pauseEnrollmentAfterPatient',
    'Has to be an integer.',
  ],
  [
    'overridden milestone needs a comment',
    { milestones: [{ milestoneName: 'DURATION_TO_FSIV', isUserOverride: 1, comments: '' }] },
    'body.milestones.DURATION_TO_FSIV.comments',
    "Can't be empty.",
  ],
];

describe('plan form rules through POST EnrollmentPlanStep1 (scenario A)', () => {
  it.each(cases)('%s', async (_name, override, path, message) => {
    const res = await step1(t, planner, studyId, ratesPlan({ studyPlanName: 'Candidate', ...override }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual({ path, message });
  });

  it('wrote nothing for any refused save', async () => {
    const list = await t.app.inject({ url: `/ctpo/plans/study/${studyId}`, headers: planner });
    expect(list.json().map((p: { studyPlanName: string }) => p.studyPlanName)).toEqual(['Existing Plan']);
  });

  it('accepts the counts instead of the rates, and the pause pair together', async () => {
    const res = await step1(
      t,
      planner,
      studyId,
      ratesPlan({
        studyPlanName: 'By counts',
        ...byCounts,
        milestones: counts(240, 200, 180),
        pauseEnrollmentAfterPatient: 50,
        pauseEnrollmentDays: 30,
      }),
    );
    expect(res.statusCode).toBe(201);
  });
});

describe('plan form rules: scenario B and sequential plans', () => {
  it.each([
    [{ overallEnrollmentDuration: null }, "Can't be empty."],
    [{ overallEnrollmentDuration: 0 }, 'Has to be at least 1.'],
    [{ overallEnrollmentDuration: 6.5 }, 'Has to be an integer.'],
  ])('overall enrollment duration %j -> %s', async (override, message) => {
    const res = await step1(t, planner, studyId, durationPlan({ studyPlanName: 'B candidate', ...override }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual({ path: 'body.overallEnrollmentDuration', message });
  });

  it('does not ask a sequential plan for the overall duration or a pause pair', async () => {
    const res = await step1(
      t,
      planner,
      studyId,
      durationPlan({
        studyPlanName: 'Sequential',
        cohortType: 2,
        overallEnrollmentDuration: null,
        pauseEnrollmentDays: 5,
      }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('checks the rules on the merged plan when only changed fields are sent', async () => {
    const { id, rowVersion } = await createPlan(
      t,
      planner,
      studyId,
      durationPlan({ studyPlanName: 'Merged' }),
    );
    const res = await step1(t, planner, studyId, {
      studyPlanId: id,
      rowVersion,
      screenFailRate: null,
      parameters: [{ parameterName: 'SUBJECTS_TO_SCREEN', lowerBound: 100 }],
      milestones: [{ milestoneName: 'NUM_SUBJECTS_ENROLLED', lowerBound: 150 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      {
        path: ENROLLED,
        message: "Number of patients enrolled shouldn't be greater than the number of patients screened",
      },
    ]);
    expect((await auditRows(t, id)).map((a) => a.action)).toEqual(['create']);
  });

  it('warns in scenario B when the countries do not add up to the overall sites', async () => {
    const { id, rowVersion } = await createPlan(
      t,
      planner,
      studyId,
      durationPlan({ studyPlanName: 'B warned' }),
    );
    await addCountryToPlan(t, id, 12);
    const res = await step1(t, planner, studyId, { studyPlanId: id, rowVersion, followUpDuration: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json().warnings).toEqual([
      'The sum of each country activated sites should be equal to overall activated sites.',
    ]);
  });

  it('leaves the existing plan untouched', async () => {
    expect((await auditRows(t, existingId)).map((a) => a.action)).toEqual(['create']);
  });
});
