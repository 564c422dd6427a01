import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_ALREADY_ADDED_MESSAGE, COUNTRY_MILESTONES, type StudyPlan } from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, createPlan, durationPlan, ratesPlan } from './helpers/plans';
import {
  addCountry,
  currentRowVersion,
  addReferenceSiteGroup,
  readPlanDetail,
  REFERENCE_SEASONAL,
  siteGroupAudits,
} from './helpers/plan-countries';

let t: TestApp;
let planner: string;
let viewer: string;
let studyId: number;
let otherStudyId: number;
let germany: number;
let france: number;
let bare: number;

beforeAll(async () => {
  t = await createTestApp();
  planner = await t.token('planner');
  viewer = await t.token('viewer');
  const ids = await addStudies(t, 'PCN-C1', 'PCN-C2');
  studyId = ids[0]!;
  otherStudyId = ids[1]!;
  germany = await addReferenceSiteGroup(t, 'Germany', 'DEU');
  france = await addReferenceSiteGroup(t, 'France', 'FRA');
  bare = await addReferenceSiteGroup(t, 'Austria', 'AUT', { profile: false });
});
afterAll(async () => t.close());

const groupOf = (plan: StudyPlan, siteGroupId: number) =>
  plan.countries.flatMap((c) => c.siteGroups).find((g) => g.siteGroupId === siteGroupId)!;
const sitesOf = (g: StudyPlan['countries'][number]['siteGroups'][number]) =>
  g.activationProfiles.map((p) => [p.siteActivationProfilePct, p.siteActivationProfileDays]);

