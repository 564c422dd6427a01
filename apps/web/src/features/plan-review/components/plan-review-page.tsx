import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ReadyPlanRoute, PlanStepHeader, planStepPath } from '@/features/plan-shell';
import { isSequentialPlan } from '@/features/sequential-cohorts';
import { overallInputRows, studyDetailRows } from '../utils/overall-rows';
import { ReviewActions } from './review-actions';
import { ReviewCohorts } from './review-cohorts';
import { ReviewCountryTabs } from './review-country-tabs';
import { ReviewSection } from './review-section';
import { SummaryList } from './summary-list';

const initialTab = (param: string | null) => {
  const n = Number(param);
  return param !== null && Number.isInteger(n) && n >= 0 ? n : 0;
};

/**
 * Step 3, Review Study Plan (spec/1 section 2): everything the plan holds, read-only, with Edit links for
 * editors, and the run of the simulation.
 */
export function PlanReviewPage({ route }: { route: ReadyPlanRoute }) {
  const plan = route.plan!;
  const [search] = useSearchParams();
  const [tab, setTab] = useState(() => initialTab(search.get('country')));
  const tabsRef = useRef<HTMLDivElement>(null);
  const step1 = (anchor: string) =>
    route.editable ? `${planStepPath(route.studyId, plan.studyPlanId, 1)}#${anchor}` : undefined;

  const viewDifferentCountry = () => {
    const tabs = tabsRef.current;
    tabs?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    tabs?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  };

  return (
    <Stack spacing={2}>
      <PlanStepHeader
        studyId={route.studyId}
        planId={plan.studyPlanId}
        active={3}
        disabled={!route.editable}
        details={{
          name: plan.studyPlanName,
          description: plan.studyPlanDescr,
          croStart: plan.croProjectStartDateMillis,
          protocol: plan.finalProtocolStartDateMillis,
        }}
      />
      <ReviewSection title="Study Details" level={2} editTo={step1('details')}>
        <SummaryList rows={studyDetailRows(plan)} />
      </ReviewSection>
      <ReviewSection title="Overall Inputs" level={2} editTo={step1('overall-inputs')}>
        <SummaryList rows={overallInputRows(plan)} />
      </ReviewSection>
      <ReviewSection title="Countries & Site Groups" level={2}>
        <ReviewCountryTabs
          plan={plan}
          tab={tab}
          onTabChange={setTab}
          editable={route.editable}
          tabsRef={tabsRef}
        />
      </ReviewSection>
      {isSequentialPlan(plan) && <ReviewCohorts plan={plan} tab={tab} editable={route.editable} />}
      <ReviewActions
        route={route}
        plan={plan}
        onViewDifferentCountry={plan.countries.length > 1 ? viewDifferentCountry : null}
      />
    </Stack>
  );
}
