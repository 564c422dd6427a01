// The plan shell: what every plan step shares (the plan API, the route gate, the step header, the step action bar,
// the form model and the plan paths). The steps (plan-editor, plan-countries, plan-review) build on it; it imports
// none of them.
export { planQueryOptions, usePlan, useStudyPlanRows, saveStep1 } from './api/plan-api';
export { acceptNumericText, NumericField, DateField, CountedTextField } from './components/form-fields';
export { PlanRouteGate, type ReadyPlanRoute } from './components/plan-route-gate';
export {
  PlanStepHeader,
  LEAVE_STEP_MESSAGE,
  missingPlanDetails,
  type PlanStepHeaderProps,
} from './components/plan-step-header';
export { PlanStepActions, type PlanStepActionsProps } from './components/plan-step-actions';
export { UnsavedChangesDialog } from './components/unsaved-changes-dialog';
export { usePlanRoute, type PlanRouteState } from './hooks/use-plan-route';
export {
  emptyPlanForm,
  planFormFromPlan,
  planKindOf,
  planKindFromQuery,
  countrySitesOf,
  formContext,
  dayToNoonUtcMillis,
  millisToDay,
  step1Body,
  newPlanBody,
  changedFieldsBody,
  type PlanFormModel,
  type PlanKind,
} from './utils/plan-form-model';
export {
  PLAN_STEP_DEFS,
  UNKNOWN_STEP_MESSAGE,
  studyPath,
  forecastHistoryPath,
  planStepPath,
  resumePlanPath,
  type PlanStep,
} from './utils/plan-routes';
