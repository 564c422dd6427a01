export { PlanStep1Route, PlanStep2Route, PlanReviewRoute } from './components/plan-step-routes';
export { PlanStepHeader } from './components/plan-step-header';
export { resumePlanPath, planStepPath, UNKNOWN_STEP_MESSAGE } from './utils/plan-routes';
