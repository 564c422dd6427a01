import { STUDY_LEVEL_SITE_GROUP_ID, toCents, type SoeSaveBody, type SoeSaveResult } from '@predict/shared';
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
  deleteMapping,
  upsertMapping,
  writeAssessmentLevels,
  writeVisitLevels,
} from '../../../repositories/soe-rows-repository';
import { withEditableSoe } from '../guards/soe-guards';
import { SOE_AUDIT_ENTITY } from '../write-soe-form';
import { checkSoeSave, type CheckedSave, type RowRef } from './check-soe-save';
import { writeAssessments, writeVisits } from './write-soe-lists';

const centsOrNull = (n: number | null) => (n === null ? null : toCents(n));

/** What the audit row says changed, filled in the save's order. */
type Changes = Record<string, unknown>;

/** The table ids of the save's visit and assessment references (new rows by their index in the body's list). */
interface SavedIds {
  visitId(ref: RowRef): number;
  assessmentId(ref: RowRef): number;
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
  const changed: Changes = {};

  await writeLevelSettings(tx, soeId, body, checked, changed);
  const visits = body.visits ? await writeVisits(tx, soeId, body.visits) : undefined;
  if (visits) changed.visits = visits.counts;
  const assessments = body.assessments
    ? await writeAssessments(tx, soeId, body.assessments, checked)
    : undefined;
  if (assessments) changed.assessments = assessments.counts;
  const ids: SavedIds = {
    visitId: (ref) => ('id' in ref ? ref.id : visits!.ids.get(ref.newIndex)!),
    assessmentId: (ref) => ('id' in ref ? ref.id : assessments!.ids.get(ref.newIndex)!),
  };
  await writeLevelValues(tx, soeId, body, checked, ids, changed);
  await writeMapping(tx, soeId, body, checked, ids, changed);
  await writeRisksAndNotes(tx, soeId, body, changed);

  const version = await finishSave(tx, user, soe, checked.soeCurrency, changed);
  return {
    version,
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

/** Countries' and sites' currencies (the SOE's own currency at rate 1) and contract dates. */
async function writeLevelSettings(
  tx: Tx,
  soeId: number,
  body: SoeSaveBody,
  checked: CheckedSave,
  changed: Changes,
): Promise<void> {
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
}

/** Visit and assessment values at a country or site. */
async function writeLevelValues(
  tx: Tx,
  soeId: number,
  body: SoeSaveBody,
  checked: CheckedSave,
  ids: SavedIds,
  changed: Changes,
): Promise<void> {
  if (body.visitLevelValues?.length) {
    await writeVisitLevels(
      tx,
      body.visitLevelValues.map((l) => ({
        soeId,
        visitId: ids.visitId(checked.visitRef(l.visitKey)),
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
        assessmentId: ids.assessmentId(checked.assessmentRef(l.assessmentKey)),
        siteGroupId: l.siteGroupId,
        siteId: l.siteId,
        assessmentCostCents: centsOrNull(l.assessmentCost),
      })),
    );
    changed.assessmentLevelValues = body.assessmentLevelValues.length;
  }
}

/** The grid: ticked cells are written (with their multiplier), unticked ones deleted. */
async function writeMapping(
  tx: Tx,
  soeId: number,
  body: SoeSaveBody,
  checked: CheckedSave,
  ids: SavedIds,
  changed: Changes,
): Promise<void> {
  if (!body.mapping?.length) return;
  const cells = body.mapping.map((m) => ({
    m,
    visitId: ids.visitId(checked.visitRef(m.visitKey)),
    assessmentId: ids.assessmentId(checked.assessmentRef(m.assessmentKey)),
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

/** The risk assessment rows and the sampling notes (blank text stored as null). */
async function writeRisksAndNotes(tx: Tx, soeId: number, body: SoeSaveBody, changed: Changes): Promise<void> {
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
}

/** Raises the SOE's version (and sets its currency), refreshes the study list's columns, audits; the new version. */
async function finishSave(
  tx: Tx,
  user: AuthUser,
  soe: SoeRow,
  soeCurrency: CheckedSave['soeCurrency'],
  changed: Changes,
): Promise<number> {
  const soeId = soe.soeId;
  await refreshSoeDetailFlags(tx, soeId);
  const updated = await updateSoe(tx, soeId, {
    ...(soeCurrency !== soe.currency ? { currency: soeCurrency } : {}),
    updateBy: user.name,
    updateDate: new Date(),
  });
  if (soeCurrency !== soe.currency) changed.soeCurrency = soeCurrency;
  await refreshStudySoeSummary(tx, soe.studyId);
  await writeAudit(tx, user, {
    entity: SOE_AUDIT_ENTITY,
    entityId: soeId,
    entityVersion: updated.version,
    studyId: soe.studyId,
    action: 'update',
    newValues: changed,
  });
  return updated.version;
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
