import type { MilestoneDatesResponse } from '@predict/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { savedComputedDates, type CountryDraft, type CountryTab } from '../utils/country-draft';

/**
 * The computed date of every milestone row: the latest answer of the milestone-dates call, else the date the
 * plan was saved with. `shown` is what the row displays: the user's own date while it is overridden.
 */
export function useComputedMilestones(
  tabs: CountryTab[],
  drafts: Map<number, CountryDraft>,
  answer: MilestoneDatesResponse | undefined,
) {
  // The latest computed date of every row; an overridden row keeps the one it had, for unticking.
  const [answered, setAnswered] = useState<Map<number, Map<number, number | null>>>(new Map());
  useEffect(() => {
    if (!answer) return;
    setAnswered((prev) => {
      const next = new Map(prev);
      for (const c of answer.countries) {
        const rows = new Map(next.get(c.studyPlanSiteGroupId));
        for (const m of c.milestones)
          if (m.isUserOverride === 0) rows.set(m.milestoneId, m.milestoneDateMillis);
        next.set(c.studyPlanSiteGroupId, rows);
      }
      return next;
    });
  }, [answer]);
  const savedDates = useMemo(
    () =>
      new Map(
        tabs.flatMap((t) =>
          t.group ? [[t.group.studyPlanSiteGroupId, savedComputedDates(t.group)] as const] : [],
        ),
      ),
    [tabs],
  );
  const computed = useCallback(
    (id: number, milestoneId: number): number | null => {
      const fromAnswer = answered.get(id);
      if (fromAnswer?.has(milestoneId)) return fromAnswer.get(milestoneId) ?? null;
      return savedDates.get(id)?.get(milestoneId) ?? null;
    },
    [answered, savedDates],
  );
  const shown = useCallback(
    (id: number, milestoneId: number): number | null => {
      const row = drafts.get(id)?.milestones.find((m) => m.milestoneId === milestoneId);
      return row?.isUserOverride === 1 ? row.milestoneDateMillis : computed(id, milestoneId);
    },
    [drafts, computed],
  );
  return { computed, shown };
}
