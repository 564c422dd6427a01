import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_ZERO_MESSAGE,
  eitherNotBothMessage,
  MILESTONE_BEFORE_PREVIOUS_MESSAGE,
  MILESTONE_NOT_OVERRIDABLE_MESSAGE,
  SITES_INCREASING_MESSAGE,
  type StudyPlan,
} from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, auditRows, createPlan, durationPlan, ratesPlan } from './helpers/plans';
import {
  addCountry,
  addReferenceSiteGroup,
  countryInputs,
  milestoneDates,
  readPlanDetail,
  saveStep2,
  siteGroupAudits,
  step2Body,
} from './helpers/plan-countries';

const DAY = 86_400_000;
let t: TestApp;
let planner: string;
let viewer: string;
let studyId: number;
let germany: number;

beforeAll(async () => {
  t = await createTestApp();
  planner = await t.token('planner');
  viewer = await t.token('viewer');
  studyId = (await addStudies(t, 'PCN-S2'))[0]!;
  germany = await addReferenceSiteGroup(t, 'Germany', 'DEU');
});
afterAll(async () => t.close());

let planCounter = 0;
/** A plan with Germany (5 sites) added; its detail and the site group id. */
async function planWithCountry(type: 1 | 2 = 1) {
  planCounter += 1;
  const body = type === 1 ? ratesPlan : durationPlan;
  const plan = await createPlan(t, bearer(planner), studyId, body({ studyPlanName: `Step2 ${planCounter}` }));
  const added = await addCountry(t, planner, studyId, {
    studyPlanId: plan.id,
    siteGroupId: germany,
    NUM_SITES_ACTIVATED_LOWER: 5,
    NUM_SITES_ACTIVATED_UPPER: type === 2 ? 6 : null,
  });
  const sg: number = added.json()[0].studyPlanSiteGroupId;
  return { detail: await readPlanDetail(t, planner, plan.id), sg };
}

const fieldsOf = (res: { json(): { fields?: { path: string; message: string }[] } }) =>
  Object.fromEntries((res.json().fields ?? []).map((f) => [f.path, f.message]));
const dateOf = (p: StudyPlan, id: number) =>
  p.countries[0]!.siteGroups[0]!.milestones.find((m) => m.milestoneId === id)!.milestoneDateMillis!;

