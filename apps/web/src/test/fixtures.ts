import type { CurrentUser, StudyDetails, StudyListRow } from '@predict/shared';

export const testUser: CurrentUser = {
  userId: 'u-1',
  username: 'pat.planner',
  name: 'Pat Planner',
  firstName: 'Pat',
  lastName: 'Planner',
  email: 'pat.planner@example.com',
  locale: 'en-GB',
  groups: ['app_PremierPredict_Users', 'Domain Users'],
  roles: { readOnly: false, admin: false },
};

export const readOnlyUser: CurrentUser = {
  ...testUser,
  groups: ['app_PremierPredict_ReadOnly'],
  roles: { readOnly: true, admin: false },
};

export function studyRow(n: number, overrides: Partial<StudyListRow> = {}): StudyListRow {
  return {
    studyId: n,
    projectId: `P-${String(n).padStart(3, '0')}`,
    studyName: `Study ${n}`,
    sponsorName: `Sponsor ${n}`,
    opportunityStage: 'Proposal Sent',
    enrollmentPlanExists: 'Y',
    soeExists: 'N',
    soeCosts: 'Y',
    soeClinicalInformatics: 'N',
    soeDataManagement: 'Y',
    enrollmentPlanLastUpdate: '2026-03-05T23:30:00.000Z',
    soeLastUpdate: null,
    ...overrides,
  };
}

export function studyDetails(overrides: Partial<StudyDetails> = {}): StudyDetails {
  return {
    studyId: 7,
    projectId: 'P-007',
    studyName: 'A Phase III Study of Examplumab',
    sponsorName: 'Acme Pharma',
    opportunityStage: 'Proposal Sent',
    proposalVersion: 'v2',
    proposalDueDate: '2026-04-01T00:00:00.000Z',
    therapeuticArea: 'Oncology',
    therapeuticFranchise: 'Solid Tumours',
    indication: 'NSCLC',
    investigationalProductName: 'Examplumab',
    phase: 'III',
    protocolId: 'EX-301',
    protocolTitle: 'Examplumab versus standard of care',
    proposalBudgeterName: 'Bea Budget',
    proposalStrategyName: 'Stan Strategy',
    soeName: 'SOE main',
    soeDescription: 'Main schedule',
    isDemo: true,
    studyPlans: [
      { studyPlanId: 1, studyPlanName: 'Base plan' },
      { studyPlanId: 2, studyPlanName: 'Fast plan' },
    ],
    ...overrides,
  };
}
