import type { StudyPlan } from '@predict/shared';
import { useMemo } from 'react';
import { planKindOf } from '@/features/plan-shell';
import { countryTabs, draftFromGroup, hasCountryIssue, type CountryDraft } from '../utils/country-draft';
import { changedRows, type RowSources } from '../utils/step2-rows';
import { useActivationDefaults } from './use-activation-defaults';
import { useComputedMilestones } from './use-computed-milestones';
import { useCountryDraftEdits } from './use-country-draft-edits';
import { useCountryValidation } from './use-country-validation';
import { useMilestoneDates } from './use-milestone-dates';

export const isRemodel = (plan: StudyPlan) => plan.studyPlanTypeDetail.startsWith('Remodel');

/**
 * The page's state: the saved drafts (from the plan), the user's edits over them, the computed milestone dates
 * (POST /ctpo/milestonedates as edits come in), every field message, and the server's messages of the last save.
 */
export function useStep2Drafts(plan: StudyPlan) {
  const tabs = useMemo(() => countryTabs(plan), [plan]);
  const forced = isRemodel(plan);
  const kind = planKindOf(plan);
  const saved = useMemo(() => {
    const map = new Map<number, CountryDraft>();
    for (const t of tabs)
      if (!hasCountryIssue(t.group)) map.set(t.group.studyPlanSiteGroupId, draftFromGroup(t.group, forced));
    return map;
  }, [tabs, forced]);
  const ids = useMemo(() => [...saved.keys()], [saved]);
  const { drafts, serverMessages, change, showServerMessages, discard, takeSavedSites } =
    useCountryDraftEdits(saved);

  // Computed dates do not change what is unsaved, so they are left out here (and the request does not loop).
  const unsaved = useMemo(() => changedRows(ids, drafts, saved, () => null), [ids, drafts, saved]);
  const dates = useMilestoneDates(plan.studyPlanId, plan.rowVersion, unsaved.tables, ids.length > 0);
  const { computed, shown } = useComputedMilestones(tabs, drafts, dates.data);

  const { activationResets, defaultPoints, resetActivation } = useActivationDefaults({
    planType: plan.studyPlanType,
    saved,
    drafts,
    forced,
    change,
  });
  const { validation, message } = useCountryValidation({
    plan,
    sequential: kind.sequential,
    tabs,
    drafts,
    computed,
    activationResets,
    serverMessages,
  });

  const values = [...validation.values()];
  return {
    tabs,
    drafts,
    saved,
    ids,
    forcedOverride: forced,
    scenarioB: kind.scenario === 'scenario-b',
    sequential: kind.sequential,
    unsaved,
    hasChanges: unsaved.changed.size > 0,
    blocking: values.some((v) => v.blocking),
    seasonalInvalid: values.some((v) => v.seasonalInvalid),
    datesNotice: dates.data?.notice ?? null,
    computed,
    shown,
    message,
    change,
    defaultPoints,
    activationResets,
    resetActivation,
    showServerMessages,
    discard,
    takeSavedSites,
    /** The rows Save Draft sends (computed rows carry their computed date) and where each came from. */
    saveRows: () => changedRows(ids, drafts, saved, computed),
  };
}

export type Step2Drafts = ReturnType<typeof useStep2Drafts>;
export type { RowSources };
