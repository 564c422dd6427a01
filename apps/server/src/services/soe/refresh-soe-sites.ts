import { SOE_MESSAGES } from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { writeAudit } from '../../repositories/audit-repository';
import { findLatestCtmsExtract } from '../../repositories/ctms-extracts-repository';
import { upsertSoeSites } from '../../repositories/soe-extras-repository';
import { listContractedCtmsSites } from '../../repositories/soe-plan-repository';
import { withEditableSoe } from './guards/soe-guards';
import { SOE_AUDIT_ENTITY } from './write-soe-form';

/**
 * Contract statuses that make a site selectable: design/soe-costing.md section 6 names 'Fully Executed'; CTMS
 * extracts (the demo's among them) also write a plain 'Executed' for the same state.
 */
export const FULLY_EXECUTED_CONTRACT_STATUSES = ['Fully Executed', 'Executed'];

/**
 * POST /ctpo/study/{studyId}/SOESiteSelectedList: every site of the study's latest CTMS extract with a fully
 * executed contract becomes selectable in the SOE's site picker. Sites already listed keep their site id (and so
 * their contract values); sites no longer in the extract stay, so no contract is lost. Answers how many sites the
 * extract made selectable.
 */
export async function refreshSoeSites(db: Db, user: AuthUser, studyId: number, soeId: number) {
  return withEditableSoe(db, user, { studyId, soeId }, async (tx, soe) => {
    const extract = await findLatestCtmsExtract(tx, studyId);
    const sites = extract
      ? await listContractedCtmsSites(tx, extract.extractId, FULLY_EXECUTED_CONTRACT_STATUSES)
      : [];
    await upsertSoeSites(tx, soe.soeId, sites);
    // The version stays: the site list is no edit a save could conflict with (the editor reloads after a refresh).
    await writeAudit(tx, user, {
      entity: SOE_AUDIT_ENTITY,
      entityId: soe.soeId,
      entityVersion: soe.version,
      studyId,
      action: 'update',
      newValues: { siteListRefreshed: sites.length, extractVersion: extract?.version ?? null },
    });
    return { message: SOE_MESSAGES.siteListRefreshed, sites: sites.length };
  });
}
