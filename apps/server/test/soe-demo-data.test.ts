import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLINICAL_STRATEGY_LABELS, DATA_MANAGEMENT_LABELS } from '@predict/engine';
import {
  SoeCostDetailRow,
  SoeCostSummaryRow,
  SoeForecastChart,
  SoeGrantsRow,
  SoeStrategyRow,
  SoeSupply,
  type SoeAssessment,
  type SoeDetail,
  type SoeListRow,
  type SoeMappingEntry,
  type SoeRiskAssessment,
  type SoeSamplingRow,
  type SoeSiteGroupEntry,
  type SoeVisit,
  type SoeVisitLevel,
} from '@predict/shared';
import { seedDemoData } from '../src/seed/seed-demo-data';
import { HCC_SOE, MELANOMA_SOE } from '../src/seed/demo-soes';
import { seedDemoSoeContent } from '../src/seed/seed-demo-soes';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { getJson } from './helpers/soe';

let t: TestApp;
let viewer: Record<string, string>;

const studyIdOf = async (projectId: string) =>
  (await getJson<{ studyId: number }[]>(t, viewer, `/ctpo/studies/project/${projectId}`))[0]!.studyId;
const soeOf = async (projectId: string) =>
  (await getJson<SoeListRow[]>(t, viewer, `/ctpo/soe/study/${await studyIdOf(projectId)}`))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  viewer = bearer(await t.token('viewer'));
  await seedDemoData(t.database.db);
}, 180_000);
afterAll(async () => t?.close());

