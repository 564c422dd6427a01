import {
  COHORT_RESULT_SETS,
  ORDINARY_RESULT_SETS,
  resultSetUrl,
  runSettingsUrl,
  type CurrentUser,
  type ResultSetName,
  type ResultSets,
  type SimulationRunSettings,
  type SimulationStatus,
  type StudyPlan,
} from '@predict/shared';
import { StudyPlanSimulationRoute } from '@/app/routes/study-plan-simulation';
import { planFixture } from '@/features/plan-shell/test/plan-shell-test-utils';
import type { FetchMock } from '@/test/fetch-mock';
import { testUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';

import { W1_SETS } from './result-fixtures';

/** The engine's result sets of examples/w1.json and examples/cohort.json: the shapes the server stores and serves. */
export { COHORT_SETS, W1_SETS } from './result-fixtures';

export const PLAN_ID = 42;
export const STUDY_ID = 7;
export const SIM_PATH = `/ctpo/study-plans/${STUDY_ID}/${PLAN_ID}/simulation`;
export const STATUS_PATH = `/ctpo/simulation/status/plan/${PLAN_ID}`;

export const simPlan = (overrides: Partial<StudyPlan> = {}) =>
  planFixture({
    studyPlanId: PLAN_ID,
    studyId: STUDY_ID,
    scenarioStatus: 'Baseline Plan',
    isEditable: false,
    simOptRunId: '5',
    simOptRunStatus: 'COMPLETED_OK',
    ...overrides,
  });

/**
 * The uncertainty settings of run 5 as the server stores them (the engine's defaults but country CV 0.3, site
 * inactivation 0.15, a 60-day ramp-up from 0.4 of the rate and a decay of 0.05 per year).
 */
export const RUN_SETTINGS: SimulationRunSettings = {
  simOptRunId: 5,
  source: 'run',
  uncertainty: {
    studyRateCv: 0.2,
    startupCv: 0.25,
    siteRateCv: 0.8,
    nonEnrollingProbability: 0,
    countryRateCv: 0.3,
    siteInactivationPerYear: 0.15,
    siteRampUpDays: 60,
    siteRampUpStart: 0.4,
    siteDecayPerYear: 0.05,
  },
};

export const status = (
  simOptRunStatus: SimulationStatus['simOptRunStatus'],
  overrides: Partial<SimulationStatus> = {},
): SimulationStatus => ({
  simOptRunId: 5,
  simOptRunStatus,
  simOptRunMsg: null,
  simOptRunDetail: null,
  ...overrides,
});

/** The API of the screen: the plan, its status and every result set (decoded paths, as the mock matches them). */
export function serveSimulation(
  server: FetchMock,
  {
    plan = simPlan(),
    runStatus = status('COMPLETED_OK'),
    sets = W1_SETS,
    settings = RUN_SETTINGS,
  }: {
    plan?: StudyPlan;
    runStatus?: SimulationStatus | (() => SimulationStatus);
    sets?: Partial<ResultSets>;
    settings?: SimulationRunSettings;
  } = {},
) {
  server.on('GET', `/ctpo/plan/${plan.studyPlanId}`, plan);
  server.on('GET', runSettingsUrl(plan.studyPlanId), () => settings);
  server.on('GET', STATUS_PATH, () => (typeof runStatus === 'function' ? runStatus() : runStatus));
  for (const name of [...ORDINARY_RESULT_SETS, ...COHORT_RESULT_SETS] as ResultSetName[]) {
    const value = sets[name];
    if (value !== undefined)
      server.on('GET', decodeURIComponent(resultSetUrl(name, plan.studyPlanId)), () => value);
  }
}

/** The requests of result sets (the run's settings, GET /ctpo/results/settings, are no set). */
export const resultRequests = (server: FetchMock) =>
  server.requests.filter(
    (r) =>
      /^\/ctpo\/(results|charts|regioncharts|cohort|cohortcharts)\//.test(r.url.pathname) &&
      !r.url.pathname.startsWith('/ctpo/results/settings/'),
  );

export function renderSimulation({
  route = SIM_PATH,
  user = testUser,
}: { route?: string; user?: CurrentUser } = {}) {
  return renderScreen(<StudyPlanSimulationRoute />, {
    route,
    path: '/ctpo/study-plans/:studyId/:planId/simulation',
    user,
  });
}
