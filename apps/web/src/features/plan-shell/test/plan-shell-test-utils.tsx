import { StudyPlanListRow, type CurrentUser, type StudyPlan } from '@predict/shared';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '@/app/providers';
import { CurrentUserContext } from '@/features/auth';
import { testUser } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { PlanReviewRoute, PlanStep1Route, PlanStep2Route } from '@/app/routes/plan-steps';

/** 2026-01-15 and 2026-03-01 at noon UTC. */
export const CRO_START = Date.UTC(2026, 0, 15, 12);
export const PROTOCOL = Date.UTC(2026, 2, 1, 12);

export function planFixture(overrides: Partial<StudyPlan> = {}): StudyPlan {
  const parameter = (
    id: number,
    name: string,
    lowerBound: number | null,
    upperBound: number | null = null,
  ) => ({
    studyPlanParameterId: id,
    parameterScope: 'study' as const,
    parameterId: id,
    parameterName: name,
    parameterDescr: null,
    lowerBound,
    upperBound,
    comments: null,
    countryId: null,
    studyPlanSiteGroupId: null,
  });
  const milestone = (id: number, name: string, lowerBound: number | null) => ({
    studyPlanMilestoneGoalId: id,
    milestoneScope: 'study' as const,
    milestoneId: id,
    milestoneName: name,
    milestoneDescr: null,
    milestoneLabel: null,
    lowerBound,
    upperBound: null,
    levelOfConfidence: -1,
    comments: null,
    milestoneDateMillis: null,
    isUserOverride: 0 as const,
    countryId: null,
    studyPlanSiteGroupId: null,
  });
  return {
    studyPlanId: 42,
    studyId: 7,
    studyPlanName: 'Base plan',
    studyPlanDescr: 'The base case',
    studyPlanVersion: 1,
    studyPlanType: 1,
    studyPlanTypeDetail: 'Rates',
    cohortType: 0,
    scenarioStatus: 'Draft',
    opportunityStage: 'Proposal Sent',
    ownedBy: 'Pat Planner',
    insertBy: 'Pat Planner',
    insertDate: '2026-01-01T00:00:00.000Z',
    updateBy: 'Pat Planner',
    updateDate: '2026-01-01T00:00:00.000Z',
    publishBy: null,
    publishTs: null,
    actualStep: 1,
    clonedStudyPlanId: null,
    simOptRunId: null,
    simOptRunStatus: null,
    rowVersion: 3,
    isEditable: true,
    isDeletable: true,
    projectId: 'P-007',
    studyName: 'A Phase III Study of Examplumab',
    sponsorName: 'Acme Pharma',
    isPersonalDraft: false,
    templateFlag: false,
    actualAsOfDate: null,
    comments: null,
    indication: null,
    protocolTitle: null,
    simOptRunMsg: null,
    simOptSecondsSpentLimit: null,
    simOptUnimprovedScoreCalculationLimit: null,
    croProjectStartToSiteIdDuration: null,
    siteIdToFinalProtocolDuration: null,
    regApprovalToFSIVDuration: null,
    screeningPeriodDuration: 28,
    treatmentDuration: 180,
    followUpDuration: 30,
    tfedToDbLockDuration: 45,
    dbLocktoCSRDuration: 90,
    csrToTMFCloseAndReturnDuration: 60,
    overallEnrollmentDuration: null,
    enrollmentRate: 0.5,
    screenFailRate: 0.2,
    dropOutRate: 0.1,
    croProjectStartDateMillis: CRO_START,
    finalProtocolStartDateMillis: PROTOCOL,
    pauseEnrollmentAfterPatient: null,
    pauseEnrollmentDays: null,
    uncertainty: {
      studyRateCv: 0.2,
      startupCv: 0.2,
      siteRateCv: 0.3,
      nonEnrollingProbability: 0.1,
      countryRateCv: 0.5,
      siteInactivationPerYear: 0,
      siteRampUpDays: 0,
      siteRampUpStart: 0.5,
      siteDecayPerYear: 0,
    },
    dtlPhaseName: 'DTL',
    srcPhaseName: 'SRC',
    parameters: [parameter(1, 'SITES_TO_ACTIVATE', 20), parameter(2, 'SUBJECTS_TO_SCREEN', 300)],
    milestones: [
      milestone(3, 'NUM_SUBJECTS_ENROLLED', null),
      milestone(4, 'NUM_SUBJECTS_TREATED', null),
      milestone(5, 'NUM_SUBJECTS_COMPLETED', 150),
    ],
    countries: [],
    cohorts: [],
    ctisSubmissions: [],
    combinationMemberIds: [],
    ...overrides,
  };
}

/** A row of the study's plan list (zod drops the plan-only fields), for the name-uniqueness rule. */
export function planRow(id: number, name: string): StudyPlanListRow {
  return StudyPlanListRow.parse(planFixture({ studyPlanId: id, studyPlanName: name }));
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** The three step routes as the app mounts them; any other address shows a location probe. */
export function renderPlanEditor(route: string, user: CurrentUser = testUser) {
  const queryClient = createTestQueryClient();
  const withUser = (element: ReactNode) => (
    <CurrentUserContext.Provider value={user}>
      {element}
      <LocationProbe />
    </CurrentUserContext.Provider>
  );
  const router = createMemoryRouter(
    [
      { path: '/ctpo/study-plans/:studyId/:planId', element: withUser(<PlanStep1Route />) },
      {
        path: '/ctpo/study-plans/:studyId/:planId/countries-and-site-groups',
        element: withUser(<PlanStep2Route />),
      },
      { path: '/ctpo/study-plans/:studyId/:planId/review', element: withUser(<PlanReviewRoute />) },
      { path: '*', element: withUser(null) },
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, user: userEvent.setup() };
}

export const location = (router: ReturnType<typeof renderPlanEditor>['router']) =>
  router.state.location.pathname + router.state.location.search;
