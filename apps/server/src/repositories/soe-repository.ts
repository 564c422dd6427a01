import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
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

export type SoeChanges = Partial<Omit<NewSoeRow, 'soeId' | 'studyId'>>;

/** A live SOE with the name of its linked plan (while that plan is live), or undefined. */
export async function findLiveSoe(db: Db | Tx, soeId: number) {
  const [row] = await db
    .select({ soe: schedulesOfEvents, studyPlanName: studyPlans.studyPlanName })
    .from(schedulesOfEvents)
    .leftJoin(
      studyPlans,
      and(eq(studyPlans.studyPlanId, schedulesOfEvents.studyPlanId), isNull(studyPlans.deletedAt)),
    )
    .where(and(eq(schedulesOfEvents.soeId, soeId), isNull(schedulesOfEvents.deletedAt)));
  return row;
}

/** Locks a live SOE row for a write (concurrent saves queue here and then see the new version). */
export async function lockLiveSoe(tx: Tx, soeId: number): Promise<SoeRow | undefined> {
  const [row] = await tx
    .select()
    .from(schedulesOfEvents)
    .where(and(eq(schedulesOfEvents.soeId, soeId), isNull(schedulesOfEvents.deletedAt)))
    .for('update');
  return row;
}

/** True when another live SOE of the study has this name (ignoring case and surrounding spaces). */
export async function soeNameTaken(db: Db | Tx, studyId: number, name: string, exceptSoeId?: number) {
  const [row] = await db
    .select({ id: schedulesOfEvents.soeId })
    .from(schedulesOfEvents)
    .where(
      and(
        eq(schedulesOfEvents.studyId, studyId),
        isNull(schedulesOfEvents.deletedAt),
        sql`lower(btrim(${schedulesOfEvents.soeName})) = lower(btrim(${name}))`,
        exceptSoeId === undefined ? undefined : ne(schedulesOfEvents.soeId, exceptSoeId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertSoe(tx: Tx, values: NewSoeRow): Promise<SoeRow> {
  const [row] = await tx.insert(schedulesOfEvents).values(values).returning();
  return row!;
}

/** Writes changes and raises version and row version by one. */
export async function updateSoe(tx: Tx, soeId: number, changes: SoeChanges): Promise<SoeRow> {
  const [row] = await tx
    .update(schedulesOfEvents)
    .set({
      ...changes,
      version: sql`${schedulesOfEvents.version} + 1`,
      rowVersion: sql`${schedulesOfEvents.rowVersion} + 1`,
    })
    .where(eq(schedulesOfEvents.soeId, soeId))
    .returning();
  return row!;
}

export async function softDeleteSoe(tx: Tx, soeId: number, deletedBy: string): Promise<void> {
  await tx
    .update(schedulesOfEvents)
    .set({ deletedAt: sql`now()`, deletedBy, rowVersion: sql`${schedulesOfEvents.rowVersion} + 1` })
    .where(eq(schedulesOfEvents.soeId, soeId));
}

/**
 * Recomputes an SOE's detail flags from its rows: cost details (any cost at any level), clinical strategy details
 * (sampling fields or comments) and data-management details (CRF fields, comments or U/N cells).
 */
export async function refreshSoeDetailFlags(tx: Tx, soeId: number): Promise<void> {
  await tx.execute(sql`
    update schedules_of_events s set
      has_cost_details =
        exists (select 1 from soe_visits v where v.soe_id = s.soe_id and (v.visit_cost_cents > 0 or v.comments_cost is not null))
        or exists (select 1 from soe_assessments a where a.soe_id = s.soe_id and (a.assessment_cost_cents > 0 or a.comments_cost is not null))
        or exists (select 1 from soe_visit_levels l where l.soe_id = s.soe_id)
        or exists (select 1 from soe_assessment_levels l where l.soe_id = s.soe_id),
      has_clinical_strategy_details =
        exists (select 1 from soe_visits v where v.soe_id = s.soe_id and (v.mi_est_sdr_sdv is not null
          or v.mi_sample_visit = 1 or v.comments_clinical_strategy is not null))
        or exists (select 1 from soe_assessments a where a.soe_id = s.soe_id and a.comments_clinical_strategy is not null),
      has_data_management_details =
        exists (select 1 from soe_visits v where v.soe_id = s.soe_id and (v.dm_unique_crfs is not null
          or v.dm_non_unique_crfs is not null or v.dm_integrated_epro is not null or v.dm_paper_epro is not null
          or v.dm_central_lab is not null or v.dm_local_lab is not null or v.comments_data_management is not null))
        or exists (select 1 from soe_assessments a where a.soe_id = s.soe_id and a.comments_data_management is not null)
        or exists (select 1 from soe_mapping m where m.soe_id = s.soe_id and m.unique_non_unique_form is not null)
    where s.soe_id = ${soeId}`);
}

/**
 * Keeps the study list's SOE columns current in the caller's transaction: whether live SOEs exist, the name and
 * description of the most recently changed one, whether any has cost / clinical strategy / data-management details,
 * and when the study's SOEs last changed (now).
 */
export async function refreshStudySoeSummary(tx: Tx, studyId: number): Promise<void> {
  await tx.execute(sql`
    with live as (
      select * from schedules_of_events where study_id = ${studyId} and deleted_at is null
    ), latest as (
      select soe_name, soe_descr from live order by update_date desc, soe_id desc limit 1
    )
    update studies set
      soe_exists = exists (select 1 from live),
      soe_name = (select soe_name from latest),
      soe_description = (select soe_descr from latest),
      soe_costs = exists (select 1 from live where has_cost_details),
      soe_clinical_informatics = exists (select 1 from live where has_clinical_strategy_details),
      soe_data_management = exists (select 1 from live where has_data_management_details),
      soe_last_update = now()
    where study_id = ${studyId}`);
}

/** True when a database error is the unique index on live SOE names (two writes raced for one name). */
export function isSoeNameConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint;
  return code === '23505' && constraint === 'schedules_of_events_study_name_key';
}
