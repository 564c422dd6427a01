import {
  COUNTRY_LEVEL_SITE_ID,
  STUDY_LEVEL_SITE_GROUP_ID,
  type AssessmentNameEntry,
  type SoeAssessment,
  type SoeAssessmentLevel,
  type SoeDetailAnswer,
  type SoeRiskAssessment,
  type SoeVisit,
  type SoeVisitLevel,
} from '@predict/shared';
import type { AuthUser } from '../../auth/types';
import type { Db } from '../../db/client';
import { notFound } from '../../http-errors';
import { listRiskRows, searchAssessmentNames } from '../../repositories/soe-extras-repository';
import { findLiveSoe } from '../../repositories/soe-repository';
import {
  listAssessmentLevels,
  listSoeAssessments,
  soeMappingJson,
  listSoeVisits,
  listVisitLevels,
} from '../../repositories/soe-rows-repository';
import {
  effective,
  money,
  presentAssessment,
  presentSoeDetail,
  presentVisit,
} from './presenters/soe-editor-presenter';

/** A live SOE or 404 (unknown and deleted SOEs alike). */
export async function requireLiveSoe(db: Db, soeId: number) {
  const found = await findLiveSoe(db, soeId);
  if (!found) throw notFound('Schedule of Events');
  return found;
}

export async function readSoeDetail(db: Db, user: AuthUser, soeId: number): Promise<SoeDetailAnswer> {
  const { soe, studyPlanName } = await requireLiveSoe(db, soeId);
  return { data: [presentSoeDetail(soe, studyPlanName, user)] };
}

export async function readSoeVisits(db: Db, soeId: number): Promise<SoeVisit[]> {
  const { soe } = await requireLiveSoe(db, soeId);
  return (await listSoeVisits(db, soeId)).map((v) => presentVisit(v, soe.studyId));
}

export async function readSoeAssessments(db: Db, soeId: number): Promise<SoeAssessment[]> {
  const { soe } = await requireLiveSoe(db, soeId);
  return (await listSoeAssessments(db, soeId)).map((a) => presentAssessment(a, soe.studyId));
}

/** The ticked cells as JSON text (SoeMappingEntry[]; the route sends it as it is). */
export async function readSoeMapping(db: Db, soeId: number): Promise<string> {
  const { soe } = await requireLiveSoe(db, soeId);
  return soeMappingJson(db, soeId, soe.studyId);
}

const isSite = (siteId: number) => siteId !== COUNTRY_LEVEL_SITE_ID;
const levelSiteIds = (siteId: number) => (isSite(siteId) ? [COUNTRY_LEVEL_SITE_ID, siteId] : [siteId]);

/**
 * The visits at a country (site 1) or site: the level's own values (null = not set) and the effective ones with
 * the level they come from. Site group 0 is the study level: its own values are the visits' study values.
 */