describe('POST EnrollmentPlanStep2: country input rules', () => {
  it('answers every country-input message at its path and writes nothing', async () => {
    const { detail, sg } = await planWithCountry();
    const res = await saveStep2(
      t,
      planner,
      studyId,
      step2Body(detail, sg, {
        countryInputs: [
          countryInputs(sg, {
            siteEnrollmentRateAtSIV: 101,
            expectedScreenFailureRate: 0.5,
            expectedTreatmentDropoutRate: 1,
            pauseEnrollmentAfterPatient: 10,
            NUM_SITES_ACTIVATED: { lowerBound: 2.5, upperBound: null },
            NUM_SUBJECTS_ENROLLED: { lowerBound: 40, upperBound: null },
            NUM_SUBJECTS_COMPLETED: { lowerBound: 0, upperBound: null },
          }),
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual({
      'body.countryInputs.0.siteEnrollmentRateAtSIV': 'Has to be a value from 0 to 100.',
      'body.countryInputs.0.NUM_SITES_ACTIVATED.lowerBound': 'Has to be an integer.',
      'body.countryInputs.0.NUM_SUBJECTS_SCREENED.lowerBound': "Can't be empty.",
      'body.countryInputs.0.NUM_SUBJECTS_SCREENED.upperBound': "Can't be empty.",
      'body.countryInputs.0.NUM_SUBJECTS_COMPLETED.lowerBound':
        'Number of patients completing follow up must be greater than 0',
      'body.countryInputs.0.expectedScreenFailureRate': eitherNotBothMessage(
        'screen fail rate',
        'number of patients enrolled',
      ),
      'body.countryInputs.0.NUM_SUBJECTS_ENROLLED.lowerBound': eitherNotBothMessage(
        'screen fail rate',
        'number of patients enrolled',
      ),
      'body.countryInputs.0.expectedTreatmentDropoutRate': 'Has to be a value from 0 to 0.99.',
      'body.countryInputs.0.pauseEnrollmentDays': "Can't be empty.",
    });
    expect(await readPlanDetail(t, planner, detail.studyPlanId)).toEqual(detail);
  });

  it('needs the upper bound of activated sites in scenario B, not below the lower', async () => {
    const { detail, sg } = await planWithCountry(2);
    const res = await saveStep2(
      t,
      planner,
      studyId,
      step2Body(detail, sg, {
        countryInputs: [countryInputs(sg, { NUM_SITES_ACTIVATED: { lowerBound: 5, upperBound: null } })],
      }),
    );
    expect(fieldsOf(res)).toEqual({
      'body.countryInputs.0.NUM_SITES_ACTIVATED.upperBound': "Can't be empty.",
    });
    const low = await saveStep2(
      t,
      planner,
      studyId,
      step2Body(detail, sg, {
        countryInputs: [countryInputs(sg, { NUM_SITES_ACTIVATED: { lowerBound: 5, upperBound: 4 } })],
      }),
    );
    expect(fieldsOf(low)).toEqual({
      'body.countryInputs.0.NUM_SITES_ACTIVATED.upperBound':
        "Upper bound can't be less than the lower bound.",
    });
    // The engine's limits: at most 10,000 sites per country, at most 1,000,000 patients (400, nothing written).
    const huge = await saveStep2(
      t,
      planner,
      studyId,
      step2Body(detail, sg, {
        countryInputs: [
          countryInputs(sg, {
            NUM_SITES_ACTIVATED: { lowerBound: 5, upperBound: 1e9 },
            NUM_SUBJECTS_SCREENED: { lowerBound: 2_000_000, upperBound: null },
          }),
        ],
      }),
    );
    expect(huge.statusCode).toBe(400);
    expect(fieldsOf(huge)).toEqual({
      'body.countryInputs.0.NUM_SITES_ACTIVATED.upperBound': 'Has to be a value from 1 to 10000.',
      'body.countryInputs.0.NUM_SUBJECTS_SCREENED.lowerBound': 'Has to be a value from 1 to 1000000.',
    });
  });

  it('bounds enrolled by screened and treated by enrolled', async () => {
    const { detail, sg } = await planWithCountry();
    const res = await saveStep2(
      t,
      planner,
      studyId,
      step2Body(detail, sg, {
        countryInputs: [
          countryInputs(sg, {
            NUM_SUBJECTS_SCREENED: { lowerBound: 50, upperBound: 60 },
            NUM_SUBJECTS_ENROLLED: { lowerBound: 55, upperBound: 50 },
            NUM_SUBJECTS_TREATED: { lowerBound: 40, upperBound: 52 },
          }),
        ],
      }),
    );
    expect(fieldsOf(res)).toEqual({
      'body.countryInputs.0.NUM_SUBJECTS_ENROLLED.lowerBound':
        "Number of patients enrolled shouldn't be greater than the number of patients screened",
      // The upper bound (50) is checked against screened only: the invalid lower bound is not compared with it.
      'body.countryInputs.0.NUM_SUBJECTS_TREATED.upperBound':
        "Number of patients completing treatment shouldn't be greater than the number of patients screened or enrolled",
    });
  });
});

describe('POST EnrollmentPlanStep2: milestones, profiles, seasonality, fatigue', () => {
  it('checks overrides: comment, order and the four last-stage milestones', async () => {
    const { detail, sg } = await planWithCountry();
    const approval = dateOf(detail, 136);
    const res = await saveStep2(
      t,
      planner,
      studyId,
      step2Body(detail, sg, {
        milestones: [
          {
            studyPlanSiteGroupId: sg,
            milestoneId: 139,
            isUserOverride: 1,
            milestoneDateMillis: approval - DAY,
            comments: ' ',
          },
          {
            studyPlanSiteGroupId: sg,
            milestoneId: 148,
            isUserOverride: 1,
            milestoneDateMillis: approval,
            comments: 'x',
          },
          {
            studyPlanSiteGroupId: sg,
            milestoneId: 135,
            isUserOverride: 1,
            milestoneDateMillis: null,
            comments: 'x',
          },
        ],
      }),
    );
    expect(fieldsOf(res)).toEqual({
      'body.milestones.0.comments': "Can't be empty.",
      'body.milestones.0.milestoneDateMillis': MILESTONE_BEFORE_PREVIOUS_MESSAGE,
      'body.milestones.1.isUserOverride': MILESTONE_NOT_OVERRIDABLE_MESSAGE,
      'body.milestones.2.milestoneDateMillis': "Can't be empty.",
    });
  });

  it('checks activation profiles (override on), seasonal variation and site fatigue', async () => {
    const { detail, sg } = await planWithCountry();
    const point = (sites: number | null, days: number | null) => ({
      siteActivationLabel: 'Projected',
      siteActivationProfilePct: sites,
      siteActivationProfileDays: days,
    });
    const res = await saveStep2(
      t,
      planner,
      studyId,
      step2Body(detail, sg, {
        activationProfiles: [
          { studyPlanSiteGroupId: sg, overrideFl: true, points: [point(2, 0), point(1, 10), point(3, 10.5)] },
        ],
        enrollmentSeasonalVariations: [
          { studyPlanSiteGroupId: sg, values: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
        ],
        siteFatigue: [
          { studyPlanSiteGroupId: sg, eventualSiteEnrollmentDays: 30, eventualSiteEnrollmentRate: null },
        ],
      }),
    );
    expect(fieldsOf(res)).toEqual({
      'body.activationProfiles.0.points.1.siteActivationProfilePct': SITES_INCREASING_MESSAGE,
      'body.activationProfiles.0.points.2.siteActivationProfileDays': 'Has to be an integer.',
      'body.enrollmentSeasonalVariations.0.values': ALL_ZERO_MESSAGE,
      'body.siteFatigue.0.eventualSiteEnrollmentRate': "Can't be empty.",
    });
    const seasonal = await saveStep2(
      t,
      planner,
      studyId,
      step2Body(detail, sg, {
        enrollmentSeasonalVariations: [
          { studyPlanSiteGroupId: sg, values: [1, 1.2, 0.555, null, -0.5, 1, 1, 1, 1, 1, 1, 1] },
        ],
        siteFatigue: [
          { studyPlanSiteGroupId: sg, eventualSiteEnrollmentDays: -1, eventualSiteEnrollmentRate: 1.5 },
        ],
      }),
    );
    expect(fieldsOf(seasonal)).toEqual({
      'body.enrollmentSeasonalVariations.0.values.1': 'Has to be a value from 0 to 1.',
      'body.enrollmentSeasonalVariations.0.values.2': 'Has to have at most 2 decimals.',
      'body.enrollmentSeasonalVariations.0.values.3': "Can't be empty.",
      'body.enrollmentSeasonalVariations.0.values.4': 'Has to be a value from 0 to 1.',
      'body.siteFatigue.0.eventualSiteEnrollmentDays': 'Has to be at least 0.',
      'body.siteFatigue.0.eventualSiteEnrollmentRate': 'Has to be a value from 0 to 1.',
    });
    const foreign = await saveStep2(
      t,
      planner,
      studyId,
      step2Body(detail, sg, {
        siteFatigue: [
          {
            studyPlanSiteGroupId: 999_999,
            eventualSiteEnrollmentDays: null,
            eventualSiteEnrollmentRate: null,
          },
        ],
      }),
    );
    expect(fieldsOf(foreign)).toEqual({
      'body.siteFatigue.0.studyPlanSiteGroupId': 'This country is not in the plan.',
    });
  });
});

describe('POST EnrollmentPlanStep2: writing', () => {
  it('writes all five tables, recomputes dates, sets actualStep 2, raises rowVersion and audits', async () => {
    const { detail, sg } = await planWithCountry();
    const fsiv = dateOf(detail, 139);
    const fps = dateOf(detail, 142);
    const res = await saveStep2(
      t,
      planner,
      studyId,
      step2Body(detail, sg, {
        countryInputs: [
          countryInputs(sg, {
            siteEnrollmentRateAtSIV: 1.2,
            NUM_SITES_ACTIVATED: { lowerBound: 5, upperBound: null },
          }),
        ],
        milestones: [
          {
            studyPlanSiteGroupId: sg,
            milestoneId: 139,
            isUserOverride: 1,
            milestoneDateMillis: fsiv + 10 * DAY,
            comments: 'Late SIV',
          },
        ],
        activationProfiles: [
          {
            studyPlanSiteGroupId: sg,
            overrideFl: true,
            points: [
              { siteActivationLabel: 'Projected', siteActivationProfilePct: 2, siteActivationProfileDays: 0 },
              { siteActivationLabel: null, siteActivationProfilePct: 5, siteActivationProfileDays: 60 },
            ],
          },
        ],
        enrollmentSeasonalVariations: [
          { studyPlanSiteGroupId: sg, values: [1, 1, 1, 1, 1, 1, 1, 0.5, 1, 1, 1, 1] },
        ],
        siteFatigue: [
          { studyPlanSiteGroupId: sg, eventualSiteEnrollmentDays: 0, eventualSiteEnrollmentRate: 0.75 },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({ returnCode: 200, rowVersion: detail.rowVersion + 1 });
    const after = await readPlanDetail(t, planner, detail.studyPlanId);
    expect(after).toMatchObject({ actualStep: 2, rowVersion: detail.rowVersion + 1 });
    const g = after.countries[0]!.siteGroups[0]!;
    expect(g).toMatchObject({
      siteEnrollmentRateAtSIV: 1.2,
      eventualSiteEnrollmentDays: 0,
      eventualSiteEnrollmentRate: 0.75,
      activationProfileOverride: true,
    });
    expect(
      g.activationProfiles.map((p) => [p.siteActivationProfilePct, p.siteActivationProfileDays]),
    ).toEqual([
      [2, 0],
      [5, 60],
    ]);
    expect(g.enrollmentVariations[7]!.enrollmentSeasonalVariation).toBe(0.5);
    expect(g.milestones.find((m) => m.milestoneId === 139)).toMatchObject({
      isUserOverride: 1,
      comments: 'Late SIV',
      milestoneDateMillis: fsiv + 10 * DAY,
    });
    // The FPS that follows the overridden FSIV moved with it.
    expect(dateOf(after, 142)).toBe(fps + 10 * DAY);
    const audits = await siteGroupAudits(t, sg);
    expect(audits.at(-1)).toMatchObject({ action: 'update', entity_version: detail.rowVersion + 1 });
    expect(Object.keys(audits.at(-1)!.new_values as object).sort()).toEqual(
      ['activation', 'fatigue', 'inputs', 'milestones', 'seasonal', 'studyPlanId'].sort(),
    );
    expect((await auditRows(t, detail.studyPlanId)).at(-1)).toMatchObject({
      old_values: { actualStep: 1 },
      new_values: { actualStep: 2 },
    });

    // Unticking the override clears the comment and gives the computed date back.
    const untick = await saveStep2(
      t,
      planner,
      studyId,
      step2Body(after, sg, {
        milestones: [
          {
            studyPlanSiteGroupId: sg,
            milestoneId: 139,
            isUserOverride: 0,
            milestoneDateMillis: null,
            comments: 'Late SIV',
          },
        ],
      }),
    );
    expect(untick.statusCode).toBe(200);
    const reset = await readPlanDetail(t, planner, detail.studyPlanId);
    expect(reset.countries[0]!.siteGroups[0]!.milestones.find((m) => m.milestoneId === 139)).toMatchObject({
      isUserOverride: 0,
      comments: null,
      milestoneDateMillis: fsiv,
    });
  });

  it('resets the activation profile when the activated-sites count changes', async () => {
    const { detail, sg } = await planWithCountry();
    const res = await saveStep2(
      t,
      planner,
      studyId,
      step2Body(detail, sg, {
        countryInputs: [countryInputs(sg, { NUM_SITES_ACTIVATED: { lowerBound: 15, upperBound: null } })],
        activationProfiles: [
          {
            studyPlanSiteGroupId: sg,
            overrideFl: true,
            points: [
              { siteActivationLabel: null, siteActivationProfilePct: 15, siteActivationProfileDays: 10 },
            ],
          },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    const g = (await readPlanDetail(t, planner, detail.studyPlanId)).countries[0]!.siteGroups[0]!;
    expect(g.activationProfileOverride).toBe(false);
    expect(g.activationProfiles.map((p) => p.siteActivationProfilePct)).toEqual([1, 3, 6, 9, 12, 15]);
  });

  it('refuses a stale rowVersion (409), viewers (403) and non-Draft plans (409)', async () => {
    const { detail, sg } = await planWithCountry();
    const body = step2Body(detail, sg, {
      siteFatigue: [
        { studyPlanSiteGroupId: sg, eventualSiteEnrollmentDays: 10, eventualSiteEnrollmentRate: 0.5 },
      ],
    });
    expect((await saveStep2(t, viewer, studyId, body)).statusCode).toBe(403);
    const stale = await saveStep2(t, planner, studyId, { ...body, rowVersion: detail.rowVersion - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().currentVersion).toBe(detail.rowVersion);
    await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/EnrollmentPlanSaveAs`,
      headers: bearer(planner),
      payload: {
        studyPlanId: detail.studyPlanId,
        scenarioStatus: 'Baseline Plan',
        rowVersion: detail.rowVersion,
      },
    });
    const current = await readPlanDetail(t, planner, detail.studyPlanId);
    expect(
      (await saveStep2(t, planner, studyId, { ...body, rowVersion: current.rowVersion })).statusCode,
    ).toBe(409);
    expect((await readPlanDetail(t, planner, detail.studyPlanId)).countries).toEqual(current.countries);
  });
});

describe('POST /ctpo/milestonedates', () => {
  it('answers chain dates that move with an override, without writing', async () => {
    const { detail, sg } = await planWithCountry();
    const base = await milestoneDates(t, viewer, { studyPlanId: detail.studyPlanId });
    expect(base.statusCode).toBe(200);
    const dates = (r: typeof base) =>
      Object.fromEntries(
        r
          .json()
          .countries[0].milestones.map((m: { milestoneId: number; milestoneDateMillis: number }) => [
            m.milestoneId,
            m.milestoneDateMillis,
          ]),
      ) as Record<number, number>;
    const before = dates(base);
    expect(before[139]).toBe(dateOf(detail, 139));
    expect(base.json().notice).toBeNull();
    expect(before[148]).toBeGreaterThan(before[145]!);
    expect(before[152]! - before[149]!).toBe(30 * DAY);

    const approval = before[136]!;
    const moved = await milestoneDates(t, planner, {
      studyPlanId: detail.studyPlanId,
      milestones: [
        {
          studyPlanSiteGroupId: sg,
          milestoneId: 136,
          isUserOverride: 1,
          milestoneDateMillis: approval + 20 * DAY,
          comments: 'x',
        },
      ],
    });
    const after = dates(moved);
    expect(after[136]).toBe(approval + 20 * DAY);
    expect(after[139]).toBe(before[139]! + 20 * DAY);
    expect(after[142]).toBe(before[142]! + 20 * DAY);
    expect(after[148]).toBeGreaterThan(before[148]!);
    expect(moved.json().countries[0].activationProfileDatesMillis[0]).toBe(after[139]);

    // An FPE override moves FPS to FPE - screening period (28 days).
    const fpe = await milestoneDates(t, planner, {
      studyPlanId: detail.studyPlanId,
      milestones: [
        {
          studyPlanSiteGroupId: sg,
          milestoneId: 145,
          isUserOverride: 1,
          milestoneDateMillis: before[145]! + 40 * DAY,
          comments: 'x',
        },
      ],
    });
    expect(dates(fpe)[142]).toBe(before[145]! + 12 * DAY);
    expect(await readPlanDetail(t, planner, detail.studyPlanId)).toEqual(detail);
  });

  it('gives a plain-words notice when the plan cannot be simulated', async () => {
    const { detail, sg } = await planWithCountry();
    const res = await milestoneDates(t, planner, {
      studyPlanId: detail.studyPlanId,
      enrollmentSeasonalVariations: [
        { studyPlanSiteGroupId: sg, values: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().notice).toBe(
      'The plan cannot be simulated yet - Germany, seasonal variation: Cannot all be zero.',
    );
    const c = res.json().countries[0];
    expect(c.milestones.find((m: { milestoneId: number }) => m.milestoneId === 139).milestoneDateMillis).toBe(
      dateOf(detail, 139),
    );
    expect(
      c.milestones.find((m: { milestoneId: number }) => m.milestoneId === 148).milestoneDateMillis,
    ).toBeNull();
  });
});
