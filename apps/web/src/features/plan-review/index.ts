export { PlanReviewPage } from './components/plan-review-page';
export { usePlanCheck } from './hooks/use-plan-check';
export { SummaryList } from './components/summary-list';
export { overallInputRows, studyDetailRows } from './utils/overall-rows';
