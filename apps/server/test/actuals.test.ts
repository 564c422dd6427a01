import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computePlanLine, DAYS_PER_MONTH, preparePlan } from '@predict/engine';
import { ACTUALS_ROW_TYPES, type ActualsResponse, type ActualsRow } from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { baselineStudy, isoDay, sampleExtract, type ActualsStudy } from './helpers/actuals-fixtures';
import { addStudies, DAY } from './helpers/plans';

let t: TestApp;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let s: ActualsStudy;
let asOf: number;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'ACT-0001')) as [number];
  s = await baselineStudy(t, planner, studyId);
  // Midnight UTC, 400 days after the plan's day 0: whole days of exposure.
  asOf = Math.floor((s.day0Ms + 400 * DAY) / DAY) * DAY;
}, 60_000);
afterAll(async () => t?.close());

const get = (url: string, headers = viewer) => t.app.inject({ method: 'GET', url, headers });
const actuals = async (path = 'actuals') =>
  (await get(`/ctpo/${path}/study/${studyId}`)).json() as ActualsResponse;
const rowOf = (a: ActualsResponse, type: string) => a.rows.find((r) => r.rowtype === type) as ActualsRow;

describe('Study Actuals', () => {
  it('says why there are no rows: no Baseline Plan, no run, no extract', async () => {
    const [bare, norun] = (await addStudies(t, 'ACT-0002', 'ACT-0003')) as [number, number];
    const noBaseline = (await get(`/ctpo/actuals/study/${bare}`)).json();
    expect(noBaseline).toMatchObject({ state: 'noBaselinePlan', rows: [], baselinePlan: null });
    await baselineStudy(t, planner, norun, { run: false });
    const noRun = await get(`/ctpo/actuals/study/${norun}`);
    expect(noRun.json().state, noRun.body).toBe('noRun');
    expect(await actuals()).toMatchObject({ state: 'noExtract', rows: [], extract: null });
    expect((await get('/ctpo/actuals/study/999999')).statusCode).toBe(404);
  });

  it('computes every row at the as-of date, hand-checked against the plan line', async () => {
    const load = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/CtmsExtract`,
      headers: planner,
      payload: sampleExtract(asOf),
    });
    expect(load.statusCode).toBe(200);
    const a = await actuals();
    expect(a.state).toBe('ready');
    expect(a.rows.map((r) => r.rowtype)).toEqual([...ACTUALS_ROW_TYPES]);
    const stamp = new Date(asOf).toISOString();
    expect(a.rows.every((r) => r.timestamp === stamp)).toBe(true);
    expect(a.rows[0]!.toolTips).toContain(stamp);

    // The baseline's expected counts at the end of day D (the engine's plan line).
    const line = computePlanLine(preparePlan(s.input));
    const D = Math.round((asOf - s.day0Ms) / DAY);
    const planned = (c: Float64Array) => Math.round(c[D]!);

    // Sites: D1, D2 (Closed) and F1 activated by D.
    const sites = rowOf(a, 'Sites_Activated');
    const plannedSites = planned(line.total.activeSites);
    expect(sites).toMatchObject({ planned: plannedSites, actuals: 3, difference: 3 - plannedSites });

    // Screened 5 + 3 + 2 + 1 = 11, enrolled 4 + 2 + 1 + 1 = 8.
    const screened = rowOf(a, 'Patients_Screened');
    const ps = planned(line.total.screened);
    expect(screened).toMatchObject({ planned: ps, actuals: 11, impactUnit: 'percent' });
    expect(screened.planned_v_Actual_Indicators).toBeCloseTo(((11 - ps) / ps) * 100, 1);
    const enrolled = rowOf(a, 'Patients_Enrolled');
    const pe = planned(line.total.enrolled);
    expect(enrolled).toMatchObject({ planned: pe, actuals: 8 });
    const impact = ((8 - pe) / pe) * 100;
    expect(enrolled.status).toBe(Math.abs(impact) <= 10 ? 'green' : Math.abs(impact) <= 25 ? 'amber' : 'red');

    // Screen fail: plan 20%, actual 3 / 11 = 27.27%: 7.3 points, beyond 5 -> red.
    expect(rowOf(a, 'Screen_Fail_Rate')).toMatchObject({
      planned: 0.2,
      actuals: 0.2727,
      planned_v_Actual_Indicators: 7.3,
      impactUnit: 'points',
      status: 'red',
    });
    // Drop-out: plan 10%, actual 1 / 8 = 12.5%: 2.5 points -> amber.
    expect(rowOf(a, 'Drop_Out_Rate')).toMatchObject({
      planned: 0.1,
      actuals: 0.125,
      planned_v_Actual_Indicators: 2.5,
      status: 'amber',
    });
    // Enrollment rate: plan 1 patient/site/month; actual 8 / ((200 + 150 + 100) days / 30.4375) = 0.54: -46% red.
    const rate = 8 / (450 / DAYS_PER_MONTH);
    expect(rowOf(a, 'Enrollment_Rate')).toMatchObject({
      planned: 1,
      actuals: Math.round(rate * 100) / 100,
      planned_v_Actual_Indicators: Math.round((rate - 1) * 1000) / 10,
      status: 'red',
    });
    // Enrollment start: the first month with an enrolled patient (90 days before D) against the plan's FPI.
    const start = rowOf(a, 'Enrollment_Start');
    const firstMonth = `${isoDay(asOf - 90 * DAY).slice(0, 7)}-01`;
    const plannedFpi = s.day0Ms + line.milestones.firstEnrolled! * DAY;
    expect(start).toMatchObject({ planned: isoDay(plannedFpi), actuals: firstMonth, impactUnit: 'days' });
    expect(start.planned_v_Actual_Indicators).toBe(
      Math.round((Date.parse(`${firstMonth}T00:00:00Z`) - plannedFpi) / DAY),
    );
    // LPI: the baseline's against a forecast; impact is their difference in days, P10-P90 in the tooltip.
    const lpi = rowOf(a, 'Last_Patient_Enrolled');
    expect(lpi.planned).toBe(isoDay(s.day0Ms + line.milestones.lastEnrolled! * DAY));
    expect(typeof lpi.actuals).toBe('string');
    expect(lpi.planned_v_Actual_Indicators).toBe(
      Math.round((Date.parse(lpi.actuals as string) - Date.parse(lpi.planned as string)) / DAY),
    );
    expect(lpi.toolTips).toMatch(/P10 .* P50 .* P90 /);
  });

  it('loadactuals recomputes from the latest extract and stamps it with its as-of time', async () => {
    const later = asOf + 10 * DAY;
    const body = sampleExtract(later);
    body.siteMonths[0]!.enrolled = 5;
    await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/CtmsExtract`,
      headers: planner,
      payload: body,
    });
    const a = await actuals('loadactuals');
    expect(a.extract?.version).toBe(2);
    expect(a.rows[0]!.timestamp).toBe(new Date(later).toISOString());
    expect(rowOf(a, 'Patients_Enrolled').actuals).toBe(9);
  });

  it('splits the site list: activated sites of the plan groups included (Closed too), the rest not', async () => {
    const included = (await get(`/ctpo/remodel/study/${studyId}/sites/included`)).json();
    const notIncluded = (await get(`/ctpo/remodel/study/${studyId}/sites/notincluded`)).json();
    expect(included.map((r: { siteNumber: string }) => r.siteNumber)).toEqual(['D1', 'D2']);
    expect(notIncluded.map((r: { siteNumber: string }) => r.siteNumber)).toEqual(['D3', 'D4', 'F1']);
    expect(included[1]).toMatchObject({
      projectId: 'ACT-0001',
      siteNumberPi: 'D2 - Dr Braun',
      country: 'Germany',
      siteGroupName: 'Germany',
      siteStatus: 'Closed',
      siteActivationForecastDate: null,
    });
    expect(notIncluded[0]).toMatchObject({ siteNumberPi: 'D3', siteActivatedDate: null });
    expect(notIncluded[0].siteActivationForecastDate).not.toBeNull();
  });
});