export async function readSoeVisitLevels(
  db: Db,
  soeId: number,
  siteGroupId: number,
  siteId: number,
): Promise<SoeVisitLevel[]> {
  await requireLiveSoe(db, soeId);
  const visits = await listSoeVisits(db, soeId);
  const study = siteGroupId === STUDY_LEVEL_SITE_GROUP_ID;
  const levels = study ? [] : await listVisitLevels(db, soeId, siteGroupId, levelSiteIds(siteId));
  const country = new Map(levels.filter((l) => !isSite(l.siteId)).map((l) => [l.visitId, l]));
  const site = new Map(levels.filter((l) => isSite(l.siteId)).map((l) => [l.visitId, l]));
  return visits.map((v) => {
    const c = country.get(v.visitId);
    const s = isSite(siteId) ? site.get(v.visitId) : undefined;
    const own = study ? undefined : isSite(siteId) ? s : c;
    const chain = (pick: (l: typeof c) => number | null | undefined, studyValue: number | null) => [
      ...(isSite(siteId) && !study ? [{ level: 'site' as const, value: pick(s) }] : []),
      ...(!study ? [{ level: 'country' as const, value: pick(c) }] : []),
      { level: 'study' as const, value: studyValue },
    ];
    const ownOverhead = study ? v.visitOverheadPct : (own?.visitOverheadPct ?? null);
    const ownCost = study ? money(v.visitCostCents) : money(own?.visitCostCents);
    const ownTotal = isSite(siteId) && !study ? money(s?.visitCostTotalCents) : null;
    return {
      scheduleOfEventsVisitId: v.visitId,
      visitName: v.visitName,
      visitCategory: v.visitCategory as SoeVisitLevel['visitCategory'],
      visitStudyDay: v.visitStudyDay,
      visitSortOrder: v.visitSortOrder,
      siteGroupId,
      siteId,
      visitOverheadPct: ownOverhead,
      visitCost: ownCost,
      visitCostTotal: ownTotal,
      effective: {
        visitOverheadPct: effective(chain((l) => l?.visitOverheadPct, v.visitOverheadPct)),
        visitCost: effective(chain((l) => money(l?.visitCostCents), money(v.visitCostCents))),
        // A contract's visit total exists only at sites; nothing inherits it.
        visitCostTotal: { value: ownTotal, from: isSite(siteId) && !study ? 'site' : 'study' },
      },
    };
  });
}

export async function readSoeAssessmentLevels(
  db: Db,
  soeId: number,
  siteGroupId: number,
  siteId: number,
): Promise<SoeAssessmentLevel[]> {
  await requireLiveSoe(db, soeId);
  const assessments = await listSoeAssessments(db, soeId);
  const study = siteGroupId === STUDY_LEVEL_SITE_GROUP_ID;
  const levels = study ? [] : await listAssessmentLevels(db, soeId, siteGroupId, levelSiteIds(siteId));
  const country = new Map(levels.filter((l) => !isSite(l.siteId)).map((l) => [l.assessmentId, l]));
  const site = new Map(levels.filter((l) => isSite(l.siteId)).map((l) => [l.assessmentId, l]));
  return assessments.map((a) => {
    const c = money(country.get(a.assessmentId)?.assessmentCostCents);
    const s = isSite(siteId) ? money(site.get(a.assessmentId)?.assessmentCostCents) : null;
    const studyCost = money(a.assessmentCostCents);
    const chain = [
      ...(isSite(siteId) && !study ? [{ level: 'site' as const, value: s }] : []),
      ...(!study ? [{ level: 'country' as const, value: c }] : []),
      { level: 'study' as const, value: studyCost },
    ];
    return {
      scheduleOfEventsAssessmentId: a.assessmentId,
      assessmentName: a.assessmentName,
      assessmentType: a.assessmentType,
      assessmentSortOrder: a.assessmentSortOrder,
      siteGroupId,
      siteId,
      assessmentCost: study ? studyCost : isSite(siteId) ? s : c,
      effective: { assessmentCost: effective(chain) },
    };
  });
}

export async function readSoeRisks(db: Db, soeId: number): Promise<SoeRiskAssessment[]> {
  await requireLiveSoe(db, soeId);
  return (await listRiskRows(db, soeId)).map((r) => ({
    scheduleOfEventsRiskAssessmentId: r.riskAssessmentId,
    scheduleOfEventsId: soeId,
    riskAssessmentCategory: r.category,
    riskAssessmentStudySpecifics: r.studySpecifics,
    riskAssessmentRiskScore: r.riskScore,
    riskAssessmentLow: r.low,
    riskAssessmentModerate: r.moderate,
    riskAssessmentHigh: r.high,
  }));
}

/** The most names a prefix search answers. */
export const ASSESSMENT_NAME_SEARCH_LIMIT = 50;

export async function searchNames(db: Db, prefix: string): Promise<AssessmentNameEntry[]> {
  return searchAssessmentNames(db, prefix, ASSESSMENT_NAME_SEARCH_LIMIT);
}
