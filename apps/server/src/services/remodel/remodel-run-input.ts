import type { RemodelGroupChoice, SimulationInput } from '@predict/engine';
import type { Db, Tx } from '../../db/client';
import { findExtractAsOf, findPlanRemodel } from '../../repositories/plan-remodels-repository';
import { withActuals } from '../actuals/forecast-lpi';
import { extractData } from './remodel-basis';
import type { RemodelFigures } from './remodel-figures';

/** The engine's remodel input: the plan with per-group actuals and the `remodel` key (engine planSimulation). */
export type RemodelSimulationInput = SimulationInput & {
  remodel: { groups: RemodelGroupChoice[]; lastEnrolledDateMillis?: number };
};

/**
 * A Remodel (R)/(D) plan runs the engine's remodel (design/actuals.md section 4): its input gets the stored
 * extract's actuals per site group and the stored go-forward choices. Other plans (and remodel plans without a
 * stored basis, e.g. uploaded ones) keep their input.
 */
export async function withRemodelBasis(
  db: Db | Tx,
  studyPlanId: number,
  input: SimulationInput,
): Promise<SimulationInput | RemodelSimulationInput> {
  const basis = await findPlanRemodel(db, studyPlanId);
  if (!basis) return input;
  const asOf = await findExtractAsOf(db, basis.extractId);
  if (!asOf) return input;
  const data = await extractData(db, basis.extractId, asOf);
  const known = new Set(input.siteGroups.map((g) => g.siteGroupId));
  const groups = (basis.groups as RemodelGroupChoice[]).filter((g) => known.has(g.siteGroupId));
  const targets = basis.targets as RemodelTargets | null;
  // Remodel (D): the go-forward rates aim at the chosen last patient enrolled date (the engine solves them).
  const lpi = targets?.lastPatientEnrolledDateMillis;
  return {
    ...withActuals(withTargets(input, targets), data),
    remodel: { groups, ...(lpi != null ? { lastEnrolledDateMillis: Math.round(lpi) } : {}) },
  };
}

/** What plan_remodels.targets holds: the re-model figures and, for Remodel (D), the chosen LPI date. */
interface RemodelTargets extends RemodelFigures {
  lastPatientEnrolledDateMillis?: number;
}

/**
 * The form's re-model patient figures as the plan's targets: screened always; enrolled only where the plan states
 * an enrolled target (else its screen fail rate derives it); completed (follow-up) only where the plan states it and
 * it stays within the treated target, so the engine's input rules still hold.
 */
function withTargets(input: SimulationInput, t: RemodelTargets | null): SimulationInput {
  if (!t) return input;
  const old = input.plan.targets;
  const treated = old.NUM_SUBJECTS_TREATED ?? null;
  const keepCompleted = old.NUM_SUBJECTS_COMPLETED != null && (treated === null || t.completed <= treated);
  return {
    ...input,
    plan: {
      ...input.plan,
      targets: {
        ...old,
        SUBJECTS_TO_SCREEN: {
          ...old.SUBJECTS_TO_SCREEN,
          lowerBound: t.screened,
          upperBound: old.SUBJECTS_TO_SCREEN?.upperBound == null ? null : t.screened,
        },
        // The engine takes the screen fail rate or the enrolled target, not both: keep the plan's way.
        ...(old.NUM_SUBJECTS_ENROLLED != null ? { NUM_SUBJECTS_ENROLLED: t.enrolled } : {}),
        ...(keepCompleted ? { NUM_SUBJECTS_COMPLETED: t.completed } : {}),
      },
    },
  };
}
