export { PlanReviewPage } from './components/plan-review-page';
export { usePlanCheck } from './hooks/use-plan-check';