describe('POST EnrollmentPlanCountryAdd', () => {
  it('adds a country with its reference copy, goals, dated milestones, default profile and seasonality', async () => {
    const plan = await createPlan(t, bearer(planner), studyId, ratesPlan({ studyPlanName: 'Add 1' }));
    const res = await addCountry(t, planner, studyId, {
      studyPlanId: plan.id,
      siteGroupId: germany,
      NUM_SITES_ACTIVATED_LOWER: 5,
    });
    expect(res.statusCode).toBe(201);
    const [row] = res.json();
    expect(row).toMatchObject({ returnCode: '200', tabIndex: 0, rowVersion: plan.rowVersion + 1 });

    const detail = await readPlanDetail(t, planner, plan.id);
    const g = groupOf(detail, germany);
    expect(row.studyPlanSiteGroupId).toBe(g.studyPlanSiteGroupId);
    expect(g).toMatchObject({
      referenceVersion: 3,
      timeSiteIdSize: 'Medium',
      timeCountryStartUpSize: 'Short',
      timeCountryStartUpShortDays: 90,
      activationProfileOverride: false,
    });
    // 15-site reference scaled to 5 sites: 1/3 and 3/3 -> 0.33 -> 1 and 1, so the duplicate count is dropped.
    expect(sitesOf(g)).toEqual([
      [1, 0],
      [2, 45],
      [3, 75],
      [4, 110],
      [5, 150],
    ]);
    expect(g.enrollmentVariations.map((v) => v.enrollmentSeasonalVariation)).toEqual(REFERENCE_SEASONAL);
    expect(g.milestones.find((m) => m.milestoneName === 'NUM_SITES_ACTIVATED')).toMatchObject({
      lowerBound: 5,
      upperBound: null,
    });
    expect(g.parameters.find((p) => p.parameterName === 'NUM_SITES_ACTIVATED')?.lowerBound).toBe(5);
    const dated = COUNTRY_MILESTONES.map((m) => g.milestones.find((x) => x.milestoneId === m.milestoneId));
    expect(dated.every((m) => m !== undefined)).toBe(true);
    // The start-up chain: Site ID (Medium, 45 d) < protocol (60 d) -> submission 60 + 30, approval + 90, SIV + 30.
    const start = detail.croProjectStartDateMillis!;
    const day = (id: number) =>
      ((g.milestones.find((m) => m.milestoneId === id)!.milestoneDateMillis ?? NaN) - start) / 86_400_000;
    expect([158, 135, 136, 139, 142, 145].map(day)).toEqual([45, 90, 180, 210, 224, 252]);
    expect(day(148)).toBeGreaterThan(day(145));
    expect(g.activationProfiles[1]!.siteActivationProfileDateMillis).toBe(start + (210 + 45) * 86_400_000);
    expect(await siteGroupAudits(t, g.studyPlanSiteGroupId)).toEqual([
      expect.objectContaining({ action: 'create', entity_version: plan.rowVersion + 1 }),
    ]);
  });

  it("refuses a country already in the plan with 'Country already added.'", async () => {
    const plan = await createPlan(t, bearer(planner), studyId, ratesPlan({ studyPlanName: 'Add 2' }));
    const body = { studyPlanId: plan.id, siteGroupId: germany, NUM_SITES_ACTIVATED_LOWER: 3 };
    expect((await addCountry(t, planner, studyId, body)).statusCode).toBe(201);
    const again = await addCountry(t, planner, studyId, body);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(COUNTRY_ALREADY_ADDED_MESSAGE);
    const second = await addCountry(t, planner, studyId, { ...body, siteGroupId: france });
    expect(second.json()[0].tabIndex).toBe(1);
  });

  it('needs both bounds in scenario B, the lower one in A, effort and time frame', async () => {
    const b = await createPlan(t, bearer(planner), studyId, durationPlan({ studyPlanName: 'Add B' }));
    const res = await addCountry(t, planner, studyId, {
      studyPlanId: b.id,
      siteGroupId: germany,
      NUM_SITES_ACTIVATED_LOWER: 4,
      countryStartUpTimeFrame: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { path: 'body.NUM_SITES_ACTIVATED_UPPER', message: "Can't be empty." },
      { path: 'body.countryStartUpTimeFrame', message: "Can't be empty." },
    ]);
    const low = await addCountry(t, planner, studyId, {
      studyPlanId: b.id,
      siteGroupId: germany,
      NUM_SITES_ACTIVATED_LOWER: 6,
      NUM_SITES_ACTIVATED_UPPER: 4,
    });
    expect(low.json().fields).toEqual([
      { path: 'body.NUM_SITES_ACTIVATED_UPPER', message: "Upper bound can't be less than the lower bound." },
    ]);
    const ok = await addCountry(t, planner, studyId, {
      studyPlanId: b.id,
      siteGroupId: bare,
      NUM_SITES_ACTIVATED_LOWER: 2,
      NUM_SITES_ACTIVATED_UPPER: 4,
    });
    expect(ok.statusCode).toBe(201);
    // Scenario B activates the upper bound; no reference profile: one site every 30 days.
    expect(sitesOf(groupOf(await readPlanDetail(t, planner, b.id), bare))).toEqual([
      [1, 0],
      [4, 90],
    ]);
  });

  it('refuses viewers (403), another study (404), non-Draft plans (409) and unknown site groups (404)', async () => {
    const plan = await createPlan(t, bearer(planner), studyId, ratesPlan({ studyPlanName: 'Add 3' }));
    const body = { studyPlanId: plan.id, siteGroupId: germany, NUM_SITES_ACTIVATED_LOWER: 3 };
    expect((await addCountry(t, viewer, studyId, body)).statusCode).toBe(403);
    expect((await addCountry(t, planner, otherStudyId, body)).statusCode).toBe(404);
    expect((await addCountry(t, planner, studyId, { ...body, siteGroupId: 999_999 })).statusCode).toBe(404);
    const saveAs = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/EnrollmentPlanSaveAs`,
      headers: bearer(planner),
      payload: { studyPlanId: plan.id, scenarioStatus: 'Proposal', rowVersion: plan.rowVersion },
    });
    expect(saveAs.statusCode).toBe(200);
    expect((await addCountry(t, planner, studyId, body)).statusCode).toBe(409);
    expect((await readPlanDetail(t, planner, plan.id)).countries).toEqual([]);
  });

  it('answers 409 with the current version when rowVersion is stale', async () => {
    const plan = await createPlan(t, bearer(planner), studyId, ratesPlan({ studyPlanName: 'Add 4' }));
    const res = await addCountry(t, planner, studyId, {
      studyPlanId: plan.id,
      siteGroupId: germany,
      NUM_SITES_ACTIVATED_LOWER: 3,
      rowVersion: plan.rowVersion + 5,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().currentVersion).toBe(plan.rowVersion);
  });
});

describe('POST EnrollmentPlanCountryDelete', () => {
  it('removes the site group with its children and audits what was removed', async () => {
    const plan = await createPlan(t, bearer(planner), studyId, ratesPlan({ studyPlanName: 'Del 1' }));
    await addCountry(t, planner, studyId, {
      studyPlanId: plan.id,
      siteGroupId: germany,
      NUM_SITES_ACTIVATED_LOWER: 3,
    });
    await addCountry(t, planner, studyId, {
      studyPlanId: plan.id,
      siteGroupId: france,
      NUM_SITES_ACTIVATED_LOWER: 3,
    });
    const id = groupOf(await readPlanDetail(t, planner, plan.id), germany).studyPlanSiteGroupId;
    const del = async (token: string, siteGroupId: number, study = studyId, version?: number | null) =>
      t.app.inject({
        method: 'POST',
        url: `/ctpo/study/${study}/EnrollmentPlanCountryDelete`,
        headers: bearer(token),
        payload: {
          studyPlanId: plan.id,
          siteGroupId,
          // null: sent without one
          ...(version === null
            ? {}
            : { rowVersion: version ?? (await currentRowVersion(t, planner, plan.id)) }),
        },
      });
    expect((await del(viewer, germany)).statusCode).toBe(403);
    const unversioned = await del(planner, germany, studyId, null);
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json().fields).toEqual([{ path: 'body.rowVersion', message: "Can't be empty." }]);
    const current = await currentRowVersion(t, planner, plan.id);
    const stale = await del(planner, germany, studyId, current - 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().currentVersion).toBe(current);
    expect((await del(planner, germany, otherStudyId)).statusCode).toBe(404);
    const res = await del(planner, germany);
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].returnCode).toBe('200');
    const after = await readPlanDetail(t, planner, plan.id);
    expect(after.countries.map((c) => c.countryCodeISO3)).toEqual(['FRA']);
    expect((await del(planner, germany)).statusCode).toBe(404);
    const audits = await siteGroupAudits(t, id);
    expect(audits.at(-1)).toMatchObject({ action: 'delete' });
    expect((audits.at(-1)!.old_values as { siteGroupName: string }).siteGroupName).toBe('Germany');
    const counts = await t.database.db.execute(
      `select count(*)::int as n from study_plan_milestones where study_plan_site_group_id = ${id}`,
    );
    expect((counts as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('PATCH /ctpo/country', () => {
  it('changes effort and time frame, resets the profile when the site count changes, and recomputes dates', async () => {
    const plan = await createPlan(t, bearer(planner), studyId, ratesPlan({ studyPlanName: 'Patch 1' }));
    const added = await addCountry(t, planner, studyId, {
      studyPlanId: plan.id,
      siteGroupId: germany,
      NUM_SITES_ACTIVATED_LOWER: 5,
    });
    const { countryId, studyPlanSiteGroupId } = added.json()[0];
    // The user overrides the profile first.
    const before = await readPlanDetail(t, planner, plan.id);
    const save = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/EnrollmentPlanStep2`,
      headers: bearer(planner),
      payload: {
        studyId,
        studyPlanId: plan.id,
        studyPlanType: 1,
        rowVersion: before.rowVersion,
        activationProfiles: [
          {
            studyPlanSiteGroupId,
            overrideFl: true,
            points: [
              { siteActivationLabel: 'Projected', siteActivationProfilePct: 2, siteActivationProfileDays: 0 },
              {
                siteActivationLabel: 'Projected',
                siteActivationProfilePct: 5,
                siteActivationProfileDays: 20,
              },
            ],
          },
        ],
      },
    });
    expect(save.statusCode).toBe(200);
    // Each edit is based on the plan's current version.
    const patch = async (token: string, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: '/ctpo/country',
        headers: bearer(token),
        payload: { rowVersion: await currentRowVersion(t, planner, plan.id), ...body },
      });
    const sent = {
      studyPlanId: plan.id,
      countryId,
      siteGroups: [
        {
          siteGroupId: germany,
          NUM_SITES_ACTIVATED_LOWER: 5,
          NUM_SITES_ACTIVATED_UPPER: null,
          timeSiteIdSize: 'Medium',
          timeCountryStartUpSize: 'Long',
        },
      ],
    };
    expect((await patch(viewer, sent)).statusCode).toBe(403);
    // Time frame only: the override stays, FPS moves by Long - Short = 90 days.
    const fpsOf = (p: StudyPlan) =>
      groupOf(p, germany).milestones.find((m) => m.milestoneId === 142)!.milestoneDateMillis!;
    const r1 = await patch(planner, sent);
    expect(r1.statusCode).toBe(200);
    const p1 = await readPlanDetail(t, planner, plan.id);
    expect(groupOf(p1, germany).activationProfileOverride).toBe(true);
    expect(fpsOf(p1) - fpsOf(before)).toBe(90 * 86_400_000);
    // A new site count resets the profile to the default for 15 sites (the reference itself), override off.
    const r2 = await patch(planner, {
      ...sent,
      siteGroups: [{ ...sent.siteGroups[0], NUM_SITES_ACTIVATED_LOWER: 15 }],
    });
    expect(r2.statusCode).toBe(200);
    expect(r2.json()[0].rowVersion).toBe(p1.rowVersion + 1);
    const p2 = await readPlanDetail(t, planner, plan.id);
    const g2 = groupOf(p2, germany);
    expect(g2.activationProfileOverride).toBe(false);
    expect(sitesOf(g2).map(([s]) => s)).toEqual([1, 3, 6, 9, 12, 15]);
    expect(g2.parameters.find((p) => p.parameterName === 'NUM_SITES_ACTIVATED')?.lowerBound).toBe(15);
    const audits = await siteGroupAudits(t, studyPlanSiteGroupId);
    expect(audits.at(-1)).toMatchObject({
      action: 'update',
      old_values: expect.objectContaining({ NUM_SITES_ACTIVATED: { lowerBound: 5, upperBound: null } }),
      new_values: expect.objectContaining({ NUM_SITES_ACTIVATED: { lowerBound: 15, upperBound: null } }),
    });
    // A site group that is not in the plan, and an empty lower bound.
    const missing = await patch(planner, {
      ...sent,
      siteGroups: [{ ...sent.siteGroups[0], siteGroupId: france }],
    });
    expect(missing.statusCode).toBe(404);
    const empty = await patch(planner, {
      ...sent,
      siteGroups: [{ ...sent.siteGroups[0], NUM_SITES_ACTIVATED_LOWER: null }],
    });
    expect(empty.json().fields).toEqual([
      { path: 'body.siteGroups.0.NUM_SITES_ACTIVATED_LOWER', message: "Can't be empty." },
    ]);
  });
});
