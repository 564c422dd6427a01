import {
  isGridAssessmentType,
  STUDY_LEVEL_SITE_GROUP_ID,
  toCents,
  type SoeSaveBody,
  type SoeSaveResult,
} from '@predict/shared';
import type { AuthUser } from '../../../auth/types';
import type { Db, Tx } from '../../../db/client';
import { writeAudit } from '../../../repositories/audit-repository';
import {
  updateRiskRow,
  writeLevelSetting,
  writeSamplingNote,
} from '../../../repositories/soe-extras-repository';
import {
  refreshSoeDetailFlags,
  refreshStudySoeSummary,
  updateSoe,
  type SoeRow,
} from '../../../repositories/soe-repository';
import {
  deleteAssessmentsExcept,
  deleteMapping,
  deleteMappingOfAssessments,
  deleteVisitsExcept,
  insertAssessments,
  insertVisits,
  updateAssessments,
  updateVisits,
  upsertMapping,
  writeAssessmentLevels,
  writeVisitLevels,
} from '../../../repositories/soe-rows-repository';
import { withEditableSoe } from '../guards/soe-guards';
import { SOE_AUDIT_ENTITY } from '../write-soe-form';
import { checkSoeSave, type CheckedSave, type RowRef } from './check-soe-save';
import { assessmentRow, visitRow } from './soe-save-rows';

const centsOrNull = (n: number | null) => (n === null ? null : toCents(n));

/** Replaces the visit list: rows with an id are rewritten, new rows inserted, rows left out deleted (with their cells). */
async function writeVisits(tx: Tx, soeId: number, visits: NonNullable<SoeSaveBody['visits']>) {
  const rows = visits.map((v, i) => ({ input: v, row: visitRow(soeId, v, i) }));
  const existing = rows.filter((r) => r.input.scheduleOfEventsVisitId !== null);
  const deleted = await deleteVisitsExcept(
    tx,
    soeId,
    existing.map((r) => r.input.scheduleOfEventsVisitId!),
  );
  await updateVisits(
    tx,
    existing.map((r) => ({ ...r.row, visitId: r.input.scheduleOfEventsVisitId! })),
  );
  const fresh = rows.filter((r) => r.input.scheduleOfEventsVisitId === null);
  const newIds = await insertVisits(
    tx,
    fresh.map((r) => r.row),
  );
  const ids = new Map<number, number>();
  let n = 0;
  visits.forEach((v, i) => ids.set(i, v.scheduleOfEventsVisitId ?? newIds[n++]!));
  return { ids, counts: { added: fresh.length, updated: existing.length, deleted } };
}

async function writeAssessments(
  tx: Tx,
  soeId: number,
  assessments: NonNullable<SoeSaveBody['assessments']>,
  checked: CheckedSave,
) {
  const rows = assessments.map((a, i) => ({ input: a, row: assessmentRow(soeId, a, i) }));
  const existing = rows.filter((r) => r.input.scheduleOfEventsAssessmentId !== null);
  const deleted = await deleteAssessmentsExcept(
    tx,
    soeId,
    existing.map((r) => r.input.scheduleOfEventsAssessmentId!),
  );
  await updateAssessments(
    tx,
    existing.map((r) => ({ ...r.row, assessmentId: r.input.scheduleOfEventsAssessmentId! })),
  );
  // An assessment that became a site-cost type leaves the grid.
  await deleteMappingOfAssessments(
    tx,
    existing
      .filter(
        (r) =>
          !isGridAssessmentType(r.row.assessmentType) &&
          isGridAssessmentType(
            checked.existingAssessmentTypes.get(r.input.scheduleOfEventsAssessmentId!) ?? '',
          ),
      )
      .map((r) => r.input.scheduleOfEventsAssessmentId!),
  );
  const fresh = rows.filter((r) => r.input.scheduleOfEventsAssessmentId === null);
  const newIds = await insertAssessments(
    tx,
    fresh.map((r) => r.row),
  );
  const ids = new Map<number, number>();
  let n = 0;
  assessments.forEach((a, i) => ids.set(i, a.scheduleOfEventsAssessmentId ?? newIds[n++]!));
  return { ids, counts: { added: fresh.length, updated: existing.length, deleted } };
}

/**
 * Applies one save (spec/2 section 4's order: currency, contract dates, visits, assessments, level values, grid,
 * risks, sampling notes) to a locked SOE whose version was checked, then raises the version, refreshes the study
 * list's SOE columns and writes one audit row naming what changed. Throws before any write when a check fails.
 */
