import { parseSimulationInput, simulate, type SimulationInput } from '@predict/engine';
import { loadExample } from '@predict/engine/examples';
import { simulationResultSets, simulationRuns } from '../../src/db/schema';
import type { TestApp } from './app';

/**
 * A short plan: Germany, 2 sites, 10 patients screened with no screen failure and no drop-out (so 10 enrolled, all
 * completing), 30 days of treatment and no follow-up (the engine's example w1, cut down).
 */
export function tinyPlanInput(siteGroupId: number): SimulationInput {
  const raw = loadExample('w1') as {
    plan: Record<string, unknown>;
    siteGroups: Record<string, unknown>[];
  };
  const plan = {
    ...raw.plan,
    screenFailRate: 0,
    dropOutRate: 0,
    treatmentDuration: 30,
    followUpDuration: 0,
    targets: { SITES_TO_ACTIVATE: { lowerBound: 2 }, SUBJECTS_TO_SCREEN: { lowerBound: 10 } },
    // Sites that never fall silent: every replication enrolls the 10 patients (with the default hazard both sites
    // of a replication may stop before it does, and its cost ends lower).
    uncertainty: { siteInactivationPerYear: 0 },
  };
  const siteGroups = [
    {
      ...raw.siteGroups[0],
      siteGroupId: String(siteGroupId),
      siteGroupName: 'Germany',
      NUM_SITES_ACTIVATED: { lowerBound: 2, upperBound: null },
      activationProfiles: [
        { siteActivationProfilePct: 1, siteActivationProfileDays: 0 },
        { siteActivationProfilePct: 2, siteActivationProfileDays: 17 },
      ],
    },
  ];
  const parsed = parseSimulationInput({ ...raw, plan, siteGroups });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.input;
}

/** Records a finished run of the input with its result sets (a small Monte Carlo, for the P10-P90 band). */
export async function storeFinishedRun(t: TestApp, plan: number, input: SimulationInput) {
  const r = simulate(input, { seed: 7, replications: 200, siteSearch: false });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  await t.database.db.transaction(async (tx) => {
    const [run] = await tx
      .insert(simulationRuns)
      .values({
        studyPlanId: plan,
        status: 'COMPLETED_OK',
        seed: 7,
        replications: 200,
        engineVersion: 'test',
        inputs: input,
        requestedByIssuer: 'test',
        requestedBySubject: 'test',
        requestedBy: 'Test',
        finishedAt: new Date(),
      })
      .returning();
    await tx.insert(simulationResultSets).values(
      Object.entries(r.output.resultSets).map(([setName, payload]) => ({
        simRunId: run!.simRunId,
        setName,
        payload,
      })),
    );
  });
}
