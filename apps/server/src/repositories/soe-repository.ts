import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { schedulesOfEvents, studyPlans } from '../db/schema';

export type SoeRow = typeof schedulesOfEvents.$inferSelect;
export type NewSoeRow = typeof schedulesOfEvents.$inferInsert;

/** The study's live SOEs, most recently changed first, with the name of the linked plan while that plan is live. */
export async function listLiveSoes(db: Db | Tx, studyId: number) {
  return db
    .select({ soe: schedulesOfEvents, linkedStudyPlanName: studyPlans.studyPlanName })
    .from(schedulesOfEvents)
    .leftJoin(
      studyPlans,
      and(eq(studyPlans.studyPlanId, schedulesOfEvents.studyPlanId), isNull(studyPlans.deletedAt)),
    )
    .where(and(eq(schedulesOfEvents.studyId, studyId), isNull(schedulesOfEvents.deletedAt)))
    .orderBy(desc(schedulesOfEvents.updateDate), desc(schedulesOfEvents.soeId));
}

export type SoeListRecord = Awaited<ReturnType<typeof listLiveSoes>>[number];

export async function insertSoes(tx: Db | Tx, values: NewSoeRow[]): Promise<SoeRow[]> {
  if (values.length === 0) return [];
  return tx.insert(schedulesOfEvents).values(values).returning();
}
