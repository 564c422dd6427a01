import type { ChainDates, StudyPlan } from '@predict/shared';
import { useCallback, useMemo } from 'react';
import { hasCountryIssue, type CountryDraft, type CountryTab } from '../utils/country-draft';
import { validateCountryDraft, type CountryValidation } from '../utils/validate-country-draft';
import type { ServerMessages } from './use-country-draft-edits';

interface CountryValidationArgs {
  plan: StudyPlan;
  sequential: boolean;
  tabs: CountryTab[];
  drafts: Map<number, CountryDraft>;
  computed: (id: number, milestoneId: number) => number | null;
  activationResets: (id: number) => boolean;
  serverMessages: ServerMessages;
}

/** The live rules of every country tab; a field shows their message first, else the server's of the last save. */
export function useCountryValidation({
  plan,
  sequential,
  tabs,
  drafts,
  computed,
  activationResets,
  serverMessages,
}: CountryValidationArgs) {
  const validation = useMemo(() => {
    const map = new Map<number, CountryValidation>();
    for (const t of tabs) {
      if (hasCountryIssue(t.group)) continue;
      const id = t.group.studyPlanSiteGroupId;
      const draft = drafts.get(id);
      if (!draft) continue;
      const chain: Record<number, number | null> = {};
      for (const m of draft.milestones) chain[m.milestoneId] = computed(id, m.milestoneId);
      map.set(
        id,
        validateCountryDraft(draft, chain as ChainDates, {
          planType: plan.studyPlanType,
          sequential,
          seasonalOptional: t.group.enrollmentVariations.length === 0,
          activationResets: activationResets(id),
        }),
      );
    }
    return map;
  }, [tabs, drafts, computed, plan.studyPlanType, sequential, activationResets]);

  const message = useCallback(
    (id: number, key: string) => validation.get(id)?.messages[key] ?? serverMessages.get(id)?.[key],
    [validation, serverMessages],
  );
  return { validation, message };
}
