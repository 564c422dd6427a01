import { useLocation } from 'react-router';
import { PlanRouteGate } from '@/features/plan-shell';
import { Step2Editor } from '@/features/plan-countries';
import { Step1Editor, step1EditorKey } from '@/features/plan-editor';
import { PlanReviewPage } from '@/features/plan-review';

/** /ctpo/study-plans/:studyId/:planId/ — step 1; read-only users and non-Draft plans go to review. */
export function PlanStep1Route() {
  const { state } = useLocation();
  // key: another plan starts from its own saved values; a new plan just saved keeps its editor (and its typing).
  return (
    <PlanRouteGate editing>
      {(route) => <Step1Editor key={step1EditorKey(route, state)} route={route} />}
    </PlanRouteGate>
  );
}

/** /ctpo/study-plans/:studyId/:planId/countries-and-site-groups — step 2. */
export function PlanStep2Route() {
  return (
    <PlanRouteGate editing needsSavedPlan>
      {(route) => <Step2Editor key={route.planParam} route={route} />}
    </PlanRouteGate>
  );
}

/** /ctpo/study-plans/:studyId/:planId/review — step 3, open to everyone who may view the plan. */
export function PlanReviewRoute() {
  return (
    <PlanRouteGate editing={false} needsSavedPlan>
      {(route) => <PlanReviewPage route={route} />}
    </PlanRouteGate>
  );
}
