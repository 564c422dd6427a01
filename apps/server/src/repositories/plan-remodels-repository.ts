import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { ctmsExtracts, planRemodels } from '../db/schema';

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