export async function applySoeSave(
  tx: Tx,
  user: AuthUser,
  soe: SoeRow,
  body: SoeSaveBody,
): Promise<SoeSaveResult> {
  const checked = await checkSoeSave(tx, soe, body);
  const soeId = soe.soeId;
  const changed: Record<string, unknown> = {};

  for (const c of body.currencies ?? []) {
    if (c.siteGroupId === STUDY_LEVEL_SITE_GROUP_ID) continue;
    const rate = c.currency === null ? null : c.currency === checked.soeCurrency ? 1 : c.exchangeRate;
    await writeLevelSetting(tx, soeId, c, { currency: c.currency, exchangeRate: rate });
  }
  if (body.currencies?.length) changed.currencies = body.currencies.length;
  for (const d of body.contractDates ?? []) {
    await writeLevelSetting(tx, soeId, d, { siteContractEffectiveDate: d.siteContractEffectiveDate });
  }
  if (body.contractDates?.length) changed.contractDates = body.contractDates.length;

  const visits = body.visits ? await writeVisits(tx, soeId, body.visits) : undefined;
  if (visits) changed.visits = visits.counts;
  const assessments = body.assessments
    ? await writeAssessments(tx, soeId, body.assessments, checked)
    : undefined;
  if (assessments) changed.assessments = assessments.counts;
  const visitId = (ref: RowRef) => ('id' in ref ? ref.id : visits!.ids.get(ref.newIndex)!);
  const assessmentId = (ref: RowRef) => ('id' in ref ? ref.id : assessments!.ids.get(ref.newIndex)!);

  if (body.visitLevelValues?.length) {
    await writeVisitLevels(
      tx,
      body.visitLevelValues.map((l) => ({
        soeId,
        visitId: visitId(checked.visitRef(l.visitKey)),
        siteGroupId: l.siteGroupId,
        siteId: l.siteId,
        visitOverheadPct: l.visitOverheadPct,
        visitCostCents: centsOrNull(l.visitCost),
        visitCostTotalCents: centsOrNull(l.visitCostTotal),
      })),
    );
    changed.visitLevelValues = body.visitLevelValues.length;
  }
  if (body.assessmentLevelValues?.length) {
    await writeAssessmentLevels(
      tx,
      body.assessmentLevelValues.map((l) => ({
        soeId,
        assessmentId: assessmentId(checked.assessmentRef(l.assessmentKey)),
        siteGroupId: l.siteGroupId,
        siteId: l.siteId,
        assessmentCostCents: centsOrNull(l.assessmentCost),
      })),
    );
    changed.assessmentLevelValues = body.assessmentLevelValues.length;
  }

  if (body.mapping?.length) {
    const cells = body.mapping.map((m) => ({
      m,
      visitId: visitId(checked.visitRef(m.visitKey)),
      assessmentId: assessmentId(checked.assessmentRef(m.assessmentKey)),
    }));
    const ticked = cells.filter((c) => c.m.mappingAssessmentVisit === 1);
    const unticked = cells.filter((c) => c.m.mappingAssessmentVisit === 0);
    await upsertMapping(
      tx,
      ticked.map((c) => ({
        soeId,
        visitId: c.visitId,
        assessmentId: c.assessmentId,
        multiplier: c.m.multiplier ?? 1,
        uniqueNonUniqueForm: c.m.uniqueNonUniqueForm,
      })),
    );
    await deleteMapping(
      tx,
      soeId,
      unticked.map((c) => [c.visitId, c.assessmentId]),
    );
    changed.mapping = { ticked: ticked.length, unticked: unticked.length };
  }

  for (const r of body.risks ?? []) {
    await updateRiskRow(tx, soeId, r.scheduleOfEventsRiskAssessmentId, {
      studySpecifics: r.riskAssessmentStudySpecifics?.trim() || null,
      riskScore: r.riskAssessmentRiskScore,
    });
  }
  if (body.risks?.length) changed.risks = body.risks.length;
  for (const n of body.samplingNotes ?? []) {
    await writeSamplingNote(tx, soeId, { ...n, notes: n.notes?.trim() || null });
  }
  if (body.samplingNotes?.length) changed.samplingNotes = body.samplingNotes.length;

  await refreshSoeDetailFlags(tx, soeId);
  const updated = await updateSoe(tx, soeId, {
    ...(checked.soeCurrency !== soe.currency ? { currency: checked.soeCurrency } : {}),
    updateBy: user.name,
    updateDate: new Date(),
  });
  if (checked.soeCurrency !== soe.currency) changed.soeCurrency = checked.soeCurrency;
  await refreshStudySoeSummary(tx, soe.studyId);
  await writeAudit(tx, user, {
    entity: SOE_AUDIT_ENTITY,
    entityId: soeId,
    entityVersion: updated.version,
    studyId: soe.studyId,
    action: 'update',
    newValues: changed,
  });
  return {
    version: updated.version,
    visits: (body.visits ?? []).map((v, i) => ({
      visitKey: v.visitKey,
      scheduleOfEventsVisitId: visits!.ids.get(i)!,
    })),
    assessments: (body.assessments ?? []).map((a, i) => ({
      assessmentKey: a.assessmentKey,
      scheduleOfEventsAssessmentId: assessments!.ids.get(i)!,
    })),
  };
}

/**
 * POST /ctpo/soe/{id}/save: the editor's change logs in one transaction against the version it read (409 when
 * stale). `studyId` is the study of the address for the spec's per-table calls; `version` undefined skips the check.
 */
export async function saveSoe(
  db: Db,
  user: AuthUser,
  target: { soeId: number; studyId: number | null },
  body: SoeSaveBody,
  checkVersion = true,
): Promise<SoeSaveResult> {
  return withEditableSoe(
    db,
    user,
    { ...target, version: checkVersion ? body.version : undefined },
    (tx, soe) => applySoeSave(tx, user, soe, body),
  );
}
