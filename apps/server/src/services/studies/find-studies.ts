import { searchTerm, type StudyDetails, type StudyListQuery, type StudyListResponse } from '@predict/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../http-errors';
import { listLivePlans } from '../../repositories/plans-repository';
import { findStudy, listStudies, searchStudies } from '../../repositories/studies-repository';

/** The study list page: search by PCN, sponsor or indication ('*' or empty means all), filters, sort, page. */
export async function listStudyPage(db: Db, query: StudyListQuery): Promise<StudyListResponse> {
  const { rows, total } = await listStudies(db, query, searchTerm(query.search));
  return { rows, total, page: query.page, pageSize: query.pageSize };
}

/** Autocomplete: at most `limit` studies for the text (the wildcard and / # \ & are ignored). */
export async function searchStudiesByText(db: Db, text: string, limit: number) {
  return searchStudies(db, searchTerm(text), limit);
}

/** One study with its details; 404 when it does not exist. */
export async function getStudyDetails(db: Db, studyId: number): Promise<StudyDetails> {
  const s = await findStudy(db, studyId);
  if (!s) throw notFound('Study');
  const plans = await listLivePlans(db, studyId);
  return {
    studyId: s.studyId,
    projectId: s.projectId,
    studyName: s.studyName,
    sponsorName: s.sponsorName,
    opportunityStage: s.opportunityStage,
    proposalVersion: s.proposalVersion,
    proposalDueDate: s.proposalDueDate,
    therapeuticArea: s.therapeuticArea,
    therapeuticFranchise: s.therapeuticFranchise,
    indication: s.indication,
    investigationalProductName: s.investigationalProductName,
    phase: s.phase,
    protocolId: s.protocolId,
    protocolTitle: s.protocolTitle,
    proposalBudgeterName: s.proposalBudgeterName,
    proposalStrategyName: s.proposalStrategyName,
    soeName: s.soeName,
    soeDescription: s.soeDescription,
    isDemo: s.isDemo,
    studyPlans: plans.map((p) => ({ studyPlanId: p.studyPlanId, studyPlanName: p.studyPlanName })),
  };
}
