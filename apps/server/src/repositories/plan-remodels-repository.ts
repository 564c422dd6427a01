import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { ctmsExtracts, planRemodels, studyPlanMilestones, studyPlanParameters } from '../db/schema';

export type PlanRemodelRow = typeof planRemodels.$inferSelect;

/** Stores what a Remodel plan re-forecasts from (its extract and go-forward choices). */
export async function insertPlanRemodel(tx: Tx, row: PlanRemodelRow): Promise<void> {
  await tx.insert(planRemodels).values(row);
}

/** The remodel basis of a plan, or undefined for plans that are not remodels. */
export async function findPlanRemodel(db: Db | Tx, studyPlanId: number) {
  const [row] = await db.select().from(planRemodels).where(eq(planRemodels.studyPlanId, studyPlanId));
  return row;
}

/** The as-of time of an extract (remodel plans keep the extract they were made from). */
export async function findExtractAsOf(db: Db | Tx, extractId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ asOf: ctmsExtracts.asOf })
    .from(ctmsExtracts)
    .where(eq(ctmsExtracts.extractId, extractId));
  return row?.asOf;
}

/** A plan's study-level target rows (parameters and milestone goals by name; country rows left out). */
export async function findStudyTargetRows(tx: Tx, studyPlanId: number) {
  const [parameters, milestones] = await Promise.all([
    tx
      .select({
        name: studyPlanParameters.parameterName,
        lowerBound: studyPlanParameters.lowerBound,
        upperBound: studyPlanParameters.upperBound,
      })
      .from(studyPlanParameters)
      .where(
        and(
          eq(studyPlanParameters.studyPlanId, studyPlanId),
          isNull(studyPlanParameters.studyPlanSiteGroupId),
        ),
      ),
    tx
      .select({ name: studyPlanMilestones.milestoneName, lowerBound: studyPlanMilestones.lowerBound })
      .from(studyPlanMilestones)
      .where(
        and(
          eq(studyPlanMilestones.studyPlanId, studyPlanId),
          isNull(studyPlanMilestones.studyPlanSiteGroupId),
        ),
      ),
  ]);
  return { parameters, milestones };
}

/** Sets the bounds of a plan's study-level parameter row (when the plan has it). */
export async function updateStudyParameterBounds(
  tx: Tx,
  studyPlanId: number,
  name: string,
  bounds: { lowerBound: number; upperBound: number | null },
): Promise<void> {
  await tx
    .update(studyPlanParameters)
    .set(bounds)
    .where(
      and(
        eq(studyPlanParameters.studyPlanId, studyPlanId),
        eq(studyPlanParameters.parameterName, name),
        isNull(studyPlanParameters.studyPlanSiteGroupId),
      ),
    );
}

/** Sets the lower bound (the goal) of a plan's study-level milestone row (when the plan has it). */
export async function updateStudyMilestoneGoal(
  tx: Tx,
  studyPlanId: number,
  name: string,
  lowerBound: number,
): Promise<void> {
  await tx
    .update(studyPlanMilestones)
    .set({ lowerBound })
    .where(
      and(
        eq(studyPlanMilestones.studyPlanId, studyPlanId),
        eq(studyPlanMilestones.milestoneName, name),
        isNull(studyPlanMilestones.studyPlanSiteGroupId),
      ),
    );
}
