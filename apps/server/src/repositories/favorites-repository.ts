import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { favorites, studies } from '../db/schema';

/** The user's favorites with their studies, in PCN order. */
export async function listFavorites(db: Db | Tx, userId: string) {
  return db
    .select({ studyId: studies.studyId, projectId: studies.projectId, studyName: studies.studyName })
    .from(favorites)
    .innerJoin(studies, eq(studies.studyId, favorites.studyId))
    .where(eq(favorites.userId, userId))
    .orderBy(asc(studies.projectId));
}

/** Adds a favorite; returns false when it was one already. */
export async function insertFavorite(tx: Tx, userId: string, studyId: number): Promise<boolean> {
  const inserted = await tx
    .insert(favorites)
    .values({ userId, studyId })
    .onConflictDoNothing()
    .returning({ id: favorites.favoriteId });
  return inserted.length > 0;
}

/** Removes a favorite; returns false when there was none. */
export async function deleteFavorite(tx: Tx, userId: string, studyId: number): Promise<boolean> {
  const deleted = await tx
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.studyId, studyId)))
    .returning({ id: favorites.favoriteId });
  return deleted.length > 0;
}
