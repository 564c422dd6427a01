import {
  NEW_SOE_STATUS,
  RISK_ASSESSMENT_CATEGORIES,
  SOE_MESSAGES,
  DEFAULT_SOE_CURRENCY,
  type SoeEditBody,
  type SoeFormBody,
  type SoeIdAnswer,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db, Tx } from '../../db/client';
import { writeAudit, type AuditEntry } from '../../repositories/audit-repository';
import { insertRiskRows } from '../../repositories/soe-extras-repository';
import { findLivePlan } from '../../repositories/plans-repository';
import {
  insertSoe,
  refreshStudySoeSummary,
  soeNameTaken,
  type SoeChanges,
  updateSoe,
} from '../../repositories/soe-repository';
import { requireStudy } from '../studies/guards/require-study';
import { invalidSoeBody, withEditableSoe, withUniqueSoeName } from './guards/soe-guards';
import { auditedSoeFields, soeFormColumns } from './soe-form-columns';

export const SOE_AUDIT_ENTITY = 'schedule_of_events';

/**
 * Writes an SOE's own columns as `user` (its version raised), refreshes the study list's SOE columns and audits the
 * change, in the caller's transaction. Answers the row written.
 */
export async function updateSoeAudited(
  tx: Tx,
  user: AuthUser,
  at: { studyId: number; soeId: number },
  columns: Omit<SoeChanges, 'updateBy' | 'updateDate'>,
  audit: Pick<AuditEntry, 'oldValues' | 'newValues'>,
) {
  const updated = await updateSoe(tx, at.soeId, { ...columns, updateBy: user.name, updateDate: new Date() });
  await refreshStudySoeSummary(tx, at.studyId);
  await writeAudit(tx, user, {
    entity: SOE_AUDIT_ENTITY,
    entityId: at.soeId,
    entityVersion: updated.version,
    studyId: at.studyId,
    action: 'update',
    ...audit,
  });
  return updated;
}

/** The form's checks that need the database: a unique name in the study and a live plan of the study. */
async function checkForm(tx: Tx, studyId: number, form: SoeFormBody, exceptSoeId?: number) {
  const fields: { path: string; message: string }[] = [];
  if (await soeNameTaken(tx, studyId, form.scheduleOfEventsName, exceptSoeId))
    fields.push({ path: 'scheduleOfEventsName', message: SOE_MESSAGES.nameUnique });
  if (form.studyPlanId !== null) {
    const plan = await findLivePlan(tx, form.studyPlanId);
    if (!plan || plan.plan.studyId !== studyId)
      fields.push({ path: 'studyPlanId', message: SOE_MESSAGES.option });
  }
  if (fields.length > 0) throw invalidSoeBody(fields);
}

/** Creates the rows every SOE has from the start: the Initial Risk Assessment categories. */
export async function createRiskRows(tx: Tx, soeId: number) {
  await insertRiskRows(
    tx,
    RISK_ASSESSMENT_CATEGORIES.map((c, i) => ({
      soeId,
      sortOrder: i + 1,
      category: c.category,
      low: c.low,
      moderate: c.moderate,
      high: c.high,
    })),
  );
}

/** POST /ctpo/study/{studyId}/soe: a new SOE (Draft unless the form says Final) with its risk rows. */
export async function createSoe(
  db: Db,
  user: AuthUser,
  studyId: number,
  form: SoeFormBody,
): Promise<SoeIdAnswer> {
  await requireStudy(db, studyId);
  return withUniqueSoeName('scheduleOfEventsName', () =>
    db.transaction(async (tx) => {
      await checkForm(tx, studyId, form);
      const columns = soeFormColumns(form);
      const soe = await insertSoe(tx, {
        ...columns,
        soeName: columns.soeName!,
        soeDescr: columns.soeDescr!,
        status: columns.status ?? NEW_SOE_STATUS,
        currency: columns.currency ?? DEFAULT_SOE_CURRENCY,
        studyId,
        createdByIssuer: user.issuer,
        createdBySubject: user.subject,
        insertBy: user.name,
        updateBy: user.name,
      });
      await createRiskRows(tx, soe.soeId);
      await refreshStudySoeSummary(tx, studyId);
      await writeAudit(tx, user, {
        entity: SOE_AUDIT_ENTITY,
        entityId: soe.soeId,
        entityVersion: soe.version,
        studyId,
        action: 'create',
        newValues: auditedSoeFields(columns),
      });
      return [{ Id: soe.soeId }];
    }),
  );
}

/** POST /ctpo/study/{studyId}/SOEEdit: the form's fields of an SOE, against its version (409 when stale). */
export async function editSoe(
  db: Db,
  user: AuthUser,
  studyId: number,
  body: SoeEditBody,
): Promise<SoeIdAnswer> {
  const target = { studyId, soeId: body.scheduleOfEventsId, version: body.version };
  return withUniqueSoeName('scheduleOfEventsName', () =>
    withEditableSoe(db, user, target, async (tx, soe) => {
      await checkForm(tx, studyId, body, soe.soeId);
      const columns = soeFormColumns(body);
      await updateSoeAudited(tx, user, { studyId, soeId: soe.soeId }, columns, {
        oldValues: auditedSoeFields(soe),
        newValues: auditedSoeFields(columns),
      });
      return [{ Id: soe.soeId }];
    }),
  );
}
