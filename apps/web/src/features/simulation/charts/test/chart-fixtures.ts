import type { PlanTypeDetail, ResultSets } from '@predict/shared';
import type { PlanKind } from '../utils/chart-ids';
import cohortJson from './fixtures/cohort-sets.json';
import combinationJson from './fixtures/combination-sets.json';
import ratesJson from './fixtures/rates-sets.json';

// The fixtures are the engine CLI's output (npm run simulate -w packages/engine -- examples/<x>.json
// --replications 200), trimmed to the sets the charts read. JSON imports widen the string unions ('MONTH'),
// hence the casts.
/** examples/w1.json: one group (Germany), 100 enrolled, with the forecast band. */
export const ratesSets = ratesJson as unknown as Partial<ResultSets>;
/** examples/cohort.json: two groups, three sequential cohorts, no band (cohort plans get none). */
export const cohortSets = cohortJson as unknown as Partial<ResultSets>;
/** examples/combination.json: five groups of two plans, monthly charts and the summary only. */
export const combinationSets = combinationJson as unknown as Partial<ResultSets>;

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
