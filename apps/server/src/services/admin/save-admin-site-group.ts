import {
  SITE_GROUP_VERSION_CONFLICT_MESSAGE,
  type AdminSiteGroup,
  type AdminSiteGroupSave,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../http-errors';
import { writeAudit } from '../../repositories/audit-repository';
import {
  findSiteGroup,
  replaceSiteGroupChildren,
  updateSiteGroupReference,
} from '../../repositories/site-groups-repository';
import { presentAdminSiteGroup } from './presenters/site-group-presenter';
import { readAdminSiteGroup, siteGroupOptionsAnswer } from './read-site-groups';

/** A save based on an older version of the site group; the answer carries the current version (409). */
export class SiteGroupVersionConflict extends HttpError {
  constructor(readonly currentVersion: number) {
    super(409, SITE_GROUP_VERSION_CONFLICT_MESSAGE, undefined, { currentVersion });
  }
}

/**
 * POST /ctpo/study/0/AdminDataUpload: replaces a site group's reference values, activation profile and seasonal
 * variations in one transaction with its audit row (old and new values), raising the version by one. The body has
 * passed every rule of the admin screen already (AdminSiteGroupSaveBody). Plans keep their own copies, so a save
 * here changes only plans that add the country afterwards.
 */
export async function saveAdminSiteGroup(
  db: Db,
  user: AuthUser,
  body: AdminSiteGroupSave,
): Promise<AdminSiteGroup> {
  const { siteGroupId, version, activationProfiles, enrollmentVariations, timeSIVDays, ...days } = body;
  await db.transaction(async (tx) => {
    const current = await findSiteGroup(tx, siteGroupId, true);
    if (!current) throw notFound('Site group');
    if (current.group.version !== version) throw new SiteGroupVersionConflict(current.group.version);
    const newVersion = await updateSiteGroupReference(tx, siteGroupId, { ...days, timeSivDays: timeSIVDays });
    await replaceSiteGroupChildren(tx, siteGroupId, activationProfiles, enrollmentVariations);
    await writeAudit(tx, user, {
      entity: 'site_group',
      entityId: siteGroupId,
      entityVersion: newVersion,
      action: 'update',
      oldValues: presentAdminSiteGroup(current),
      newValues: { ...body, version: newVersion },
    });
  });
  siteGroupOptionsAnswer.drop(db); // committed: the next reference read rebuilds at once
  return readAdminSiteGroup(db, siteGroupId);
}
