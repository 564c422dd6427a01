import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOE_FORECAST_MESSAGES as M, SoeSupply, type SoeAssessment } from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan } from './helpers/plans';
import { addPlanCountry } from './helpers/run-fixtures';
import { storeFinishedRun, tinyPlanInput } from './helpers/soe-forecast-fixtures';
import { assessment, createSoe, getJson, save, soeForm, soeVersion, visit } from './helpers/soe';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let soeId: number;

const get = (url: string, headers = viewer) => t.app.inject({ method: 'GET', url, headers });
const supply = async (query = '') =>
  SoeSupply.parse(await getJson(t, viewer, `/ctpo/soe/${soeId}/forecast/supply${query}`));

const cell = (visitKey: string, assessmentKey: string, multiplier: number | null) => ({
  visitKey: `new-${visitKey}`,
  assessmentKey: `new-${assessmentKey}`,
  mappingAssessmentVisit: 1 as const,
  multiplier,
  uniqueNonUniqueForm: null,
});

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'SOEIP-0001')) as [number];
  const planId = (await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: 'Short plan' }))).id;
  const germany = (await addPlanCountry(t, planId, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 2 }))
    .siteGroupId;
  // Germany: 2 sites, 10 patients enrolled in every replication (at their own pace), treatment 30 days.
  await storeFinishedRun(t, planId, tinyPlanInput(germany));
  soeId = await createSoe(t, planner, studyId, soeForm({ studyPlanId: planId }));
  // C1D1 (Day 1) dispenses 1 kit, C1D15 (Day 15) 2 kits: 30 kits for the 10 patients; screening dispenses none.
  const res = await save(t, planner, soeId, {
    version: 1,
    visits: [
      visit('Screening', { visitCategory: 'Screening', visitStudyDay: 1 }),
      visit('C1D1', { visitStudyDay: 1 }),
      visit('C1D15', { visitStudyDay: 15 }),
    ],
    assessments: [assessment('ECG'), assessment('Study drug', { ipAdministered: 1 })],
    mapping: [
      cell('Screening', 'ECG', 1),
      cell('C1D1', 'ECG', 1),
      cell('C1D1', 'Study drug', null),
      cell('C1D15', 'Study drug', 2),
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t.close());

describe('GET /ctpo/soe/{id}/forecast/supply', () => {
  it('answers a read-only user with the defaults: P90, 8 weeks, 2 kits per site', async () => {
    const s = await supply();
    expect([s.confidence, s.leadWeeks, s.siteStock]).toEqual([0.9, 8, 2]);
    expect(s.replications).toBe(200);
    expect(s.kitsPerVisit.map((v) => [v.visitName, v.kits])).toEqual([
      ['C1D1', 1],
      ['C1D15', 2],
    ]);
    expect(s.countries.map((c) => [c.countryIso3, c.name, c.sites])).toEqual([
      [null, 'All countries', 2],
      ['DEU', 'Germany', 2],
    ]);
  });

  it('gives ordered, non-decreasing quantiles that end at the 30 kits of every replication', async () => {
    const s = await supply('?leadWeeks=0');
    for (const c of s.countries) {
      c.months.forEach((m, i) => {
        for (const q of [m.dispensed, m.cumulative]) {
          expect(q.p10, m.monthYear).toBeLessThanOrEqual(q.p50);
          expect(q.p50, m.monthYear).toBeLessThanOrEqual(q.p90);
        }
        if (i > 0) expect(m.cumulative.p10).toBeGreaterThanOrEqual(c.months[i - 1]!.cumulative.p10);
        expect(m.supplied).toBeGreaterThanOrEqual(m.required);
      });
      // No drop-out and all 10 patients in every replication: 10 x (1 + 2) kits, the plan line's too.
      expect(c.totals.kits).toEqual({ p10: 30, p50: 30, p90: 30 });
      expect(c.totals.planKits).toBeCloseTo(30, 6);
      // 2 sites x 2 kits at activation; shipments make up the rest, to the last kit.
      expect(c.totals.initialStock).toBe(4);
      expect(c.totals.shipped).toBe(26);
      // The overage is against the mean: a few replications (fewer than 20 of 200) enroll fewer patients.
      expect(c.totals.meanKits).toBeLessThanOrEqual(30);
      expect(c.totals.overage).toBeCloseTo(30 - c.totals.meanKits, 6);
    }
    // The replications enroll at their own pace: the band spreads somewhere.
    expect(s.countries[0]!.months.some((m) => m.cumulative.p90 > m.cumulative.p10)).toBe(true);
  });

  it('ships earlier at P90 than at P50 (the shipment plan follows the confidence)', async () => {
    const [p50, p90] = [
      await supply('?confidence=0.5&leadWeeks=0'),
      await supply('?confidence=0.9&leadWeeks=0'),
    ];
    const supplied = (s: SoeSupply) => s.countries[1]!.months.map((m) => m.supplied);
    expect(supplied(p90)).not.toEqual(supplied(p50));
    supplied(p90).forEach((x, i) => expect(x).toBeGreaterThanOrEqual(supplied(p50)[i]!));
  });

  it('is 400 with a message per field for a bad confidence, lead time or site stock', async () => {
    const fields = async (query: string) => {
      const r = await get(`/ctpo/soe/${soeId}/forecast/supply?${query}`);
      expect(r.statusCode, query).toBe(400);
      return (r.json() as { fields: { path: string; message: string }[] }).fields.map((f) => [
        f.path,
        f.message,
      ]);
    };
    for (const confidence of ['0', '1', '1.5', '-0.1', 'abc'])
      expect(await fields(`confidence=${confidence}`)).toEqual([
        ['querystring.confidence', M.supplyConfidence],
      ]);
    expect(await fields('leadWeeks=-1')).toEqual([['querystring.leadWeeks', M.supplyLeadWeeks]]);
    expect(await fields('leadWeeks=2.5&siteStock=-3')).toEqual([
      ['querystring.leadWeeks', M.supplyLeadWeeks],
      ['querystring.siteStock', M.supplySiteStock],
    ]);
  });

  it('is 404 for an unknown SOE and 409 without a linked plan', async () => {
    expect((await get('/ctpo/soe/999999/forecast/supply')).statusCode).toBe(404);
    const unlinked = await createSoe(t, planner, studyId, soeForm({ scheduleOfEventsName: 'No plan' }));
    const r = await get(`/ctpo/soe/${unlinked}/forecast/supply`);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(M.noPlan);
  });

  it('follows a save: without an IP assessment nothing is dispensed or shipped', async () => {
    const assessments = await getJson<SoeAssessment[]>(t, planner, `/ctpo/soe/${soeId}/assessments`);
    // The save's assessments are the whole list: both, the study drug no longer flagged IP.
    const res = await save(t, planner, soeId, {
      version: await soeVersion(t, planner, soeId),
      assessments: assessments.map((a) => ({
        ...assessment(a.assessmentName, { ipAdministered: 0, overhead: a.overhead }),
        scheduleOfEventsAssessmentId: a.scheduleOfEventsAssessmentId,
        assessmentKey: String(a.scheduleOfEventsAssessmentId),
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = await supply('?siteStock=0');
    expect(s.kitsPerVisit).toEqual([]);
    expect(s.countries[0]!.totals.shipped).toBe(0);
    expect(s.countries[0]!.totals.kits.p90).toBe(0);
  });
});
