export { PlanReviewPage } from './components/plan-review-page';
