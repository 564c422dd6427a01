export * from './site-id-effort';
export * from './time';
export { round2, roundTo } from './rounding';
export * from './model/prepared-plan';
export * from './model/calendar';
// Input side: schema, milestone chain, prepare, plan line, result sets.
export * from './input/schema';
// The input rules and their messages, shared with the plan and admin forms through packages/shared.
export * from './input/numeric-rules';
export * from './input/patient-rules';
export * from './input/rate-or-count';
export * from './input/activation-profile-rules';
export * from './input/seasonal-variation-rules';
export * from './input/validate-cohorts';
export * from './prepare/milestone-chain';
export * from './prepare/activation';
export * from './prepare/prepare-plan';
export * from './prepare/solve-duration';
export * from './plan-line/types';
export * from './plan-line/compute-plan-line';
export { firstPositiveDay, reachDay } from './plan-line/milestones';
export * from './results/types';
export * from './results/result-sets';
export * from './results/periods';
export * from './results/build-result-sets';
export { ENROLLMENT_MILESTONES, milestoneLevels } from './results/tables';
export { forecastForResults } from './results/from-forecast';
// Forecast side: seeded generator, Monte Carlo, analytic fast path.
export * from './rng';
export * from './forecast';
export * from './analytic';
// Sequential cohorts: the plan-line chain and the cohort result sets.
export * from './scenarios/cohorts';
export * from './results/cohort-types';
export { cohortResultSets, cohortCurves } from './results/cohort-sets';
export { cohortPhaseLabels, type CohortPhaseLabels } from './results/cohort-summary';
export { cohortPlanLine } from './scenarios/cohort-plan-line';
export * from './scenarios/scenario-b';
export * from './scenarios/scenario-b-sites';
// Scenarios: remodel (actuals + go-forward projection) and combination of plans.
export * from './scenarios/remodel';
export { remodelForecastChunk } from './results/remodel-forecast';
export * from './scenarios/combination';
// The pipeline: raw input -> job -> replication chunks (worker threads) -> result sets.
export * from './pipeline';
export { ENGINE_VERSION } from './version';
// Schedule of Events costs: visit totals, currency, occurrences, forecast tables (design/soe-costing.md).
export * from './costs';
export * from './portfolio';
