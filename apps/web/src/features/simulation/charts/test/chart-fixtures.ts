import type { PlanTypeDetail } from '@predict/shared';
import { COHORT_SETS, COMBINATION_SETS, someSets, W1_SETS } from '../../test/result-fixtures';
import type { PlanKind } from '../utils/chart-ids';

// The engine's result sets (test/result-fixtures.ts), trimmed to the sets the charts read.
const CHART_SETS = [
  'summaryTable',
  'siteGroupChartMonthly',
  'siteGroupChartWeekly',
  'regionChartMonthly',
  'regionChartWeekly',
] as const;
/** examples/w1.json: one group (Germany), 100 enrolled, with the forecast band. */
export const ratesSets = someSets(W1_SETS, CHART_SETS);
/** examples/cohort.json: two groups, three sequential cohorts, no band (cohort plans get none). */
export const cohortSets = someSets(COHORT_SETS, [...CHART_SETS, 'cohortChartMonthly', 'cohortTimelineChart']);
/** examples/combination.json: five groups of two plans, monthly charts and the summary only. */
export const combinationSets = someSets(COMBINATION_SETS, [
  'summaryTable',
  'siteGroupChartMonthly',
  'regionChartMonthly',
]);

const TYPES: Record<PlanTypeDetail, PlanKind> = {
  Rates: { studyPlanType: 1, studyPlanTypeDetail: 'Rates', cohortType: 0 },
  Duration: { studyPlanType: 2, studyPlanTypeDetail: 'Duration', cohortType: 0 },
  'Cohort (D)': { studyPlanType: 2, studyPlanTypeDetail: 'Cohort (D)', cohortType: 2 },
  'Remodel (D)': { studyPlanType: 2, studyPlanTypeDetail: 'Remodel (D)', cohortType: 0 },
  'Remodel (R)': { studyPlanType: 1, studyPlanTypeDetail: 'Remodel (R)', cohortType: 0 },
  'Combination (D)': { studyPlanType: 2, studyPlanTypeDetail: 'Combination (D)', cohortType: 0 },
  'Combination (R)': { studyPlanType: 1, studyPlanTypeDetail: 'Combination (R)', cohortType: 0 },
};

/** The type fields of a plan of the given type detail. */
export const planKind = (detail: PlanTypeDetail): PlanKind => TYPES[detail];
