import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { studies, studyPlanCombinationMembers, studyPlans } from '../db/schema';

export type PlanRow = typeof studyPlans.$inferSelect;
export type NewPlanRow = typeof studyPlans.$inferInsert;
/** The plan columns a write may set; identity, study, creator and stamps are set by the repository's callers. */
export type PlanChanges = Partial<Omit<NewPlanRow, 'studyPlanId' | 'studyId' | 'rowVersion'>>;

const live = (planId: number) => and(eq(studyPlans.studyPlanId, planId), isNull(studyPlans.deletedAt));

/** The study's live plans, most recently changed first. */
export async function listLivePlans(db: Db, studyId: number): Promise<PlanRow[]> {
  return db
    .select()
    .from(studyPlans)
    .where(and(eq(studyPlans.studyId, studyId), isNull(studyPlans.deletedAt)))
    .orderBy(desc(studyPlans.updateDate), desc(studyPlans.studyPlanId));
}

/** A live plan with the study fields the plan shows; null when unknown or deleted. */
export async function findLivePlan(db: Db | Tx, planId: number) {
  const [row] = await db
    .select({
      plan: studyPlans,
      projectId: studies.projectId,
      studyName: studies.studyName,
      sponsorName: studies.sponsorName,
    })
    .from(studyPlans)
    .innerJoin(studies, eq(studies.studyId, studyPlans.studyId))
    .where(live(planId))
    .limit(1);
  return row ?? null;
}

/** Locks a live plan's row for the rest of the transaction, so two saves of one plan run one after the other. */
export async function lockLivePlan(tx: Tx, planId: number): Promise<PlanRow | null> {
  const [row] = await tx.select().from(studyPlans).where(live(planId)).for('update').limit(1);
  return row ?? null;
}

/** Names of the study's live plans, except one plan (the one being saved). */
export async function livePlanNames(tx: Db | Tx, studyId: number, exceptPlanId?: number): Promise<string[]> {
  const rows = await tx
    .select({ name: studyPlans.studyPlanName })
    .from(studyPlans)
    .where(
      and(
        eq(studyPlans.studyId, studyId),
        isNull(studyPlans.deletedAt),
        exceptPlanId === undefined ? undefined : ne(studyPlans.studyPlanId, exceptPlanId),
      ),
    );
  return rows.map((r) => r.name);
}

/** Live plans of one study among the given ids. */
export async function findLivePlansInStudy(tx: Tx, studyId: number, planIds: number[]): Promise<PlanRow[]> {
  if (planIds.length === 0) return [];
  return tx
    .select()
    .from(studyPlans)
    .where(
      and(
        eq(studyPlans.studyId, studyId),
        inArray(studyPlans.studyPlanId, planIds),
        isNull(studyPlans.deletedAt),
      ),
    );
}

export async function insertPlan(tx: Tx, values: NewPlanRow): Promise<PlanRow> {
  const [row] = await tx.insert(studyPlans).values(values).returning();
  return row!;
}

/** Writes changes and raises row_version by one; the caller holds the row lock and has checked the version. */
export async function updatePlan(tx: Tx, planId: number, changes: PlanChanges): Promise<PlanRow> {
  const [row] = await tx
    .update(studyPlans)
    .set({ ...changes, rowVersion: sql`${studyPlans.rowVersion} + 1` })
    .where(eq(studyPlans.studyPlanId, planId))
    .returning();
  return row!;
}

/** Soft delete: the plan and its children stay for admins and auditors. */
export async function softDeletePlan(tx: Tx, planId: number, deletedBy: string): Promise<void> {
  await tx
    .update(studyPlans)
    .set({ deletedAt: sql`now()`, deletedBy, rowVersion: sql`${studyPlans.rowVersion} + 1` })
    .where(eq(studyPlans.studyPlanId, planId));
}

export async function insertCombinationMembers(tx: Tx, combinationPlanId: number, memberIds: number[]) {
  await tx
    .insert(studyPlanCombinationMembers)
    .values(memberIds.map((memberPlanId, position) => ({ combinationPlanId, memberPlanId, position })));
}

/** Live combination plans that use this plan. */
export async function liveCombinationsUsing(tx: Tx, memberPlanId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: studyPlanCombinationMembers.combinationPlanId })
    .from(studyPlanCombinationMembers)
    .innerJoin(studyPlans, eq(studyPlans.studyPlanId, studyPlanCombinationMembers.combinationPlanId))
    .where(and(eq(studyPlanCombinationMembers.memberPlanId, memberPlanId), isNull(studyPlans.deletedAt)));
  return rows.map((r) => r.id);
}

/**
 * Keeps the study list's plan summary current, in the caller's transaction: whether the study has live plans, and
 * when its plans last changed (now, the transaction's time).
 */
export async function refreshStudyPlanSummary(tx: Tx, studyId: number): Promise<void> {
  await tx
    .update(studies)
    .set({
      enrollmentPlanExists: sql`exists (select 1 from ${studyPlans} where ${studyPlans.studyId} = ${studyId} and ${studyPlans.deletedAt} is null)`,
      enrollmentPlanLastUpdate: sql`now()`,
    })
    .where(eq(studies.studyId, studyId));
}

/** True when a database error is the unique index on live plan names (two saves raced for one name). */
export function isPlanNameConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint;
  return code === '23505' && constraint === 'study_plans_study_name_key';
}
