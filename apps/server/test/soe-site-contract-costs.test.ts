import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SITE_CONTRACT_MESSAGES,
  type SoeCostSummaryRow,
  type SoeVisit,
  type SoeVisitLevel,
} from '@predict/shared';
import { soeSites } from '../src/db/schema';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { assessment, getJson, save, soeVersion, visit } from './helpers/soe';
import { germanySoe } from './helpers/soe-plan-fixtures';

/**
 * A site contract's visit amount is the site's Total Visit Cost for that visit (design section 3), not a fixed cost
 * added to the computed one. The plan: Germany, 2 sites, 10 patients, no screen failure or drop-out, so each site
 * gets 5 patients and every patient attends both visits once.
 *
 * Study costs (USD, the SOE's and Germany's currency): Screening = ECG 100.00 + 10 % overhead on it (10.00) + a fixed
 * 50.00 = 160.00; End of Treatment = ECG 100.00.
 */
let t: TestApp;
let planner: Record<string, string>;
let studyId: number;
let germany: number;
let soeId: number;
let screening: number;

const SITE_ID = 2;
const siteVisits = () =>
  getJson<SoeVisitLevel[]>(t, planner, `/ctpo/soe/${soeId}/visits/sitegroup/${germany}/site/${SITE_ID}`);
const summary = () => getJson<SoeCostSummaryRow[]>(t, planner, `/ctpo/soe/${soeId}/summary`);
const upload = (visitCost: number) =>
  t.app.inject({
    method: 'POST',
    url: `/ctpo/study/${studyId}/SOEUploadSite`,
    headers: planner,
    payload: {
      scheduleOfEventsId: soeId,
      siteNumber: 'D1',
      siteId: SITE_ID,
      visits: [{ visitName: 'Screening', visitCost, currency: 'USD' }],
      assessments: [],
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  ({ studyId, germany, soeId } = await germanySoe(t, planner, 'SOEC-0001', 'Contract plan', {
    finishedRun: true,
  }));
  const cell = (visitKey: string) => ({
    visitKey,
    assessmentKey: 'new-ECG',
    mappingAssessmentVisit: 1 as const,
    multiplier: 1,
    uniqueNonUniqueForm: null,
  });
  const res = await save(t, planner, soeId, {
    version: 1,
    visits: [
      visit('Screening', {
        visitCategory: 'Screening',
        visitStudyDay: 1,
        visitOverheadPct: 10,
        visitCost: 50,
      }),
      visit('End of Treatment', { visitCategory: 'Treatment', visitStudyDay: 31 }),
    ],
    assessments: [assessment('ECG', { assessmentCost: 100, overhead: 1 })],
    mapping: [cell('new-Screening'), cell('new-End of Treatment')],
  });
  expect(res.statusCode, res.body).toBe(200);
  screening = (await getJson<SoeVisit[]>(t, planner, `/ctpo/soe/${soeId}/visits`)).find(
    (v) => v.visitName === 'Screening',
  )!.scheduleOfEventsVisitId;
  await t.database.db.insert(soeSites).values({
    soeId,
    siteId: SITE_ID,
    siteGroupId: germany,
    siteNumber: 'D1',
    piName: 'Dr Adler',
    currency: null,
  });
});
afterAll(async () => t.close());

describe('a site contract upload', () => {
  it("replaces a site's earlier visit total with the contract's amount (not a cost on top of it)", async () => {
    // The site's visit total typed in the editor: 300.00.
    const typed = await save(t, planner, soeId, {
      version: await soeVersion(t, planner, soeId),
      visitLevelValues: [
        {
          visitKey: String(screening),
          siteGroupId: germany,
          siteId: SITE_ID,
          visitOverheadPct: null,
          visitCost: null,
          visitCostTotal: 300,
        },
      ],
    });
    expect(typed.statusCode, typed.body).toBe(200);

    const res = await upload(310);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SITE_CONTRACT_MESSAGES.uploaded, rows: 1 });
    const row = (await siteVisits()).find((v) => v.scheduleOfEventsVisitId === screening)!;
    expect(row.visitCostTotal).toBe(310);
    // The site's own fixed visit cost is untouched: Screening still inherits the study's 50.00.
    expect(row.visitCost).toBeNull();
    expect(row.effective.visitCost).toEqual({ value: 50, from: 'study' });
  });

  it('costs the contracted site its contract total in the forecast, the other site the computed total', async () => {
    expect((await upload(310)).statusCode).toBe(200);
    const rows = await summary();
    expect(rows.map((r) => [r.dataSet, r.siteId, r.siteNumber, r.siteCount])).toEqual([
      ['Detail', SITE_ID, 'D1', 1],
      ['Detail', 1, null, 1],
      ['SubTotal', null, null, 2],
      ['Total', null, null, 2],
    ]);
    // D1: 5 patients x (Screening 310.00 + End of Treatment 100.00) = 2,050.00 (with the amount taken as the site's
    // fixed visit cost, Screening would be 100.00 + 10.00 + 310.00 = 420.00 and D1 2,600.00).
    // The country's site: 5 x (160.00 + 100.00) = 1,300.00. Each month cell is rounded on its own: a few cents.
    expect(Math.abs(rows[0]!.visitCost - 2050)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(rows[1]!.visitCost - 1300)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(rows[3]!.visitCost - 3350)).toBeLessThanOrEqual(0.05);
    // The assessment cost is the grid's, contract or not: 10 patients x 2 visits x ECG 100.00.
    expect(Math.abs(rows[3]!.assessmentCost - 2000)).toBeLessThanOrEqual(0.05);
  });
});
