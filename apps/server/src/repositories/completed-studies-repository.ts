import { inArray } from 'drizzle-orm';
import type { ImportedStudyIdentity } from '@predict/shared';
import type { Db, Tx } from '../db/client';
import { studies } from '../db/schema';

/** The project codes of `projectIds` that are studies already. */
export async function findExistingProjectIds(
  db: Db | Tx,
  projectIds: readonly string[],
): Promise<Set<string>> {
  if (projectIds.length === 0) return new Set();
  const rows = await db
    .select({ projectId: studies.projectId })
    .from(studies)
    .where(inArray(studies.projectId, [...projectIds]));
  return new Set(rows.map((r) => r.projectId));
}

/**
 * Inserts an imported completed study (a won opportunity: 'Closed Won'); null when its project code exists (the
 * unique index decides, so two imports racing for one code cannot both insert it).
 */
export async function insertImportedStudy(
  tx: Tx,
  identity: ImportedStudyIdentity,
  isDemo: boolean,
): Promise<number | null> {
  const [row] = await tx
    .insert(studies)
    .values({ ...identity, opportunityStage: 'Closed Won', isDemo })
    .onConflictDoNothing()
    .returning({ studyId: studies.studyId });
  return row?.studyId ?? null;
}
