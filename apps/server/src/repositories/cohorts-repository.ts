import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { studyPlanCohorts } from '../db/schema';

export type CohortRecord = typeof studyPlanCohorts.$inferSelect;
export type NewCohortRecord = typeof studyPlanCohorts.$inferInsert;

/** The plan's cohort rows in table order. */
export async function listCohorts(db: Db | Tx, planId: number): Promise<CohortRecord[]> {
  return db
    .select()
    .from(studyPlanCohorts)
    .where(eq(studyPlanCohorts.studyPlanId, planId))
    .orderBy(asc(studyPlanCohorts.position));
}

/** Replaces all of the plan's cohort rows (the table is saved as a whole); returns the new rows in order. */
export async function replaceCohorts(
  tx: Tx,
  planId: number,
  rows: NewCohortRecord[],
): Promise<CohortRecord[]> {
  await tx.delete(studyPlanCohorts).where(eq(studyPlanCohorts.studyPlanId, planId));
  if (rows.length === 0) return [];
  const inserted = await tx.insert(studyPlanCohorts).values(rows).returning();
  return inserted.sort((a, b) => a.position - b.position);
}
