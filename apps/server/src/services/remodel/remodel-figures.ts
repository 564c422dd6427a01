import type { Tx } from '../../db/client';
import {
  findStudyTargetRows,
  updateStudyMilestoneGoal,
  updateStudyParameterBounds,
} from '../../repositories/plan-remodels-repository';

/** The Remodel form's re-model patient figures (spec/3 'screenPatientsReModel' etc.). */
export interface RemodelFigures {
  screened: number;
  enrolled: number;
  completed: number;
}

/**
 * The re-model figures become the new plan's own targets where it has them, the same way the run uses them
 * (remodel-run-input.ts): subjects to screen always (its upper bound too when it has one), patients enrolled where
 * the plan states that goal, patients completing follow-up where it states that goal and it stays within the
 * treated goal. So the plan's detail, step 1 and review show what the remodel forecasts.
 */
export async function applyRemodelFigures(tx: Tx, studyPlanId: number, f: RemodelFigures): Promise<void> {
  const { parameters, milestones } = await findStudyTargetRows(tx, studyPlanId);
  const screen = parameters.find((p) => p.name === 'SUBJECTS_TO_SCREEN');
  const goal = (name: string) => milestones.find((m) => m.name === name);
  if (screen)
    await updateStudyParameterBounds(tx, studyPlanId, 'SUBJECTS_TO_SCREEN', {
      lowerBound: f.screened,
      upperBound: screen.upperBound === null ? null : f.screened,
    });
  if (goal('NUM_SUBJECTS_ENROLLED')?.lowerBound != null)
    await updateStudyMilestoneGoal(tx, studyPlanId, 'NUM_SUBJECTS_ENROLLED', f.enrolled);
  const treated = goal('NUM_SUBJECTS_TREATED')?.lowerBound ?? null;
  if (goal('NUM_SUBJECTS_COMPLETED')?.lowerBound != null && (treated === null || f.completed <= treated))
    await updateStudyMilestoneGoal(tx, studyPlanId, 'NUM_SUBJECTS_COMPLETED', f.completed);
}
