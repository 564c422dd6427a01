import type { DemoStudy } from '../../src/seed/load-demo-data';

/** A study fixture with neutral defaults; tests override what they look at. */
export function study(overrides: Partial<DemoStudy> & { projectId: string }): DemoStudy {
  return {
    studyName: `Study ${overrides.projectId}`,
    sponsorName: 'Test Sponsor',
    opportunityStage: 'Proposal Sent',
    proposalVersion: '1',
    proposalDueDate: '2026-01-15',
    therapeuticArea: 'Oncology',
    therapeuticFranchise: 'Solid Tumors',
    indication: 'Melanoma',
    investigationalProductName: 'TST-001',
    phase: 'Phase III',
    protocolId: `PROT-${overrides.projectId}`,
    protocolTitle: 'A test protocol',
    proposalBudgeterName: 'B. Budgeter',
    proposalStrategyName: 'S. Lead',
    soeName: null,
    soeDescription: null,
    enrollmentPlanExists: false,
    soeExists: false,
    soeCosts: false,
    soeClinicalInformatics: false,
    soeDataManagement: false,
    enrollmentPlanLastUpdate: null,
    soeLastUpdate: null,
    ...overrides,
  };
}
