import type { SoeFormBody } from '@predict/shared';
import type { TestApp } from './app';
import { addStudies, createPlan, ratesPlan } from './plans';
import { addPlanCountry } from './run-fixtures';
import { createSoe, soeForm } from './soe';
import { storeFinishedRun, tinyPlanInput } from './soe-forecast-fixtures';

export interface GermanySoe {
  studyId: number;
  planId: number;
  /** The plan's Germany site group (2 sites). */
  germany: number;
  soeId: number;
}

/**
 * A study with a Rates plan on Germany (2 sites) and an SOE of that plan. `finishedRun` first stores the tiny plan's
 * finished run (soe-forecast-fixtures.ts), which the SOE's forecast reads; `form` changes the SOE's form.
 */
export async function germanySoe(
  t: TestApp,
  planner: Record<string, string>,
  projectId: string,
  studyPlanName: string,
  options: { finishedRun?: boolean; form?: Partial<SoeFormBody> } = {},
): Promise<GermanySoe> {
  const [studyId] = (await addStudies(t, projectId)) as [number];
  const planId = (await createPlan(t, planner, studyId, ratesPlan({ studyPlanName }))).id;
  const germany = (await addPlanCountry(t, planId, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 2 }))
    .siteGroupId;
  if (options.finishedRun) await storeFinishedRun(t, planId, tinyPlanInput(germany));
  const soeId = await createSoe(t, planner, studyId, soeForm({ studyPlanId: planId, ...options.form }));
  return { studyId, planId, germany, soeId };
}
