import type { Favorite } from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { forbidden } from '../../http-errors';
import { writeAudit } from '../../repositories/audit-repository';
import { deleteFavorite, insertFavorite, listFavorites } from '../../repositories/favorites-repository';
import { findStudy } from '../../repositories/studies-repository';
import { notFound } from '../../http-errors';

/** Favorites belong to the signed-in user: the user id in a request must be their own email. */
function assertOwnUserId(user: AuthUser, userId: string): string {
  if (userId.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw forbidden('You can only see and change your own favorites.');
  }
  return user.email.toLowerCase();
}

export async function listUserFavorites(db: Db, user: AuthUser, userId: string): Promise<Favorite[]> {
  const owner = assertOwnUserId(user, userId);
  const rows = await listFavorites(db, owner);
  return rows.map((r) => ({ ...r, userId: user.email, isFavorite: true }));
}

export async function addFavorite(
  db: Db,
  user: AuthUser,
  userId: string,
  studyId: number,
): Promise<Favorite> {
  const owner = assertOwnUserId(user, userId);
  const study = await findStudy(db, studyId);
  if (!study) throw notFound('Study');
  await db.transaction(async (tx) => {
    if (await insertFavorite(tx, owner, studyId)) {
      await writeAudit(tx, user, {
        entity: 'favorite',
        entityId: `${owner}:${studyId}`,
        studyId,
        action: 'create',
        newValues: { userId: owner, studyId },
      });
    }
  });
  return {
    studyId,
    projectId: study.projectId,
    studyName: study.studyName,
    userId: user.email,
    isFavorite: true,
  };
}

export async function removeFavorite(db: Db, user: AuthUser, userId: string, studyId: number): Promise<void> {
  const owner = assertOwnUserId(user, userId);
  await db.transaction(async (tx) => {
    if (await deleteFavorite(tx, owner, studyId)) {
      await writeAudit(tx, user, {
        entity: 'favorite',
        entityId: `${owner}:${studyId}`,
        studyId,
        action: 'delete',
        oldValues: { userId: owner, studyId },
      });
    }
  });
}
