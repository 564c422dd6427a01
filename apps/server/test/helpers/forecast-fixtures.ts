import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { forecastHistoryUrl, type ForecastHistoryResponse } from '@predict/shared';
import { forecastRecords } from '../../src/db/schema';
import type { TestApp } from './app';
import { currentRowVersion } from './plan-countries';
import { createPlan, ratesPlan } from './plans';
import { addPlanCountry, storeDates } from './run-fixtures';

/** What the forecast-of-record tests do through the API, for an app that runs its own workers. */
export function forecastFixtures(
  t: TestApp,
  planner: Record<string, string>,
  viewer: Record<string, string>,
) {
  let plans = 0;
  const get = (url: string, headers: Record<string, string> = viewer) =>
    t.app.inject({ method: 'GET', url, headers });

  async function history(planId: number, headers = viewer): Promise<ForecastHistoryResponse> {
    const res = await get(forecastHistoryUrl(planId), headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ForecastHistoryResponse;
  }

  /** A runnable Rates plan: Germany with 10 sites, 10 patients to screen (8 to enroll). */
  async function runnablePlan(studyId: number, name = `Record plan ${++plans}`) {
    const plan = await createPlan(
      t,
      planner,
      studyId,
      ratesPlan({
        studyPlanName: name,
        parameters: [
          { parameterName: 'SITES_TO_ACTIVATE', lowerBound: 10 },
          { parameterName: 'SUBJECTS_TO_SCREEN', lowerBound: 10 },
        ],
      }),
    );
    await addPlanCountry(t, plan.id, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 10 });
    await storeDates(t, plan.id);
    return plan.id;
  }

  async function waitForRun(planId: number): Promise<void> {
    for (let i = 0; i < 600; i++) {
      const status = (await get(`/ctpo/simulation/status/plan/${planId}`)).json() as {
        simOptRunStatus: string;
      };
      if (!['NOT_STARTED', 'REQUESTING', 'RUNNING', 'PROCESSING'].includes(status.simOptRunStatus)) {
        expect(status.simOptRunStatus).toBe('COMPLETED_OK');
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the run did not finish in 60 s');
  }

  /** POST /ctpo/runsimulation, then waits for COMPLETED_OK; answers the run's id. */
  async function runToEnd(planId: number): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ctpo/runsimulation',
      headers: planner,
      payload: { studyPlanId: planId },
    });
    expect(res.statusCode, res.body).toBe(201);
    await waitForRun(planId);
    return res.json().simOptRunId as number;
  }

  async function saveAs(studyId: number, planId: number, scenarioStatus: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/ctpo/study/${studyId}/EnrollmentPlanSaveAs`,
      headers: planner,
      payload: {
        studyPlanId: planId,
        scenarioStatus,
        rowVersion: await currentRowVersion(t, planner, planId),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  const recordsOfRun = (simRunId: number) =>
    t.database.db.select().from(forecastRecords).where(eq(forecastRecords.simRunId, simRunId));

  return { get, history, runnablePlan, runToEnd, saveAs, recordsOfRun };
}
