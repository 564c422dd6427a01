import type { ReadyPlanRoute } from '@/features/plan-shell';
import { isSequentialPlan, useCohortEditor } from '@/features/sequential-cohorts';
import { useCountryTab } from './use-country-tab';
import { useScrollToHash } from './use-scroll-to-hash';
import { useStep2Drafts } from './use-step2-drafts';
import { useStep2Leave } from './use-step2-leave';
import { useStep2Save } from './use-step2-save';

/**
 * What step 2 edits and how: the country drafts, a sequential plan's cohort table, saving and leaving, the chosen
 * country tab, and what the unsaved changes allow (save, go on).
 */
export function useStep2State(route: ReadyPlanRoute) {
  const plan = route.plan!;
  const drafts = useStep2Drafts(plan);
  const cohortEditor = useCohortEditor(plan, { readOnly: route.readOnly, step: 2 });
  const sequentialPlan = isSequentialPlan(plan);
  const cohorts = sequentialPlan ? cohortEditor : null;
  const saver = useStep2Save(plan, drafts, cohorts);
  const dirty = drafts.hasChanges || (cohorts?.isDirty ?? false);
  const leave = useStep2Leave({
    studyId: route.studyId,
    planId: plan.studyPlanId,
    dirty,
    save: saver.save,
    discard: () => {
      drafts.discard();
      cohorts?.reset();
    },
  });

  const { tabs } = drafts;
  const { tabIndex, selectTab } = useCountryTab(tabs.length);
  const disabled = saver.saving || Boolean(saver.conflict);
  // Cohort errors on show block saving and going on like the country tables' (spec/1 section 5).
  const blocking = drafts.blocking || (cohorts?.blocking ?? false);
  // The cohort section waits for its table; the country sections are there with the tab.
  useScrollToHash(tabs.length > 0 && (cohorts === null || cohorts.loadState === 'resolved'));

  return {
    plan,
    drafts,
    cohorts,
    sequentialPlan,
    ...saver,
    dirty,
    leave,
    tabs,
    tabIndex,
    selectTab,
    tab: tabs[tabIndex],
    canEdit: !route.readOnly,
    hasCtis: tabs.some((t) => t.group?.isCtisEligible),
    disabled,
    blocking,
    saveDisabled: !dirty || disabled || blocking,
  };
}

export type Step2State = ReturnType<typeof useStep2State>;
