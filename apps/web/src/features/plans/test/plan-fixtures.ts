import type { PlanReturnRow, StudyPlanListRow } from '@predict/shared';

/** A plan row as GET /ctpo/plans/study/{studyId} sends it: plan n of study 7, a Draft Duration plan by default. */
export function planRow(n: number, overrides: Partial<StudyPlanListRow> = {}): StudyPlanListRow {
  return {
    studyPlanId: 100 + n,
    studyId: 7,
    studyPlanName: `Plan ${n}`,
    studyPlanDescr: `Description ${n}`,
    studyPlanVersion: 1,
    studyPlanType: 2,
    studyPlanTypeDetail: 'Duration',
    cohortType: 0,
    scenarioStatus: 'Draft',
    opportunityStage: 'Proposal Sent',
    ownedBy: 'Pat Planner',
    insertBy: 'Pat Planner',
    insertDate: '2026-01-01T10:00:00.000Z',
    updateBy: 'Pat Planner',
    updateDate: `2026-02-${String(n).padStart(2, '0')}T10:00:00.000Z`,
    publishBy: null,
    publishTs: null,
    actualStep: 1,
    clonedStudyPlanId: null,
    simOptRunId: null,
    simOptRunStatus: null,
    rowVersion: 3,
    isEditable: true,
    isDeletable: true,
    ...overrides,
  };
}

export const okRow = (overrides: Partial<PlanReturnRow> = {}): PlanReturnRow[] => [
  { returnCode: '200', studyPlanId: 900, ...overrides },
];
