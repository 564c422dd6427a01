import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_OUT_DEFAULTS } from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan, step1 } from './helpers/plans';

/**
 * The close-out durations (TFED to DB Lock, DB Lock to CSR, CSR to TMF Close): a new plan starts from the
 * documented defaults instead of an unseen 0, step 1 saves them, and the shared plan form rules judge them.
 */
let t: TestApp;
let planner: Record<string, string>;
let studyId: number;
let count = 0;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  [studyId] = (await addStudies(t, 'CLOSE-0001')) as [number];
});
afterAll(async () => t.close());

const newPlan = (overrides: Parameters<typeof ratesPlan>[0] = {}) =>
  ratesPlan({ studyPlanName: `Close-out plan ${++count}`, ...overrides });
const read = async (planId: number) =>
  (await t.app.inject({ method: 'GET', url: `/ctpo/plan/${planId}`, headers: planner })).json();
const closeOut = (plan: Record<string, unknown>) => ({
  tfedToDbLockDuration: plan.tfedToDbLockDuration,
  dbLocktoCSRDuration: plan.dbLocktoCSRDuration,
  csrToTMFCloseAndReturnDuration: plan.csrToTMFCloseAndReturnDuration,
});

describe('close-out durations', () => {
  it('a new plan that does not send them gets 45 / 90 / 60 days, never 0', async () => {
    expect(CLOSE_OUT_DEFAULTS).toEqual({
      tfedToDbLockDuration: 45,
      dbLocktoCSRDuration: 90,
      csrToTMFCloseAndReturnDuration: 60,
    });
    const { id } = await createPlan(t, planner, studyId, newPlan());
    expect(closeOut(await read(id))).toEqual(CLOSE_OUT_DEFAULTS);
  });

  it('keeps what a new plan sends, 0 included, and saves a change through step 1', async () => {
    const sent = { tfedToDbLockDuration: 30, dbLocktoCSRDuration: 0, csrToTMFCloseAndReturnDuration: 120 };
    const { id, rowVersion } = await createPlan(t, planner, studyId, newPlan(sent));
    expect(closeOut(await read(id))).toEqual(sent);

    const res = await step1(t, planner, studyId, {
      studyPlanId: id,
      rowVersion,
      dbLocktoCSRDuration: 75,
    });
    expect(res.statusCode).toBe(200);
    expect(closeOut(res.json())).toEqual({ ...sent, dbLocktoCSRDuration: 75 });
  });

  it.each([
    ['cleared', null, "Can't be empty."],
    ['not whole', 12.5, 'Has to be an integer.'],
    ['negative', -1, 'Has to be at least 0.'],
    ['past the maximum', 100_000, 'Has to be a value from 0 to 99999.'],
  ])('refuses a duration %s with the rule message, writing nothing', async (_name, value, message) => {
    const { id, rowVersion } = await createPlan(t, planner, studyId, newPlan());
    const res = await step1(t, planner, studyId, {
      studyPlanId: id,
      rowVersion,
      tfedToDbLockDuration: value,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual({ path: 'body.tfedToDbLockDuration', message });
    expect((await read(id)).tfedToDbLockDuration).toBe(45);
  });

  it('refuses a new plan that sends one empty', async () => {
    const res = await step1(t, planner, studyId, newPlan({ csrToTMFCloseAndReturnDuration: null }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual({
      path: 'body.csrToTMFCloseAndReturnDuration',
      message: "Can't be empty.",
    });
  });
});