describe('the demo SOEs', () => {
  it('makes the melanoma SOE real: 25 visits, 60 assessments, a grid with multipliers and U / N forms', async () => {
    const soe = await soeOf('2025-ONC-0303');
    const detail = (await getJson<{ data: SoeDetail[] }>(t, viewer, `/ctpo/soe/${soe.scheduleOfEventsId}`))
      .data[0]!;
    expect(detail.studyPlanName).toBe('Base case - country rates');
    const visits = await getJson<SoeVisit[]>(t, viewer, `/ctpo/soe/${soe.scheduleOfEventsId}/visits`);
    expect(visits).toHaveLength(25);
    expect(new Set(visits.map((v) => v.visitCategory))).toEqual(
      new Set(['Screening', 'Treatment', 'Follow Up', 'Close Out', 'Unscheduled']),
    );
    const assessments = await getJson<SoeAssessment[]>(
      t,
      viewer,
      `/ctpo/soe/${soe.scheduleOfEventsId}/assessments`,
    );
    expect(assessments).toHaveLength(60);
    expect(assessments.filter((a) => !['Procedure', 'Non Procedure'].includes(a.assessmentType)).length).toBe(
      8,
    );
    const cells = await getJson<SoeMappingEntry[]>(t, viewer, `/ctpo/soe/${soe.scheduleOfEventsId}/mapping`);
    expect(cells.length).toBeGreaterThan(300);
    expect(cells.some((c) => c.multiplier === 3)).toBe(true);
    expect(new Set(cells.map((c) => c.uniqueNonUniqueForm))).toEqual(new Set(['U', 'N', null]));
    // Every visit but none is empty; every ticked assessment is a grid type.
    const grid = new Set(
      assessments
        .filter((a) => ['Procedure', 'Non Procedure'].includes(a.assessmentType))
        .map((a) => a.scheduleOfEventsAssessmentId),
    );
    expect(cells.every((c) => grid.has(c.scheduleOfEventsAssessmentId))).toBe(true);
    expect(new Set(cells.map((c) => c.scheduleOfEventsVisitId)).size).toBe(25);
  });

  it('has country costs in four currencies with rates, two site contracts, risk scores and notes', async () => {
    const soe = await soeOf('2025-ONC-0303');
    const entries = await getJson<SoeSiteGroupEntry[]>(
      t,
      viewer,
      `/ctpo/soe/${soe.scheduleOfEventsId}/sitegroups`,
    );
    const countries = entries.filter((e) => e.siteGroupId !== 0 && e.siteId === 1);
    expect(new Set(entries.map((e) => e.effectiveCurrency))).toEqual(new Set(['USD', 'EUR', 'PLN', 'GBP']));
    expect(countries.filter((c) => c.currency !== null).every((c) => (c.exchangeRate ?? 0) > 0)).toBe(true);
    const contracted = entries.filter((e) => e.siteId !== 1 && e.siteContractEffectiveDate !== null);
    expect(contracted).toHaveLength(2);
    for (const site of contracted) {
      const levels = await getJson<SoeVisitLevel[]>(
        t,
        viewer,
        `/ctpo/soe/${soe.scheduleOfEventsId}/visits/sitegroup/${site.siteGroupId}/site/${site.siteId}`,
      );
      expect(levels.filter((l) => l.visitCostTotal !== null).length).toBeGreaterThan(10);
    }
    const germany = countries.find((c) => c.tabLabel === 'DEU')!;
    const costs = await getJson<SoeVisitLevel[]>(
      t,
      viewer,
      `/ctpo/soe/${soe.scheduleOfEventsId}/visits/sitegroup/${germany.siteGroupId}/site/1`,
    );
    expect(costs[0]!.effective.visitCost.from).toBe('country');
    const sampling = await getJson<SoeSamplingRow[]>(
      t,
      viewer,
      `/ctpo/soe/${soe.scheduleOfEventsId}/visitsamplingstrategy`,
    );
    expect(sampling.filter((r) => r.notes !== null).length).toBe(3);
    expect(sampling.find((r) => r.tableSort === 2 && r.rowSort === 1)!.cellValue1).toBe('5');
  });

  it('shows a full forecast on first start: five tables with rows and a chart with its band', async () => {
    const soe = await soeOf('2025-ONC-0303');
    // The forecast routes send their answers unchecked: every answer is parsed here with its documented schema.
    const get = async <T>(path: string, schema: { parse(x: unknown): T }) =>
      schema.parse(await getJson(t, viewer, `/ctpo/soe/${soe.scheduleOfEventsId}${path}`));
    const cents = (x: number) => Math.round(x * 100);
    const summary = await get('/summary', SoeCostSummaryRow.array());
    const total = summary.find((r) => r.dataSet === 'Total')!;
    expect(total.totalCost).toBeGreaterThan(0);
    // Countries at country costs and the two contracted sites have Detail rows of their own.
    expect(summary.filter((r) => r.dataSet === 'SubTotal').length).toBeGreaterThanOrEqual(4);
    expect(summary.filter((r) => r.dataSet === 'Detail' && r.siteNumber !== null)).toHaveLength(2);
    const detail = await get('/detail', SoeCostDetailRow.array());
    const months = detail.filter((r) => r.dataSet === 'Total');
    expect(months.length).toBeGreaterThan(12);
    expect(months.reduce((s, r) => s + cents(r.totalCost), 0)).toBe(cents(total.totalCost));
    const grants = await get('/rfp/summary', SoeGrantsRow.array());
    expect(grants.length).toBe(summary.filter((r) => r.dataSet === 'SubTotal').length);
    for (const g of grants) {
      const parts = [g.screenFails, g.completedTreatment, g.dropOutOfTreatment, g.patientsCompleteFollowUp];
      expect(parts.reduce((s, x) => s + cents(x), cents(g.siteFees))).toBe(cents(g.totalCost));
    }
    expect(grants.some((g) => g.screenFails > 0 && g.patientsCompleteFollowUp > 0 && g.siteFees > 0)).toBe(
      true,
    );
    const strategy = await get('/rfp/detail', SoeStrategyRow.array());
    const nonZero = (labels: readonly string[]) =>
      strategy.filter((r) => labels.includes(r.rowLabel) && r.visitValue > 0).length;
    expect(nonZero(CLINICAL_STRATEGY_LABELS)).toBeGreaterThan(0);
    expect(nonZero(DATA_MANAGEMENT_LABELS)).toBeGreaterThan(0);
    const chart = await get('/forecast/chart', SoeForecastChart);
    expect(chart.points.length).toBeGreaterThan(12);
    expect(cents(chart.points.at(-1)!.plan)).toBe(cents(total.totalCost));
    // The band: somewhere the replications' costs spread.
    expect(chart.points.some((p) => p.p90 > p.p10)).toBe(true);
  });

  it('answers the Initial Risk Assessment of both demo SOEs and has its rows on every demo SOE', async () => {
    const risksOf = (soeId: number) =>
      getJson<SoeRiskAssessment[]>(t, viewer, `/ctpo/soe/${soeId}/riskassessments`);
    const total = (rows: SoeRiskAssessment[]) =>
      Math.round(rows.reduce((a, r) => a + (r.riskAssessmentRiskScore ?? 0), 0) * 10) / 10;
    const melanoma = await risksOf((await soeOf('2025-ONC-0303')).scheduleOfEventsId);
    expect(melanoma).toHaveLength(10);
    expect(melanoma[0]!.riskAssessmentCategory).toBe('Study Design Complexity');
    expect(melanoma[2]!.riskAssessmentStudySpecifics).toBe('Novel anti-PD-1 / LAG-3 combination');
    // 2 + 1.5 + 2.5 + 2 + 2 + 1.5 + 1.5 + 2.5 + 1.5 + 2: above 18, Moderate.
    expect(total(melanoma)).toBe(19);
    expect(melanoma.every((r) => r.riskAssessmentStudySpecifics !== null)).toBe(true);
    // 2 + 2.5 + 2 + 2.5 + 2 + 1.5 + 2.5 + 2 + 1.5 + 2.
    expect(total(await risksOf((await soeOf('2025-ONC-0290')).scheduleOfEventsId))).toBe(20.5);
    // The other demo SOEs (no content) have the 10 rows to fill in, not an empty table.
    const result = await t.database.db.execute(
      sql`select s.soe_id from schedules_of_events s join studies st using (study_id) where st.is_demo`,
    );
    const soeIds = (result as unknown as { rows: { soe_id: number }[] }).rows.map((r) => Number(r.soe_id));
    expect(soeIds.length).toBeGreaterThan(2);
    for (const id of soeIds) expect(await risksOf(id), `SOE ${id}`).toHaveLength(10);
  });

  it("fills Study Specs' Number of Patients Enrolled from the linked plan's result", async () => {
    const soe = await soeOf('2025-ONC-0303');
    const detail = (await getJson<{ data: SoeDetail[] }>(t, viewer, `/ctpo/soe/${soe.scheduleOfEventsId}`))
      .data[0]!;
    const summary = await getJson<{ siteGroupName: string; 'Number of Patients Enrolled': number }[]>(
      t,
      viewer,
      `/ctpo/results/summary/plan/${detail.studyPlanId}`,
    );
    const enrolled = summary.find((r) => r.siteGroupName === 'Overall')!['Number of Patients Enrolled'];
    expect(enrolled).toBeGreaterThan(0);
    const sampling = await getJson<SoeSamplingRow[]>(
      t,
      viewer,
      `/ctpo/soe/${soe.scheduleOfEventsId}/visitsamplingstrategy`,
    );
    const row = sampling.find((r) => r.tableSort === 2 && r.rowSort === 3)!;
    expect(row.rowLabel).toBe('Number of Patients Enrolled');
    expect(row.cellValue1).toBe(String(enrolled));
  });

  it("orders every demo SOE's cost band: P10 <= P50 <= P90 each month, each non-decreasing", async () => {
    for (const spec of [MELANOMA_SOE, HCC_SOE]) {
      const soe = await soeOf(spec.projectId);
      const chart = SoeForecastChart.parse(
        await getJson(t, viewer, `/ctpo/soe/${soe.scheduleOfEventsId}/forecast/chart`),
      );
      expect(chart.points.length, spec.projectId).toBeGreaterThan(12);
      chart.points.forEach((p, i) => {
        expect(p.p10, `${spec.projectId} ${p.monthYear}`).toBeLessThanOrEqual(p.p50);
        expect(p.p50, `${spec.projectId} ${p.monthYear}`).toBeLessThanOrEqual(p.p90);
        if (i > 0)
          for (const k of ['p10', 'p50', 'p90', 'plan'] as const)
            expect(p[k], `${spec.projectId} ${p.monthYear} ${k}`).toBeGreaterThanOrEqual(
              chart.points[i - 1]![k],
            );
      });
    }
  });

  it("shows the melanoma SOE's IP supply: ordered quantiles, a P50 total at the plan line's kits", async () => {
    const soe = await soeOf(MELANOMA_SOE.projectId);
    const supply = async (confidence: number) =>
      SoeSupply.parse(
        await getJson(
          t,
          viewer,
          `/ctpo/soe/${soe.scheduleOfEventsId}/forecast/supply?confidence=${confidence}`,
        ),
      );
    const [p50, p90] = [await supply(0.5), await supply(0.9)];
    // The dosing visits C1D1 to C13D1 dispense one kit each.
    expect(p90.kitsPerVisit).toHaveLength(13);
    expect(p90.replications).toBe(200);
    for (const c of p90.countries) {
      c.months.forEach((m, i) => {
        for (const q of [m.dispensed, m.cumulative]) {
          expect(q.p10, `${c.name} ${m.monthYear}`).toBeLessThanOrEqual(q.p50);
          expect(q.p50, `${c.name} ${m.monthYear}`).toBeLessThanOrEqual(q.p90);
        }
        if (i > 0) expect(m.cumulative.p50).toBeGreaterThanOrEqual(c.months[i - 1]!.cumulative.p50);
      });
      // The P50 total is the plan line's dispensations within the Monte Carlo error (200 replications).
      expect(Math.abs(c.totals.kits.p50 - c.totals.planKits), c.name).toBeLessThanOrEqual(
        0.05 * c.totals.planKits,
      );
    }
    const all = (s: SoeSupply) => s.countries[0]!;
    expect(all(p90).totals.planKits).toBeGreaterThan(1000);
    // Every replication enrolls the plan's patients: the totals agree, P90 ships them earlier.
    const supplied = (s: SoeSupply) => all(s).months.map((m) => m.supplied);
    supplied(p90).forEach((x, i) => expect(x).toBeGreaterThanOrEqual(supplied(p50)[i]!));
    expect(supplied(p90)).not.toEqual(supplied(p50));
    expect(all(p90).totals.peakSafetyStock).toBeGreaterThan(all(p50).totals.peakSafetyStock);
  });

  it('gives the liver-cancer study a small SOE and fills nothing twice', async () => {
    const soe = await soeOf('2025-ONC-0290');
    expect(await getJson<SoeVisit[]>(t, viewer, `/ctpo/soe/${soe.scheduleOfEventsId}/visits`)).toHaveLength(
      6,
    );
    expect(
      (await getJson<SoeMappingEntry[]>(t, viewer, `/ctpo/soe/${soe.scheduleOfEventsId}/mapping`)).length,
    ).toBeGreaterThan(20);
    expect(await seedDemoSoeContent(t.database.db)).toBe(0);
  });
});
