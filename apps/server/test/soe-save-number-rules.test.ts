import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SOE_MESSAGES as M,
  type SoeAssessment,
  type SoeMappingEntry,
  type SoeVisitLevel,
} from '@predict/shared';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { assessment, getJson, save, soeVersion, visit } from './helpers/soe';
import { germanySoe } from './helpers/soe-plan-fixtures';

/**
 * spec/2 section 5's number rules on the server, as the editor applies them (one shared schema): numbers rounded to
 * 2 decimals, a cost beyond 8 digits with the cost message, no overhead / exclude / IP flag on a site fee, a
 * multiplier that is not a number read as 0.
 */
let t: TestApp;
let planner: Record<string, string>;
let studyId: number;
let germany: number;
let soeId: number;

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: planner, payload: payload as object });
const fieldsOf = (res: { json: () => unknown }) => (res.json() as { fields: unknown[] }).fields;

beforeAll(async () => {
  t = await createTestApp();
  planner = bearer(await t.token('planner'));
  ({ studyId, germany, soeId } = await germanySoe(t, planner, 'SOEN-0001', 'Number plan'));
});
afterAll(async () => t.close());

describe('the save', () => {
  it('rounds 3-decimal numbers to 2 (half away from zero) instead of refusing them', async () => {
    const res = await save(t, planner, soeId, {
      version: await soeVersion(t, planner, soeId),
      visits: [
        visit('Screening', { visitCategory: 'Screening', visitOverheadPct: 12.345, visitCost: 1.234 }),
      ],
      assessments: [assessment('ECG', { assessmentCost: 80.125 })],
      visitLevelValues: [
        {
          visitKey: 'new-Screening',
          siteGroupId: germany,
          siteId: 1,
          visitOverheadPct: null,
          visitCost: 19.999,
          visitCostTotal: null,
        },
      ],
      mapping: [
        {
          visitKey: 'new-Screening',
          assessmentKey: 'new-ECG',
          mappingAssessmentVisit: 1,
          multiplier: 1.255,
          uniqueNonUniqueForm: null,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [v] = await getJson<{ visitCost: number; visitOverheadPct: number }[]>(
      t,
      planner,
      `/ctpo/soe/${soeId}/visits`,
    );
    expect([v!.visitCost, v!.visitOverheadPct]).toEqual([1.23, 12.35]);
    const [a] = await getJson<SoeAssessment[]>(t, planner, `/ctpo/soe/${soeId}/assessments`);
    expect(a!.assessmentCost).toBe(80.13);
    const [country] = await getJson<SoeVisitLevel[]>(
      t,
      planner,
      `/ctpo/soe/${soeId}/visits/sitegroup/${germany}/site/1`,
    );
    expect(country!.visitCost).toBe(20);
    const [cell] = await getJson<SoeMappingEntry[]>(t, planner, `/ctpo/soe/${soeId}/mapping`);
    expect(cell!.multiplier).toBe(1.26);
  });

  it('answers a 9-digit assessment cost with the cost message, not the "required" one', async () => {
    const res = await save(t, planner, soeId, {
      version: await soeVersion(t, planner, soeId),
      assessments: [assessment('ECG', { assessmentCost: 123_456_789 })],
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([{ path: 'body.assessments.0.assessmentCost', message: M.cost }]);
  });

  it("refuses overhead, exclude and IP administered on a site fee ('1x at Activation')", async () => {
    const before = await getJson<SoeAssessment[]>(t, planner, `/ctpo/soe/${soeId}/assessments`);
    const res = await save(t, planner, soeId, {
      version: await soeVersion(t, planner, soeId),
      assessments: [
        assessment('ECG'),
        assessment('Site Initiation Fee', {
          assessmentType: '1x at Activation',
          overhead: 1,
          ipAdministered: 1,
        }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([
      { path: 'body.assessments.1.overhead', message: M.siteCostFlags },
      { path: 'body.assessments.1.ipAdministered', message: M.siteCostFlags },
    ]);
    expect(await getJson<SoeAssessment[]>(t, planner, `/ctpo/soe/${soeId}/assessments`)).toEqual(before);
    // The spec's SOEAssessment call applies the same rule.
    const call = await post(`/ctpo/study/${studyId}/SOEAssessment`, {
      scheduleOfEventsId: soeId,
      assessments: [assessment('Close-Out Fee', { assessmentType: '1x at Close', overhead: 0, exclude: 1 })],
    });
    expect(call.statusCode).toBe(400);
    expect(fieldsOf(call)).toEqual([{ path: 'body.assessments.0.exclude', message: M.siteCostFlags }]);
  });

  it('stores a multiplier that is not a number as 0 (spec/2), a ticked cell without one as 1', async () => {
    const [v] = await getJson<{ scheduleOfEventsVisitId: number }[]>(t, planner, `/ctpo/soe/${soeId}/visits`);
    const [a] = await getJson<SoeAssessment[]>(t, planner, `/ctpo/soe/${soeId}/assessments`);
    const keys = {
      visitKey: String(v!.scheduleOfEventsVisitId),
      assessmentKey: String(a!.scheduleOfEventsAssessmentId),
    };
    const cellMultiplier = async () =>
      (await getJson<SoeMappingEntry[]>(t, planner, `/ctpo/soe/${soeId}/mapping`))[0]!.multiplier;
    const tick = async (multiplier: unknown) =>
      save(t, planner, soeId, {
        version: await soeVersion(t, planner, soeId),
        mapping: [
          { ...keys, mappingAssessmentVisit: 1, multiplier: multiplier as number, uniqueNonUniqueForm: null },
        ],
      });
    expect((await tick('abc')).statusCode).toBe(200);
    expect(await cellMultiplier()).toBe(0);
    expect((await tick(null)).statusCode).toBe(200);
    expect(await cellMultiplier()).toBe(1);
    // The spec's mapping call reads it the same way.
    const call = await post(`/ctpo/study/${studyId}/SOEAssessmentVisitMapping`, [
      {
        scheduleOfEventsId: soeId,
        scheduleOfEventsVisitId: v!.scheduleOfEventsVisitId,
        scheduleOfEventsAssessmentId: a!.scheduleOfEventsAssessmentId,
        mappingAssessmentVisit: 1,
        multiplier: '',
        uniqueNonUniqueForm: null,
      },
    ]);
    expect(call.statusCode, call.body).toBe(200);
    expect(await cellMultiplier()).toBe(0);
    // Beyond 100 is still refused.
    const over = await tick(250);
    expect(over.statusCode).toBe(400);
    expect(fieldsOf(over)).toEqual([{ path: 'body.mapping.0.multiplier', message: M.multiplier }]);
  });
});
